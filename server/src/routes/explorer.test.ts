import type { ExplorerAnswer } from '../contract/measurements';
import { shares } from '../data/explorer';
import { addDays, addMonths, toDashDate } from '../measurements/dates';
import { madridDay, madridToday } from '../measurements/madridTime';
import { contractsOf, customerTokens, type TestContract } from '../../test/contracts';
import { createTestApp, type TestApp } from '../../test/testApp';
import { BAD_DATE, RANGE_INVERTED, RANGE_TOO_LONG } from './measurementQueries';
import { RANGE_TOO_LONG_WIDE } from './explorer';

let t: TestApp;
let tokens: Record<string, string>;

let homeSolar: TestContract;
let oneFee: TestContract;
let sixPeriods: TestContract;
let gas: TestContract;
let otherCustomers: TestContract;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await customerTokens(t.app);
  const demo = await contractsOf(t.db, 'demo');
  homeSolar = demo.find((c) => c.tariff === '2.0TD')!;
  oneFee = demo.find((c) => c.tariff === '2.0DHA')!;
  sixPeriods = demo.find((c) => c.tariff === '6.1TD')!;
  gas = demo.find((c) => c.line === 'Gas' && c.state === 'Contrato')!;
  otherCustomers = (await contractsOf(t.db, 'demo2')).find((c) => c.line === 'Electricidad')!;
});

afterAll(async () => {
  await t.close();
});

function explore(
  contract: TestContract,
  params: Record<string, string>,
  { user = 'demo', realm = 'cliente' } = {},
) {
  return t.app.inject({
    method: 'GET',
    url: `/api/${realm}/ov/cups/api/curvas/explorar?${new URLSearchParams({
      contractCode: contract.code,
      cups: contract.cups,
      ...params,
    })}`,
    headers: tokens[user] ? { authorization: `Bearer ${tokens[user]}` } : {},
  });
}

