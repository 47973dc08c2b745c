import { dayMeasurements } from './loadProfile';
import { clockHour, madridDay } from './madridTime';
import {
  easterSunday,
  goodFriday,
  hourPeriod,
  hourPeriodNumbers,
  isNationalHoliday,
  isTariffRestDay,
  nationalHolidays,
  periodAt,
  periodLabel,
  tariffPeriodCodes,
} from './tariffPeriods';

/** The periods of a local day's hours, in order (23, 24 or 25 of them). */
function dayPeriods(tariff: string, iso: string): string[] {
  const { hours } = madridDay(iso);
  return Array.from({ length: hours }, (_, index) => periodAt(tariff, iso, clockHour(hours, index)));
}

const repeat = (period: string, count: number) => Array<string>(count).fill(period);

describe('national holidays', () => {
  it('computes Good Friday from Easter', () => {
    expect([2024, 2025, 2026, 2027].map(easterSunday)).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
    ]);
    expect(goodFriday(2026)).toBe('2026-04-03');
    expect(nationalHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-01-06',
      '2026-04-03',
      '2026-05-01',
      '2026-08-15',
      '2026-10-12',
      '2026-11-01',
      '2026-12-06',
      '2026-12-08',
      '2026-12-25',
    ]);
    expect(isNationalHoliday('2025-04-18')).toBe(true);
    expect(isNationalHoliday('2025-04-17')).toBe(false);
  });

  it('lets demand rest on Good Friday but keeps its weekday tariff periods (CNMC: no fixed date)', () => {
    expect(isTariffRestDay('2026-04-03')).toBe(false);
    expect(periodAt('2.0TD', '2026-04-03', 10)).toBe('P1');
    const profile = { kind: 'terciario' as const, meanKw: 10, solarKw: 0, seed: 5 };
    const total = (iso: string) => dayMeasurements(profile, iso).reduce((sum, hour) => sum + hour.active, 0);
    // An office on Good Friday uses what it uses on a Sunday, far less than on the Thursday before.
    expect(total('2026-04-03')).toBeLessThan(total('2026-04-02') * 0.5);
  });
});

describe('2.0TD', () => {
  it('a weekday: P3 Valle 0-8 h, P2 Llano 8-10, 14-18, 22-24 h, P1 Punta 10-14 and 18-22 h', () => {
    expect(dayPeriods('2.0TD', '2026-11-24')).toEqual([
      ...repeat('P3', 8),
      ...repeat('P2', 2),
      ...repeat('P1', 4),
      ...repeat('P2', 4),
      ...repeat('P1', 4),
      ...repeat('P2', 2),
    ]);
  });

  it('Saturdays, Sundays and fixed national holidays are P3 all day', () => {
    for (const iso of ['2026-11-28', '2026-11-29', '2026-12-08', '2026-01-06', '2026-10-12']) {
      expect(dayPeriods('2.0TD', iso)).toEqual(repeat('P3', 24));
    }
  });

  it('the 23- and 25-hour days keep their clock-hour periods', () => {
    expect(dayPeriods('2.0TD', '2026-03-29')).toEqual(repeat('P3', 23));
    expect(dayPeriods('2.0TD', '2026-10-25')).toEqual(repeat('P3', 25));
  });

  it('names its periods Punta, Llano and Valle', () => {
    expect(tariffPeriodCodes('2.0TD').map((code) => periodLabel('2.0TD', code))).toEqual([
      'P1 Punta',
      'P2 Llano',
      'P3 Valle',
    ]);
  });
});

describe('3.0TD and 6.1TD (six periods by season)', () => {
  const weekday = (peak: string, shoulder: string) => [
    ...repeat('P6', 8),
    shoulder,
    ...repeat(peak, 5),
    ...repeat(shoulder, 4),
    ...repeat(peak, 4),
    ...repeat(shoulder, 2),
  ];

  it.each([
    ['2026-01-13', 'alta', 'P1', 'P2'],
    ['2026-07-14', 'alta', 'P1', 'P2'],
    ['2026-03-10', 'media alta', 'P2', 'P3'],
    ['2026-11-17', 'media alta', 'P2', 'P3'],
    ['2026-06-09', 'media', 'P3', 'P4'],
    ['2026-09-15', 'media', 'P3', 'P4'],
    ['2026-04-14', 'baja', 'P4', 'P5'],
    ['2026-10-13', 'baja', 'P4', 'P5'],
  ])('%s is a weekday of the %s season: %s and %s, P6 at night', (iso, _season, peak, shoulder) => {
    expect(dayPeriods('3.0TD', iso)).toEqual(weekday(peak, shoulder));
    expect(dayPeriods('6.1TD', iso)).toEqual(weekday(peak, shoulder));
  });

  it('rest days are P6 all day, the changes of hour included', () => {
    for (const iso of ['2026-01-10', '2026-05-01', '2026-12-25']) {
      expect(dayPeriods('3.0TD', iso)).toEqual(repeat('P6', 24));
    }
    expect(dayPeriods('6.1TD', '2026-03-29')).toEqual(repeat('P6', 23));
    expect(dayPeriods('3.0TD', '2026-10-25')).toEqual(repeat('P6', 25));
  });
});

