import type { Db } from '../db/database';
import type { MeasurementHoursTable } from '../db/schema';
import { addDays, type DateRange, weekStart } from '../measurements/dates';
import { type LoadProfile, measurementsBetween } from '../measurements/loadProfile';
import { madridDateAt, madridDay } from '../measurements/madridTime';
import { hourPeriod } from '../measurements/tariffPeriods';
import { meteredRange } from './measurements';

/**
 * The materialised copy of the consumption model (table measurement_hours, migration 0013). The model
 * (measurements/loadProfile.ts) stays the one source of every hour; the explorer needs sums by tariff period
 * and by day, week, month or year over up to three years, which SQL does in one GROUP BY where the model would
 * compute and add 26,000 hours in JavaScript on every call. So a contract's metered hours are written here on
 * its first use, with the tariff period and ISO week of each hour, and later days are added as they close.
 * Past hours never change, so the copy never goes stale.
 */

/** Rows per INSERT: 10 values each, well under SQLite's and PostgreSQL's parameter limits. */
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
    .selectFrom('measurement_hours')
    .select((eb) => [eb.fn.min('starts_at').as('first'), eb.fn.max('starts_at').as('last')])
    .where('contract_id', '=', contractId)
    .executeTakeFirst();
  if (stored?.first === null || stored?.first === undefined || stored.last === null) return null;
  return { from: madridDateAt(Number(stored.first)), to: madridDateAt(Number(stored.last)) };
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
      for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
        await trx
          .insertInto('measurement_hours')
          .values(rows.slice(i, i + CHUNK_ROWS))
          .onConflict((conflict) => conflict.columns(['contract_id', 'starts_at']).doNothing())
          .execute();
      }
    }
  });
}
