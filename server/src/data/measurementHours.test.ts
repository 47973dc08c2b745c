import { createTestApp, type TestApp } from '../../test/testApp';
import { addDays } from '../measurements/dates';
import { madridDay } from '../measurements/madridTime';
import { hourPeriod } from '../measurements/tariffPeriods';
import { dayMeasurements } from '../measurements/loadProfile';
import { ensureMeasurementHours } from './measurementHours';
import { meteredRange, profileOf } from './measurements';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** An electricity contract of the demo data that started within the history, so its hours are few. */
async function contractNamed(tariff: string) {
  return t.db
    .selectFrom('contracts')
    .select(['id', 'tariff', 'start_date', 'end_date'])
    .where('line', '=', 'Electricidad')
    .where('tariff', '=', tariff)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

const storedCount = async (contractId: number) =>
  Number(
    (
      await t.db
        .selectFrom('measurement_hours')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('contract_id', '=', contractId)
        .executeTakeFirstOrThrow()
    ).count,
  );

function hoursIn(from: string, to: string): number {
  let hours = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) hours += madridDay(day).hours;
  return hours;
}

describe('measurement_hours, the materialised model', () => {
  it('holds every metered hour after the first use, the same as the model, and grows as days close', async () => {
    const contract = await contractNamed('3.0TD');
    const profile = (await profileOf(t.db, contract.id))!;
    const today = '2026-06-10';
    const wanted = meteredRange(contract, { from: '0000-01-01', to: '9999-12-31' }, today)!;
    await ensureMeasurementHours(t.db, contract, profile, today);
    expect(await storedCount(contract.id)).toBe(hoursIn(wanted.from, wanted.to));

    // The autumn change: 25 rows, the model's figures and the calendar's periods (counted by clock hour).
    const stored = await t.db
      .selectFrom('measurement_hours')
      .selectAll()
      .where('contract_id', '=', contract.id)
      .where('date', '=', '2025-10-26')
      .orderBy('starts_at')
      .execute();
    const model = dayMeasurements(profile, '2025-10-26');
    expect(stored).toHaveLength(25);
    expect(stored.map((row) => [row.hour, Number(row.starts_at), row.active, row.estimated])).toEqual(
      model.map((hour) => [hour.hour, hour.startsAt, hour.active, hour.estimated ? 1 : 0]),
    );
    expect(stored.map((row) => row.period)).toEqual(
      model.map((hour) => hourPeriod(contract.tariff, hour.date, hour.hour)),
    );
    expect(new Set(stored.map((row) => row.week_start))).toEqual(new Set(['2025-10-20']));

    // Again the same day: nothing to add. Five days later: those five days' hours.
    await ensureMeasurementHours(t.db, contract, profile, today);
    expect(await storedCount(contract.id)).toBe(hoursIn(wanted.from, wanted.to));
    await ensureMeasurementHours(t.db, contract, profile, addDays(today, 5));
    expect(await storedCount(contract.id)).toBe(hoursIn(wanted.from, addDays(wanted.to, 5)));
  });

  it('sums each day of the hours into measurement_days: totals, kWh per period and its highest hour', async () => {
    const contract = await contractNamed('2.0TD');
    const profile = (await profileOf(t.db, contract.id))!;
    await ensureMeasurementHours(t.db, contract, profile, '2026-06-10');
    const hours = await t.db
      .selectFrom('measurement_hours')
      .selectAll()
      .where('contract_id', '=', contract.id)
      .orderBy('starts_at')
      .execute();
    const days = await t.db
      .selectFrom('measurement_days')
      .selectAll()
      .where('contract_id', '=', contract.id)
      .orderBy('date')
      .execute();
    // The same figures, summed here hour by hour in the order they happened.
    const expected = new Map<string, Record<string, number | string | null>>();
    for (const hour of hours) {
      const day = expected.get(hour.date) ?? {
        date: hour.date,
        week_start: hour.week_start,
        first_start: Number(hour.starts_at),
        hours: 0,
        active: 0,
        p1_kwh: 0,
        p2_kwh: 0,
        p3_kwh: 0,
        p1_max: null,
        p2_max: null,
        p3_max: null,
      };
      const period = hour.period.toLowerCase();
      day.hours = Number(day.hours) + 1;
      day.last_start = Number(hour.starts_at);
      day.active = Number(day.active) + hour.active;
      day[`${period}_kwh`] = Number(day[`${period}_kwh`]) + hour.active;
      if (day[`${period}_max`] === null || hour.active > Number(day[`${period}_max`])) {
        day[`${period}_max`] = hour.active;
        day[`${period}_max_at`] = Number(hour.starts_at);
      }
      expected.set(hour.date, day);
    }
    expect(days.map((day) => day.date)).toEqual([...expected.keys()]);
    for (const day of days) {
      const want = expected.get(day.date)!;
      const got: Record<string, unknown> = { ...day };
      for (const [column, value] of Object.entries(want)) {
        if (typeof value === 'number' && !Number.isInteger(value))
          expect(Number(got[column])).toBeCloseTo(value, 9);
        else expect(got[column] === null ? null : typeof value === 'number' ? Number(got[column]) : got[column]).toBe(value);
      }
      expect([day.p4_kwh, day.p5_max, day.p6_max_at]).toEqual([0, null, null]);
    }
    // A day of the autumn change: 25 hours, and a spring one: 23.
    expect(days.find((day) => day.date === '2025-10-26')?.hours).toBe(25);
    expect(days.find((day) => day.date === '2026-03-29')?.hours).toBe(23);
  });

  it('fills once when several first calls come at the same time', async () => {
    const contract = await contractNamed('6.1TD');
    const profile = (await profileOf(t.db, contract.id))!;
    const today = '2026-06-10';
    await Promise.all(
      Array.from({ length: 4 }, () => ensureMeasurementHours(t.db, contract, profile, today)),
    );
    const wanted = meteredRange(contract, { from: '0000-01-01', to: '9999-12-31' }, today)!;
    expect(await storedCount(contract.id)).toBe(hoursIn(wanted.from, wanted.to));
    const days = await t.db
      .selectFrom('measurement_days')
      .select((eb) => [eb.fn.countAll().as('days'), eb.fn.sum('hours').as('hours')])
      .where('contract_id', '=', contract.id)
      .executeTakeFirstOrThrow();
    expect([Number(days.days), Number(days.hours)]).toEqual([
      Math.round((Date.parse(wanted.to) - Date.parse(wanted.from)) / 86_400_000) + 1,
      hoursIn(wanted.from, wanted.to),
    ]);
  });
});