async function answer(contract: TestContract, params: Record<string, string>): Promise<ExplorerAnswer> {
  const response = await explore(contract, params);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('buckets', () => {
  it('a year by day is 365 points (366 in a leap year), each split by the tariff periods', async () => {
    const year = await answer(homeSolar, { startDate: '01-01-2025', endDate: '31-12-2025' });
    expect(year.granularity).toBe('day');
    expect(year.series.date).toHaveLength(365);
    expect(year.series.date.slice(0, 2)).toEqual(['2025-01-01', '2025-01-02']);
    expect(year.series.start[0]).toBe(madridDay('2025-01-01').midnight);
    expect(year.series.hours[0]).toBe(24);
    expect(year.series.hours[year.series.date.indexOf('2025-03-30')]).toBe(23);
    expect(year.series.hours[year.series.date.indexOf('2025-10-26')]).toBe(25);
    expect(sum(year.series.hours)).toBe(8760);
    expect(Object.keys(year.series.byPeriod!)).toEqual(['P1', 'P2', 'P3']);
    expect(year.series.hour).toBeUndefined();
    year.series.active.forEach((active, index) => {
      const byPeriod = (['P1', 'P2', 'P3'] as const).map((code) => year.series.byPeriod![code]![index]);
      expect(Math.abs(sum(byPeriod) - active)).toBeLessThanOrEqual(0.003);
    });
    const leap = await answer(homeSolar, { startDate: '01-01-2024', endDate: '31-12-2024' });
    expect(leap.series.date).toHaveLength(366);
  });

  it('a year by hour: every metered hour with its period, the 23- and 25-hour days numbered 1..23 and 1..25', async () => {
    const year = await answer(sixPeriods, {
      startDate: '01-01-2026',
      endDate: '31-10-2026',
      granularity: 'hour',
    });
    const { series } = year;
    expect(series.byPeriod).toBeUndefined();
    expect(series.date).toHaveLength(sum(series.hours));
    const day = (iso: string) => series.date.flatMap((date, index) => (date === iso ? [index] : []));
    expect(day('2026-03-29').map((index) => series.hour![index])).toEqual(
      Array.from({ length: 23 }, (_, i) => i + 1),
    );
    const october = day('2026-10-25');
    expect(october).toHaveLength(25);
    // The repeated 02:00 of October is hours 3 and 4, an hour apart in UTC.
    expect(series.start[october[3]] - series.start[october[2]]).toBe(3_600_000);
    // 6.1TD on a January weekday (alta): P6 at night, P2 8-9 h, P1 9-14 h.
    const tuesday = day('2026-01-13').map((index) => series.period![index]);
    expect(tuesday.slice(0, 10)).toEqual([...Array(8).fill('P6'), 'P2', 'P1']);
    expect(day('2026-01-10').map((index) => series.period![index])).toEqual(Array(24).fill('P6'));
  });

  it('weeks start on Monday and months and years are clipped to the range', async () => {
    const weeks = await answer(homeSolar, {
      startDate: '01-01-2025',
      endDate: '31-01-2025',
      granularity: 'week',
    });
    expect(weeks.series.date).toEqual(['2025-01-01', '2025-01-06', '2025-01-13', '2025-01-20', '2025-01-27']);
    expect(weeks.series.hours).toEqual([5 * 24, 168, 168, 168, 5 * 24]);
    expect(weeks.series.start[1]).toBe(madridDay('2025-01-06').midnight);
    const months = await answer(homeSolar, {
      startDate: '15-01-2025',
      endDate: '31-03-2025',
      granularity: 'month',
    });
    expect(months.series.date).toEqual(['2025-01-15', '2025-02-01', '2025-03-01']);
    expect(months.series.hours).toEqual([17 * 24, 28 * 24, 31 * 24 - 1]);
    const years = await answer(homeSolar, {
      startDate: '01-06-2024',
      endDate: '28-02-2025',
      granularity: 'year',
    });
    expect(years.series.date).toEqual(['2024-06-01', '2025-01-01']);
    expect(years.series.hours).toEqual([(30 + 31 + 31 + 30 + 31 + 30 + 31) * 24 + 1, 59 * 24]);
  });

  it('sums over the periods to the total, with shares that add up to 100', async () => {
    for (const contract of [homeSolar, oneFee, sixPeriods]) {
      const month = await answer(contract, {
        startDate: '01-02-2026',
        endDate: '28-02-2026',
        granularity: 'week',
      });
      const { periods, totals } = month;
      expect(periods.map((period) => period.code)).toEqual(
        month.contract.periods.map((period) => period.code),
      );
      expect(Math.abs(sum(periods.map((period) => period.kwh)) - totals.active)).toBeLessThanOrEqual(
        0.001 * periods.length,
      );
      expect(sum(periods.map((period) => period.share))).toBeCloseTo(100, 5);
      expect(sum(month.series.active)).toBeCloseTo(totals.active, 2);
      expect(totals.hours).toBe(28 * 24);
      expect(totals.net).toBeCloseTo(totals.active - totals.surplus, 3);
    }
  });

  it("the day totals are the sums of the load curve's hours (one model)", async () => {
    const curve = await t.app.inject({
      url: `/api/cliente/ov/cups/api/curvas?${new URLSearchParams({
        contractCode: homeSolar.code,
        startDate: '20-03-2026',
        endDate: '05-04-2026',
      })}`,
      headers: { authorization: `Bearer ${tokens.demo}` },
    });
    const hours: { dateRecord: string; activeEnergy: number; pasiveEnergy: number }[] =
      curve.json().Curvas.select;
    const days = await answer(homeSolar, { startDate: '20-03-2026', endDate: '05-04-2026' });
    expect(days.series.date).toHaveLength(17);
    days.series.date.forEach((date, index) => {
      const ofDay = hours.filter((hour) => hour.dateRecord === toDashDate(date));
      expect(days.series.hours[index]).toBe(ofDay.length);
      expect(days.series.active[index]).toBeCloseTo(sum(ofDay.map((hour) => hour.activeEnergy)), 3);
      expect(days.series.surplus[index]).toBeCloseTo(sum(ofDay.map((hour) => hour.pasiveEnergy)), 3);
    });
  });
});

it('shares add up to 100 exactly, the rest going to the largest remainders', () => {
  expect(shares([1, 1, 1])).toEqual([33.4, 33.3, 33.3]);
  expect(shares([2, 1, 1, 1, 1, 1])).toEqual([28.5, 14.3, 14.3, 14.3, 14.3, 14.3]);
  expect(shares([0, 0])).toEqual([0, 0]);
});

describe('the range answered', () => {
  it('is cut to the metered history: nothing before the contract or the history is an empty 200', async () => {
    const empty = await answer(homeSolar, {
      startDate: '01-01-2010',
      endDate: '31-12-2010',
      granularity: 'month',
    });
    expect(empty.series.date).toEqual([]);
    expect(empty.series.byPeriod).toEqual({ P1: [], P2: [], P3: [] });
    expect(empty.totals).toEqual({ active: 0, surplus: 0, net: 0, hours: 0, estimated: 0 });
    expect(empty.dataUntil).toBeNull();
    expect(empty.periods.map((period) => period.share)).toEqual([0, 0, 0]);
    expect(empty.power.every((power) => power.maxKw === null && !power.exceeded)).toBe(true);
  });

  it('ends yesterday, and says until when: the end of the last hour with data', async () => {
    const today = madridToday();
    const running = await answer(homeSolar, {
      startDate: toDashDate(addDays(today, -10)),
      endDate: toDashDate(addDays(today, 10)),
    });
    expect(running.to).toBe(addDays(today, -1));
    expect(running.series.date.at(-1)).toBe(addDays(today, -1));
    expect(running.dataUntil).toEqual({ date: addDays(today, -1), time: '24:00' });
    const spring = await answer(homeSolar, {
      startDate: '29-03-2026',
      endDate: '29-03-2026',
      granularity: 'hour',
    });
    expect(spring.dataUntil).toEqual({ date: '2026-03-29', time: '24:00' });
    const autumn = await answer(homeSolar, {
      startDate: '25-10-2026',
      endDate: '25-10-2026',
      granularity: 'hour',
    });
    expect(autumn.series.hour!.at(-1)).toBe(25);
    expect(autumn.dataUntil).toEqual({ date: '2026-10-25', time: '24:00' });
  });
});

describe('year against year', () => {
  it('overlays the same range a year earlier, compared only up to the last day both years have', async () => {
    const today = madridToday();
    const from = addDays(today, -20);
    const to = addDays(today, 10);
    const view = await answer(homeSolar, {
      startDate: toDashDate(from),
      endDate: toDashDate(to),
      compare: 'true',
    });
    const comparison = view.comparison!;
    expect(comparison.from).toBe(addMonths(from, -12));
    expect(comparison.to).toBe(addMonths(to, -12));
    // Last year has all 31 days, this year only up to yesterday: the comparison stops there.
    expect(comparison.series.date).toHaveLength(31);
    expect(comparison.cutoff).toBe(addDays(today, -1));
    expect(comparison.currentKwh).toBeCloseTo(view.totals.active, 3);
    const lastYearCut = addMonths(addDays(today, -1), -12);
    const previous = comparison.series.date.flatMap((date, index) =>
      date <= lastYearCut ? [comparison.series.active[index]] : [],
    );
    expect(previous).toHaveLength(20);
    expect(comparison.previousKwh).toBeCloseTo(sum(previous), 2);
    expect(comparison.previousKwh).toBeLessThan(sum(comparison.series.active));
    expect(comparison.differenceKwh).toBeCloseTo(comparison.currentKwh - comparison.previousKwh, 3);
    expect(comparison.differencePercent).toBeCloseTo(
      (100 * comparison.differenceKwh) / comparison.previousKwh,
      1,
    );
    expect(comparison.series.shiftedStart[0]).toBe(madridDay(from).midnight);
  });

  it("draws the earlier hours on this year's axis, 29 February on the 28th", async () => {
    const view = await answer(homeSolar, {
      startDate: '28-02-2025',
      endDate: '01-03-2025',
      granularity: 'hour',
      compare: 'true',
    });
    const { series } = view.comparison!;
    expect(series.date.filter((date) => date === '2024-02-29')).toHaveLength(24);
    const first29 = series.date.indexOf('2024-02-29');
    expect(series.shiftedStart[first29]).toBe(madridDay('2025-02-28').midnight);
    expect(series.shiftedStart[first29 + 5]).toBe(madridDay('2025-02-28').midnight + 5 * 3_600_000);
    expect(view.comparison!.cutoff).toBe('2025-03-01');
  });

  it('has nothing to compare with before the history', async () => {
    const view = await answer(homeSolar, { startDate: '01-11-2023', endDate: '30-11-2023', compare: 'true' });
    expect(view.series.date).toHaveLength(30);
    expect(view.comparison).toMatchObject({ cutoff: null, previousKwh: 0, differencePercent: null });
    expect(view.comparison!.series.date).toEqual([]);
  });
});

describe('power against the contracted power', () => {
  it('gives the highest hour per period and marks where it exceeded the contracted kW', async () => {
    const range = { startDate: '01-01-2026', endDate: '31-01-2026', granularity: 'month' };
    const before = await answer(sixPeriods, range);
    const p1 = before.power.find((power) => power.code === 'P1')!;
    expect(p1.maxKw).toBeGreaterThan(0);
    expect(p1.exceeded).toBe(false);
    const hours = await answer(sixPeriods, { ...range, granularity: 'hour' });
    const highest = Math.max(...hours.series.active.filter((_, i) => hours.series.period![i] === 'P1'));
    expect(p1.maxKw).toBe(highest);
    const at = hours.series.start.indexOf(p1.maxStart!);
    expect([hours.series.date[at], hours.series.hour![at]]).toEqual([p1.maxDate, p1.maxHour]);

    await t.db
      .updateTable('contracts')
      .set({ power_p1: p1.maxKw! - 0.5 })
      .where('id', '=', sixPeriods.id)
      .execute();
    try {
      const after = await answer(sixPeriods, range);
      expect(after.power.find((power) => power.code === 'P1')).toMatchObject({
        contractedKw: p1.maxKw! - 0.5,
        exceeded: true,
      });
      expect(after.power.filter((power) => power.exceeded).map((power) => power.code)).toEqual(['P1']);
    } finally {
      await t.db
        .updateTable('contracts')
        .set({ power_p1: p1.contractedKw })
        .where('id', '=', sixPeriods.id)
        .execute();
    }
  });

  it('2.0TD: power P1 for the P1 and P2 hours, power P2 for the P3 hours; a one-power fee uses P1 for all', async () => {
    await t.db
      .updateTable('contracts')
      .set({ power_p1: 4.6, power_p2: 5.75 })
      .where('id', '=', homeSolar.id)
      .execute();
    const range = { startDate: '01-02-2026', endDate: '28-02-2026', granularity: 'month' };
    const home = await answer(homeSolar, range);
    // 2.0TD has two power periods, as its bill: one row each, the highest hour of the periods it covers.
    expect(home.power.map((power) => [power.label, power.contractedKw])).toEqual([
      ['P1', 4.6],
      ['P2', 5.75],
    ]);
    const hours = await answer(homeSolar, { ...range, granularity: 'hour' });
    const highestOf = (codes: string[]) =>
      Math.max(...hours.series.active.filter((_, i) => codes.includes(hours.series.period![i])));
    expect(home.power.map((power) => power.maxKw)).toEqual([highestOf(['P1', 'P2']), highestOf(['P3'])]);
    const old = await answer(oneFee, range);
    const contracted = old.power.map((power) => power.contractedKw);
    expect(contracted).toHaveLength(2);
    expect(contracted[1]).toBe(contracted[0]);
    expect(contracted[0]).toBeGreaterThan(0);
  });
});

describe('errors', () => {
  const week = { startDate: '02-02-2026', endDate: '08-02-2026' };

  it("answers 404 for another customer's contract, another CUPS, a gas contract and an administrator; 401 without a session", async () => {
    for (const response of [
      await explore(otherCustomers, week),
      await explore({ ...homeSolar, cups: otherCustomers.cups }, week),
      await explore(gas, week),
      await explore(homeSolar, week, { user: 'admin', realm: 'fincas' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, message: expect.any(String), error: expect.any(String) });
    }
    expect((await explore(homeSolar, week, { user: 'nobody' })).statusCode).toBe(401);
  });

  it('refuses bad input with the Spanish text, never a 5xx', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ startDate: '01-01-2025', endDate: '02-01-2026' }, RANGE_TOO_LONG],
      [{ startDate: '01-01-2025', endDate: '02-01-2026', granularity: 'hour' }, RANGE_TOO_LONG],
      [{ startDate: '01-01-2021', endDate: '02-01-2026', granularity: 'month' }, RANGE_TOO_LONG_WIDE],
      [{ startDate: '10-02-2026', endDate: '01-02-2026', granularity: 'year' }, RANGE_INVERTED],
      [{ startDate: '31-02-2026', endDate: '01-03-2026' }, BAD_DATE],
    ];
    for (const [params, text] of cases) {
      const response = await explore(homeSolar, params);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, message: text, error: text });
    }
    const invalid: Record<string, string>[] = [
      { ...week, granularity: 'decade' },
      { ...week, compare: 'maybe' },
      { startDate: '2026-02-02', endDate: '08-02-2026' },
      { endDate: '08-02-2026' },
    ];
    for (const params of invalid) {
      const response = await explore(homeSolar, params);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^Datos no válidos: /);
    }
    const decade = await explore(homeSolar, { ...week, granularity: 'decade' });
    expect(decade.json().error).toBe('Datos no válidos: granularity no es un valor admitido');
    const fiveYears = await explore(homeSolar, {
      startDate: '02-01-2021',
      endDate: '02-01-2026',
      granularity: 'week',
    });
    expect(fiveYears.statusCode).toBe(200);
  });
});