describe('the access fees before 2021', () => {
  it('2.0A bills one period, 2.0DHA two with punta moving with summer time, 2.0DHS three', () => {
    expect(tariffPeriodCodes('2.0A')).toEqual(['P1']);
    expect(dayPeriods('2.0A', '2026-11-24')).toEqual(repeat('P1', 24));
    expect(dayPeriods('2.0DHA', '2026-01-13')).toEqual([
      ...repeat('P2', 12),
      ...repeat('P1', 10),
      ...repeat('P2', 2),
    ]);
    expect(dayPeriods('2.0DHA', '2026-07-14')).toEqual([
      ...repeat('P2', 13),
      ...repeat('P1', 10),
      ...repeat('P2', 1),
    ]);
    expect(dayPeriods('2.1DHS', '2026-07-14')).toEqual([
      'P2',
      ...repeat('P3', 6),
      ...repeat('P2', 6),
      ...repeat('P1', 10),
      'P2',
    ]);
  });

  it('3.1A rests until 18 h on holidays, counting the repeated hour of October twice', () => {
    expect(dayPeriods('3.1A', '2026-10-25')).toEqual([...repeat('P3', 19), ...repeat('P2', 6)]);
  });

  it('6.1A follows its day types: August and rest days P6, spring days P5 from 8 h', () => {
    expect(dayPeriods('6.1A', '2026-08-12')).toEqual(repeat('P6', 24));
    expect(dayPeriods('6.1A', '2026-04-14')).toEqual([...repeat('P6', 8), ...repeat('P5', 16)]);
    expect(dayPeriods('6.1A', '2026-01-13').slice(10, 13)).toEqual(repeat('P1', 3));
  });
});

describe('hourPeriod: the period of a metered hour (1..23/24/25)', () => {
  const meteredDay = (tariff: string, iso: string) =>
    Array.from({ length: madridDay(iso).hours }, (_, index) => hourPeriod(tariff, iso, index + 1));

  it('follows the clock on the 25-hour day: hour 19 of 3.1A on 25 October 2026 is 17-18 h, still P3', () => {
    expect(hourPeriod('3.1A', '2026-10-25', 19)).toBe('P3');
    expect(hourPeriod('3.1A', '2026-10-25', 20)).toBe('P2');
    // 2.0DHA keeps the summer table that day (its midnight is summer time): Punta from 13 h, which is
    // metered hour 15 once the clock has gone back.
    expect(meteredDay('2.0DHA', '2026-10-25').indexOf('P1') + 1).toBe(15);
  });

  it('follows the clock on the 23-hour day: hour 3 of 29 March 2026 starts at 03:00', () => {
    expect(meteredDay('2.1DHS', '2026-03-29').slice(0, 8)).toEqual([
      'P2',
      'P3',
      'P3',
      'P3',
      'P3',
      'P3',
      'P2',
      'P2',
    ]);
  });

  it.each([
    ['6.1TD', '2026-11-28', 'a Saturday', 24],
    ['6.1TD', '2026-12-08', 'a national holiday', 24],
    ['6.1TD', '2026-10-25', 'the 25-hour day', 25],
    ['3.0TD', '2026-03-29', 'the 23-hour day', 23],
    ['3.0TD', '2026-08-15', 'a national holiday on a Saturday', 24],
  ])('%s on %s (%s) is P6 in all its %i hours', (tariff, iso, _what, hours) => {
    expect(meteredDay(tariff, iso)).toEqual(repeat('P6', hours));
  });
});

describe('hourPeriodNumbers', () => {
  it.each(['2.0TD', '3.0TD'])(
    '%s: the period of every hour of a year, the DST days included, as hourPeriod',
    (tariff) => {
      const hours = [];
      for (let day = Date.UTC(2025, 0, 1); day <= Date.UTC(2025, 11, 31); day += 86_400_000) {
        const iso = new Date(day).toISOString().slice(0, 10);
        hours.push(...Array.from({ length: madridDay(iso).hours }, (_, i) => ({ date: iso, hour: i + 1 })));
      }
      const numbers = hourPeriodNumbers(tariff, hours);
      expect(numbers).toHaveLength(8760);
      expect([...numbers].map((n) => `P${n}`)).toEqual(hours.map((h) => hourPeriod(tariff, h.date, h.hour)));
    },
  );
});
