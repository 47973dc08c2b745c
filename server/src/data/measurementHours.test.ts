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

  it('fills once when several first calls come at the same time', async () => {
    const contract = await contractNamed('6.1TD');
    const profile = (await profileOf(t.db, contract.id))!;
    const today = '2026-06-10';
    await Promise.all(
      Array.from({ length: 4 }, () => ensureMeasurementHours(t.db, contract, profile, today)),
    );
    const wanted = meteredRange(contract, { from: '0000-01-01', to: '9999-12-31' }, today)!;
    expect(await storedCount(contract.id)).toBe(hoursIn(wanted.from, wanted.to));
  });
});
