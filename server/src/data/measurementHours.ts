import type { Db } from '../db/database';
import type { Insertable } from 'kysely';

import type { Database, MeasurementDaysTable, MeasurementHoursTable, PeriodColumns } from '../db/schema';
import { addDays, type DateRange, weekStart } from '../measurements/dates';
import { type LoadProfile, measurementsBetween } from '../measurements/loadProfile';
import { madridDay } from '../measurements/madridTime';
import { hourPeriod, PERIOD_CODES, type PeriodCode } from '../measurements/tariffPeriods';
import { meteredRange } from './measurements';

/**
 * The materialised copy of the consumption model (table measurement_hours, migration 0013). The model
 * (measurements/loadProfile.ts) stays the one source of every hour; the explorer needs sums by tariff period
 * and by day, week, month or year over up to three years, which SQL does in one GROUP BY where the model would
 * compute and add 26,000 hours in JavaScript on every call. So a contract's metered hours are written here on
 * its first use, with the tariff period and ISO week of each hour, and later days are added as they close.
 * Past hours never change, so the copy never goes stale. Each day is also summed into measurement_days
 * (migration 0015) in the same transaction: every view above the hour reads those rows.
 */

/** Rows per INSERT: at most 27 values each, under SQLite's (32,766) and PostgreSQL's (65,535) parameter limits. */
const CHUNK_ROWS = 1000;

interface HoursContract {
  id: number;
  tariff: string;
  start_date: string;
  end_date: string | null;
}

/** The local dates already stored for the contract (a contiguous run of days), or null when none are. */
async function storedDays(db: Db, contractId: number): Promise<DateRange | null> {
  const stored = await db
    .selectFrom('measurement_days')
    .select((eb) => [eb.fn.min('date').as('first'), eb.fn.max('date').as('last')])
    .where('contract_id', '=', contractId)
    .executeTakeFirst();
  if (!stored?.first || !stored.last) return null;
  return { from: stored.first, to: stored.last };
}

/** A day's row of measurement_days, summed from its hours in the order they come. */
function summedDay(hours: MeasurementHoursTable[]): MeasurementDaysTable {
  const first = hours[0];
  const day: MeasurementDaysTable = {
    contract_id: first.contract_id,
    date: first.date,
    week_start: first.week_start,
    first_start: first.starts_at,
    last_start: hours[hours.length - 1].starts_at,
    hours: hours.length,
    estimated: 0,
    active: 0,
    surplus: 0,
    ...(Object.fromEntries(
      PERIOD_CODES.flatMap((code) => {
        const column = code.toLowerCase();
        return [
          [`${column}_kwh`, 0],
          [`${column}_max`, null],
          [`${column}_max_at`, null],
        ];
      }),
    ) as PeriodColumns),
  };
  for (const hour of hours) {
    day.estimated += hour.estimated;
    day.active += hour.active;
    day.surplus += hour.surplus;
    const column = hour.period.toLowerCase() as Lowercase<PeriodCode>;
    day[`${column}_kwh`] += hour.active;
    // Strictly higher: on a tie the earliest hour keeps the mark, as the hours come in order.
    if (day[`${column}_max`] === null || hour.active > day[`${column}_max`]!) {
      day[`${column}_max`] = hour.active;
      day[`${column}_max_at`] = hour.starts_at;
    }
  }
  return day;
}

/** Writes rows in chunks, leaving alone a row already there (a first call made at the same time). */
async function insertMissing<T extends 'measurement_hours' | 'measurement_days'>(
  trx: Db,
  table: T,
  rows: Insertable<Database[T]>[],
  key: ['contract_id', 'starts_at' | 'date'],
) {
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK_ROWS) as never)
      .onConflict((conflict) => conflict.columns(key as never).doNothing())
      .execute();
  }
}

/** The days of `wanted` not yet stored: none, the whole of it, or a run before and one after the stored days. */
function missingDays(wanted: DateRange, stored: DateRange | null): DateRange[] {
  if (!stored) return [wanted];
  const gaps: DateRange[] = [];
  if (wanted.from < stored.from) gaps.push({ from: wanted.from, to: addDays(stored.from, -1) });
  if (stored.to < wanted.to) gaps.push({ from: addDays(stored.to, 1), to: wanted.to });
  return gaps;
}

/**
 * Makes sure measurement_hours holds every metered hour of the contract (its life within the history, up to
 * yesterday). Idempotent and safe when several calls do it at once: the rows go in inside one transaction, so
 * the stored days stay one contiguous run, and a row already there is left alone (ON CONFLICT DO NOTHING).
 */
export async function ensureMeasurementHours(
  db: Db,
  contract: HoursContract,
  profile: LoadProfile,
  today?: string,
): Promise<void> {
  const wanted = meteredRange(contract, { from: '0000-01-01', to: '9999-12-31' }, today);
  if (!wanted) return;
  const gaps = missingDays(wanted, await storedDays(db, contract.id));
  if (!gaps.length) return;
  await db.transaction().execute(async (trx) => {
    for (const gap of gaps) {
      const rows: MeasurementHoursTable[] = [];
      let dayHours = 24;
      let dayOf = '';
      let monday = '';
      for (const hour of measurementsBetween(profile, gap.from, gap.to)) {
        if (hour.date !== dayOf) {
          dayOf = hour.date;
          dayHours = madridDay(dayOf).hours;
          monday = weekStart(dayOf);
        }
        rows.push({
          contract_id: contract.id,
          starts_at: hour.startsAt,
          date: hour.date,
          hour: hour.hour,
          week_start: monday,
          period: hourPeriod(contract.tariff, hour.date, hour.hour, dayHours),
          active: hour.active,
          reactive: hour.reactive,
          surplus: hour.surplus,
          estimated: hour.estimated ? 1 : 0,
        });
      }
      const days: MeasurementDaysTable[] = [];
      for (let first = 0; first < rows.length; ) {
        let end = first + 1;
        while (end < rows.length && rows[end].date === rows[first].date) end += 1;
        days.push(summedDay(rows.slice(first, end)));
        first = end;
      }
      await insertMissing(trx, 'measurement_hours', rows, ['contract_id', 'starts_at']);
      await insertMissing(trx, 'measurement_days', days, ['contract_id', 'date']);
    }
  });
}
