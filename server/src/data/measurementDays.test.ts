import { createTestApp, type TestApp } from '../../test/testApp';
import { addDays } from '../measurements/dates';
import { dayMeasurements } from '../measurements/loadProfile';
import { HOUR_MS, madridDay, madridToday } from '../measurements/madridTime';
import { hourPeriod } from '../measurements/tariffPeriods';
import { ensureMeasurementDays, recordDayReadings, storedHours } from './measurementDays';
import { meteredRange, profileOf } from './measurements';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** An electricity contract of the demo data with the tariff. */
async function contractNamed(tariff: string) {
  return t.db
    .selectFrom('contracts')
    .select(['id', 'tariff', 'start_date', 'end_date'])
    .where('line', '=', 'Electricidad')
    .where('tariff', '=', tariff)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

/** The stored days and hours of a contract. */
async function stored(contractId: number) {
  const row = await t.db
    .selectFrom('measurement_days')
    .select((eb) => [eb.fn.countAll().as('days'), eb.fn.sum('hours').as('hours')])
    .where('contract_id', '=', contractId)
    .executeTakeFirstOrThrow();
  return { days: Number(row.days), hours: Number(row.hours) };
}

/** Every day from `from` to `to` and their hours, counted on the calendar. */
function calendar(from: string, to: string) {
  let days = 0;
  let hours = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days += 1;
    hours += madridDay(day).hours;
  }
  return { days, hours };
}

const everything = { from: '0000-01-01', to: '9999-12-31' };

describe('measurement_days, the materialised model', () => {
  it('holds every metered day after the first use, its hours the same as the model, and grows as days close', async () => {
    const contract = await contractNamed('3.0TD');
    const profile = (await profileOf(t.db, contract.id))!;
    const today = '2026-06-10';
    const wanted = meteredRange(contract, everything, today)!;
    await ensureMeasurementDays(t.db, contract, profile, today);
    expect(await stored(contract.id)).toEqual(calendar(wanted.from, wanted.to));

    // The autumn change: 25 hours in order, the model's figures and the calendar's periods (by clock hour).
    const day = await t.db
      .selectFrom('measurement_days')
      .selectAll()
      .where('contract_id', '=', contract.id)
      .where('date', '=', '2025-10-26')
      .executeTakeFirstOrThrow();
    const hours = storedHours(day);
    const model = dayMeasurements(profile, '2025-10-26');
    expect([day.hours, hours.active.length]).toEqual([25, 25]);
    expect(hours.active).toEqual(model.map((hour) => hour.active));
    expect(hours.surplus).toEqual(model.map((hour) => hour.surplus));
    expect(hours.estimated).toEqual(model.map((hour) => hour.estimated));
    expect(hours.periods).toEqual(model.map((hour) => hourPeriod(contract.tariff, hour.date, hour.hour)));
    // Each hour starts an hour after the one before, also across the change.
    expect(model.map((hour) => hour.startsAt)).toEqual(
      model.map((_, index) => Number(day.first_start) + index * HOUR_MS),
    );
    expect(day.week_start).toBe('2025-10-20');

    // Again the same day: nothing to add. Five days later: those five days.
    await ensureMeasurementDays(t.db, contract, profile, today);
    expect(await stored(contract.id)).toEqual(calendar(wanted.from, wanted.to));
    await ensureMeasurementDays(t.db, contract, profile, addDays(today, 5));
    expect(await stored(contract.id)).toEqual(calendar(wanted.from, addDays(wanted.to, 5)));
  });

  it("sums each day's hours: totals, kWh per period and each period's highest hour, the earliest on a tie", async () => {
    const contract = await contractNamed('2.0TD');
    const profile = (await profileOf(t.db, contract.id))!;
    await ensureMeasurementDays(t.db, contract, profile, '2026-06-10');
    const days = await t.db
      .selectFrom('measurement_days')
      .selectAll()
      .where('contract_id', '=', contract.id)
      .orderBy('date')
      .execute();
    expect(days.length).toBeGreaterThan(365);
    for (const day of days) {
      // The same figures, summed here from the model hour by hour.
      const model = dayMeasurements(profile, day.date);
      const expected: Record<string, number | null> = {
        first_start: model[0].startsAt,
        last_start: model[model.length - 1].startsAt,
        hours: model.length,
        estimated: model.filter((hour) => hour.estimated).length,
        p1_max: null,
        p2_max: null,
        p3_max: null,
      };
      const sums: Record<string, number> = { active: 0, surplus: 0, p1_kwh: 0, p2_kwh: 0, p3_kwh: 0 };
      for (const hour of model) {
        const period = hourPeriod(contract.tariff, hour.date, hour.hour).toLowerCase();
        sums.active += hour.active;
        sums.surplus += hour.surplus;
        sums[`${period}_kwh`] += hour.active;
        const highest = expected[`${period}_max`];
        if (highest === null || hour.active > highest) {
          expected[`${period}_max`] = hour.active;
          expected[`${period}_max_at`] = hour.startsAt;
        }
      }
      const row: Record<string, unknown> = { ...day };
      const got = (column: string) => (row[column] === null ? null : Number(row[column]));
      for (const [column, value] of Object.entries(expected))
        expect([column, got(column)]).toEqual([column, value]);
      for (const [column, value] of Object.entries(sums)) expect(got(column)).toBeCloseTo(value, 9);
      expect([got('p4_kwh'), got('p5_max'), got('p6_max_at')]).toEqual([0, null, null]);
    }
    expect(days.find((day) => day.date === '2025-10-26')?.hours).toBe(25);
    expect(days.find((day) => day.date === '2026-03-29')?.hours).toBe(23);
  });

  it('fills once when several first calls come at the same time', async () => {
    const contract = await contractNamed('6.1TD');
    const profile = (await profileOf(t.db, contract.id))!;
    const today = '2026-06-10';
    await Promise.all(Array.from({ length: 4 }, () => ensureMeasurementDays(t.db, contract, profile, today)));
    const wanted = meteredRange(contract, everything, today)!;
    expect(await stored(contract.id)).toEqual(calendar(wanted.from, wanted.to));
  });
});

describe('the daily readings', () => {
  it('store a stepped supply’s day with its step, as the model, the bills and the notices compute it', async () => {
    const profiles = await t.db
      .selectFrom('measurement_profiles')
      .selectAll()
      .where('step_from', 'is not', null)
      .execute();
    expect(profiles.length).toBeGreaterThan(0);
    const yesterday = addDays(madridToday(), -1);
    for (const { contract_id: contractId, step_from: stepFrom } of profiles) {
      expect(stepFrom! <= yesterday).toBe(true);
      await t.db.deleteFrom('measurement_days').where('contract_id', '=', contractId).execute();
    }
    await recordDayReadings(t.db, yesterday);
    for (const { contract_id: contractId } of profiles) {
      const stored = await t.db
        .selectFrom('measurement_days')
        .select(['date', 'hour_active'])
        .where('contract_id', '=', contractId)
        .execute();
      const model = dayMeasurements((await profileOf(t.db, contractId))!, yesterday);
      expect(stored).toEqual([
        { date: yesterday, hour_active: JSON.stringify(model.map((hour) => hour.active)) },
      ]);
    }
  });
});
