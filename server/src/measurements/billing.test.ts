import { electricityBill, gasBill, withReadings } from './billing';
import type { HourlyMeasurement } from './loadProfile';
import { madridDay } from './madridTime';
import { GAS_CONVERSION_FACTOR, pricesFor } from './prices';
import { hourPeriod } from './tariffPeriods';

/** Every hour of the days from `from` to `to` with the same draw and surplus. */
function flatHours(from: string, to: string, active: number, surplus = 0): HourlyMeasurement[] {
  const hours: HourlyMeasurement[] = [];
  for (let day = new Date(`${from}T00:00:00Z`); day <= new Date(`${to}T00:00:00Z`);) {
    const iso = day.toISOString().slice(0, 10);
    for (let hour = 1; hour <= madridDay(iso).hours; hour += 1) {
      hours.push({ date: iso, hour, startsAt: 0, active, reactive: 0, surplus, estimated: false });
    }
    day = new Date(day.getTime() + 86_400_000);
  }
  return hours;
}

const home = { tariff: '2.0TD', powers: [4.6, 4.6] };

describe('electricityBill', () => {
  it('puts every hour in the period hourPeriod gives it, across both clock changes (6.1TD, six periods)', () => {
    // Each hour a different draw, so an hour counted in a neighbour's period changes the sums.
    const hours = flatHours('2026-03-01', '2026-10-31', 0).map((hour, i) => ({
      ...hour,
      active: (i % 97) + 1,
    }));
    const tariff = '6.1TD';
    const bill = electricityBill(
      { tariff, powers: [30, 30, 30, 30, 30, 40] },
      { from: '2026-03-01', until: '2026-10-31', launchDate: '2026-11-05' },
      hours,
    );
    const expected = new Map<string, number>();
    for (const hour of hours) {
      const code = hourPeriod(tariff, hour.date, hour.hour);
      expected.set(code, (expected.get(code) ?? 0) + hour.active);
    }
    expect(bill.detail.energy.map((term) => [term.period, term.kwh])).toEqual(
      [...expected]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, kwh]) => [code, Math.round(kwh * 100) / 100]),
    );
  });

  it('splits a month’s hours by the 2.0TD calendar and prices each period', () => {
    // November 2026: 21 weekdays (8 h P1, 8 h P2, 8 h P3 each), 9 rest days (24 h P3), 1 kWh an hour.
    const bill = electricityBill(
      home,
      { from: '2026-11-01', until: '2026-11-30', launchDate: '2026-12-05' },
      flatHours('2026-11-01', '2026-11-30', 1),
    );
    expect(bill.detail.energy.map((term) => [term.label, term.kwh])).toEqual([
      ['P1 Punta', 168],
      ['P2 Llano', 168],
      ['P3 Valle', 384],
    ]);
    const prices = pricesFor('2.0TD', '2026-11-01');
    expect(bill.detail.energy[0].amount).toBe(Math.round(168 * prices.energy[0] * 100) / 100);
    expect(bill.detail.power.map((term) => [term.label, term.kw, term.days])).toEqual([
      ['P1 Punta', 4.6, 30],
      ['P2 Valle', 4.6, 30],
    ]);
    expect(bill.consumptionKwh).toBe(720);
    expect(bill.detail.dueDate).toBe('2026-12-25');
  });

  it('taxes electricity at the rate of the period: 2,5 % in early 2024, 5,11269632 % from July 2024', () => {
    const month = (from: string, until: string) =>
      electricityBill(home, { from, until, launchDate: until }, flatHours(from, until, 0.5)).detail.tax.rate;
    expect(month('2024-02-01', '2024-02-29')).toBe(0.025);
    expect(month('2024-05-01', '2024-05-31')).toBe(0.038);
    expect(month('2024-09-01', '2024-09-30')).toBe(0.0511269632);
  });

  it('compensates surplus at most up to the energy term', () => {
    const period = { from: '2026-07-01', until: '2026-07-31', launchDate: '2026-08-05' };
    const small = electricityBill(home, period, flatHours('2026-07-01', '2026-07-31', 0.3, 0.05));
    expect(small.compensationAmount).toBe(small.detail.surplus!.amount);
    expect(small.compensationAmount).toBeLessThan(small.energyAmount);
    const large = electricityBill(home, period, flatHours('2026-07-01', '2026-07-31', 0.1, 2));
    expect(large.compensationAmount).toBe(large.energyAmount);
    expect(large.detail.tax.base).toBe(large.powerAmount);
  });

  it('chains meter readings from the previous bill', () => {
    const bill = electricityBill(
      home,
      { from: '2026-11-01', until: '2026-11-30', launchDate: '2026-12-05' },
      flatHours('2026-11-01', '2026-11-30', 1),
    );
    const { bill: read, registers } = withReadings(bill, [1000.6, 2000, 3000, 0, 0, 0]);
    expect(read.detail.readings.map((reading) => [reading.previous, reading.current])).toEqual([
      [1000, 1168],
      [2000, 2168],
      [3000, 3384],
    ]);
    expect(registers.slice(0, 3)).toEqual([1168.6, 2168, 3384]);
  });
});

describe('gasBill', () => {
  it('bills the whole m³ read × the conversion factor and a fixed term per day', () => {
    const period = { from: '2026-01-01', until: '2026-02-28', launchDate: '2026-03-06' };
    const bill = gasBill({ tariff: 'RL.1', caudal: 9.5 }, period, 1000, 500.9);
    const m3 = Math.floor(500.9 + 1000 / GAS_CONVERSION_FACTOR) - 500;
    expect(bill.consumptionKwh).toBe(Math.round(m3 * GAS_CONVERSION_FACTOR * 100) / 100);
    expect(bill.detail.power[0]).toMatchObject({ label: 'Término fijo', kw: 9.5, days: 59 });
    expect(bill.powerAmount).toBe(Math.round(59 * pricesFor('RL.1', '2026-01-01').power[0] * 100) / 100);
    const { bill: read } = withReadings(bill, [500.9]);
    expect(read.detail.readings).toEqual([
      { period: 'Consumo', previous: 500, current: 500 + m3, unit: 'm³' },
    ]);
  });
});
