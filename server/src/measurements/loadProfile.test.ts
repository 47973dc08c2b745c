import {
  dayMeasurements,
  type LoadProfile,
  measurementsBetween,
  measurementsInSlices,
  seedFromCode,
} from './loadProfile';
import { madridDay, madridOffsetAt, madridTimestamp } from './madridTime';

const home: LoadProfile = { kind: 'residencial', meanKw: 0.5, solarKw: 0, seed: 42 };
const office: LoadProfile = { kind: 'terciario', meanKw: 8, solarKw: 0, seed: 7 };
const solarHome: LoadProfile = { ...home, solarKw: 4.2 };

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** Mean active energy of the given clock hours over the working (or rest) days of a month. */
function meanAt(profile: LoadProfile, from: string, to: string, indexes: number[], restDays: boolean) {
  const hours = measurementsBetween(profile, from, to).filter((hour) => {
    const weekday = new Date(`${hour.date}T00:00:00Z`).getUTCDay();
    return (weekday === 0 || weekday === 6) === restDays && indexes.includes(hour.hour - 1);
  });
  return mean(hours.map((hour) => hour.active));
}

describe('Spanish daylight-saving days', () => {
  it.each([
    ['2025-03-30', 23],
    ['2026-03-29', 23],
    ['2025-10-26', 25],
    ['2026-10-25', 25],
    ['2026-03-28', 24],
    ['2026-10-26', 24],
    ['2026-07-15', 24],
  ])('%s has %i hours', (date, hours) => {
    expect(madridDay(date).hours).toBe(hours);
    expect(dayMeasurements(home, date).map((hour) => hour.hour)).toEqual(
      Array.from({ length: hours }, (_, i) => i + 1),
    );
  });

  it('starts each day at local midnight, in winter and summer time', () => {
    expect(new Date(madridDay('2026-01-10').midnight).toISOString()).toBe('2026-01-09T23:00:00.000Z');
    expect(new Date(madridDay('2026-07-10').midnight).toISOString()).toBe('2026-07-09T22:00:00.000Z');
    expect(new Date(madridDay('2026-03-29').midnight).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(madridDay('2026-10-25').midnight).toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });

  it('keeps a continuous hourly timeline across both changes', () => {
    const hours = measurementsBetween(home, '2026-03-27', '2026-10-27');
    hours.slice(1).forEach((hour, i) => expect(hour.startsAt - hours[i].startsAt).toBe(3_600_000));
  });

  it('labels the repeated October hour with both offsets', () => {
    const day = dayMeasurements(home, '2026-10-25').map((hour) => madridTimestamp(hour.startsAt));
    expect(day.slice(0, 5)).toEqual([
      '2026-10-25T00:00:00+02:00',
      '2026-10-25T01:00:00+02:00',
      '2026-10-25T02:00:00+02:00',
      '2026-10-25T02:00:00+01:00',
      '2026-10-25T03:00:00+01:00',
    ]);
    expect(madridOffsetAt(Date.UTC(2026, 2, 29, 0, 59))).toBe(1);
    expect(madridOffsetAt(Date.UTC(2026, 2, 29, 1))).toBe(2);
    const spring = dayMeasurements(home, '2026-03-29').map((hour) => madridTimestamp(hour.startsAt));
    expect(spring.slice(1, 3)).toEqual(['2026-03-29T01:00:00+01:00', '2026-03-29T03:00:00+02:00']);
  });
});

describe('load shapes', () => {
  it('has 8,760 hours in a year without 29 February', () => {
    expect(measurementsBetween(home, '2025-01-01', '2025-12-31')).toHaveLength(8760);
    expect(measurementsBetween(home, '2024-01-01', '2024-12-31')).toHaveLength(8784);
  });

  it('is deterministic and differs between contracts', () => {
    const first = measurementsBetween(home, '2026-02-01', '2026-02-07');
    expect(measurementsBetween(home, '2026-02-01', '2026-02-07')).toEqual(first);
    const other = measurementsBetween({ ...home, seed: 43 }, '2026-02-01', '2026-02-07');
    expect(other.map((hour) => hour.active)).not.toEqual(first.map((hour) => hour.active));
    expect(seedFromCode('100000123')).toBe(seedFromCode('100000123'));
    expect(seedFromCode('100000123')).not.toBe(seedFromCode('100000124'));
  });

  it('gives homes a night trough and morning and evening peaks', () => {
    const night = meanAt(home, '2026-02-01', '2026-02-28', [3, 4], false);
    const morning = meanAt(home, '2026-02-01', '2026-02-28', [8], false);
    const evening = meanAt(home, '2026-02-01', '2026-02-28', [20, 21], false);
    const midday = meanAt(home, '2026-02-01', '2026-02-28', [11], false);
    expect(morning).toBeGreaterThan(1.5 * night);
    expect(morning).toBeGreaterThan(midday);
    expect(evening).toBeGreaterThan(morning);
  });

  it('gives offices busy weekdays and quiet weekends', () => {
    const weekday = meanAt(office, '2026-04-01', '2026-04-30', [10, 11, 12], false);
    const weekend = meanAt(office, '2026-04-01', '2026-04-30', [10, 11, 12], true);
    expect(weekday).toBeGreaterThan(2.5 * weekend);
  });

  it('rises in winter for homes and in summer for offices', () => {
    const monthMean = (profile: LoadProfile, from: string, to: string) =>
      mean(measurementsBetween(profile, from, to).map((hour) => hour.active));
    expect(monthMean(home, '2026-01-01', '2026-01-31')).toBeGreaterThan(
      1.2 * monthMean(home, '2026-04-01', '2026-04-30'),
    );
    expect(monthMean(office, '2026-07-01', '2026-07-31')).toBeGreaterThan(
      1.2 * monthMean(office, '2026-04-01', '2026-04-30'),
    );
  });

  it('pours surplus into the grid only with solar panels, only by day, never while drawing from it', () => {
    expect(measurementsBetween(home, '2026-06-01', '2026-06-30').every((hour) => hour.surplus === 0)).toBe(
      true,
    );
    const june = measurementsBetween(solarHome, '2026-06-01', '2026-06-30');
    expect(june.filter((hour) => hour.surplus > 0).length).toBeGreaterThan(100);
    for (const hour of june) {
      expect(hour.active === 0 || hour.surplus === 0).toBe(true);
      if (hour.hour <= 6 || hour.hour >= 23) expect(hour.surplus).toBe(0);
    }
    const decemberSurplus = mean(
      measurementsBetween(solarHome, '2025-12-01', '2025-12-31').map((h) => h.surplus),
    );
    expect(mean(june.map((hour) => hour.surplus))).toBeGreaterThan(decemberSurplus);
  });
});

describe('a year in slices (issue 25)', () => {
  it('gives the same hours as one pass, letting other work run between its months', async () => {
    let finished = false;
    const sliced = measurementsInSlices(solarHome, '2025-01-01', '2025-12-31').then((hours) => {
      finished = true;
      return hours;
    });
    // Another request's turn: it must come before the year is done, not after.
    const otherRanWhileComputing = await new Promise<boolean>((resolve) =>
      setImmediate(() => resolve(!finished)),
    );
    expect(otherRanWhileComputing).toBe(true);
    expect(await sliced).toEqual(measurementsBetween(solarHome, '2025-01-01', '2025-12-31'));
  });

  it('stops between months once its client has gone away', async () => {
    const gone = new AbortController();
    const sliced = measurementsInSlices(home, '2025-01-01', '2025-12-31', gone.signal);
    gone.abort(new Error('el cliente se ha ido'));
    await expect(sliced).rejects.toThrow('el cliente se ha ido');
  });
});
