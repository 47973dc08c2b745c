import type { Db } from '../db/database';
import { inPages } from '../db/readPlaces';
import { breather, nextTurn } from '../eventLoop';
import type { MeasurementDaysTable, PeriodColumns } from '../db/schema';
import { addDays, type DateRange, weekStart } from '../measurements/dates';
import {
  DAYS_PER_SLICE,
  dayMeasurements,
  type HourlyMeasurement,
  type LoadProfile,
} from '../measurements/loadProfile';
import { clockHour } from '../measurements/madridTime';
import { dayPeriodNumbers, PERIOD_CODES, type PeriodCode } from '../measurements/tariffPeriods';
import { meteredRange } from './measurements';

/**
 * The materialised copy of the consumption model (table measurement_days, migration 0015). The model
 * (measurements/loadProfile.ts) stays the one source of every hour; the explorer needs sums by tariff period
 * and by day, week, month or year over up to five years, which SQL does in one GROUP BY over these rows where
 * the model would compute and add 26,000 hours in JavaScript on every call. So a contract's metered days are
 * written here on its first use, and later days are added as they close. Past hours never change, so the copy
 * never goes stale.
 *
 * A row is one local day: its totals, each tariff period's kWh and highest hour, and the day's hours packed in
 * order (the hour view reads 365 rows for a year, not 8,760; each hour's start is the day's first start plus
 * its index, as UTC hours follow one another also on the 23- and 25-hour days).
 */

/** Rows per INSERT: 31 values each, under SQLite's (32,766) and PostgreSQL's (65,535) parameter limits. */
const CHUNK_ROWS = 500;

interface DaysContract {
  id: number;
  tariff: string;
  start_date: string;
  end_date: string | null;
}

/** A day's hours as read back from its row: in order, the n-th starting n hours after the first. */
export interface StoredHours {
  active: number[];
  surplus: number[];
  periods: PeriodCode[];
  estimated: boolean[];
}

/** The local dates already stored for the contract (a contiguous run of days), or null when none are. */
async function storedDays(db: Db, contractId: number): Promise<DateRange | null> {
  // Two subqueries, each one step down the primary key: min and max in one select would read every day.
  const end = (direction: 'asc' | 'desc') =>
    db
      .selectFrom('measurement_days')
      .select('date')
      .where('contract_id', '=', contractId)
      .orderBy('date', direction)
      .limit(1);
  const stored = await db.selectNoFrom([end('asc').as('first'), end('desc').as('last')]).executeTakeFirst();
  if (!stored?.first || !stored.last) return null;
  return { from: stored.first, to: stored.last };
}

const NO_PERIODS = Object.fromEntries(
  PERIOD_CODES.flatMap((code) => {
    const column = code.toLowerCase();
    return [
      [`${column}_kwh`, 0],
      [`${column}_max`, null],
      [`${column}_max_at`, null],
    ];
  }),
) as PeriodColumns;

/** A day's row, summed from its hours (in order) under the contract's tariff. */
export function summedDay(
  contractId: number,
  tariff: string,
  hours: HourlyMeasurement[],
): MeasurementDaysTable {
  const date = hours[0].date;
  // The day's table read once (hourPeriod per hour builds it 24 times: most of the daily readings' time).
  const table = dayPeriodNumbers(tariff, date);
  const periods = hours.map((hour) => PERIOD_CODES[table[clockHour(hours.length, hour.hour - 1)] - 1]);
  const day: MeasurementDaysTable = {
    contract_id: contractId,
    date,
    week_start: weekStart(date),
    first_start: hours[0].startsAt,
    last_start: hours[hours.length - 1].startsAt,
    hours: hours.length,
    estimated: 0,
    active: 0,
    surplus: 0,
    ...NO_PERIODS,
    hour_active: JSON.stringify(hours.map((hour) => hour.active)),
    hour_surplus: JSON.stringify(hours.map((hour) => hour.surplus)),
    // One digit per hour: its period's number, and 1 for an estimated hour.
    hour_periods: periods.map((code) => code.slice(1)).join(''),
    hour_estimated: hours.map((hour) => (hour.estimated ? '1' : '0')).join(''),
  };
  hours.forEach((hour, index) => {
    day.estimated += hour.estimated ? 1 : 0;
    day.active += hour.active;
    day.surplus += hour.surplus;
    const column = periods[index].toLowerCase() as Lowercase<PeriodCode>;
    day[`${column}_kwh`] += hour.active;
    // Strictly higher: on a tie the earliest hour keeps the mark.
    if (day[`${column}_max`] === null || hour.active > day[`${column}_max`]!) {
      day[`${column}_max`] = hour.active;
      day[`${column}_max_at`] = hour.startsAt;
    }
  });
  return day;
}

/** The hours packed in a day's row. */
export function storedHours(
  row: Pick<MeasurementDaysTable, 'hour_active' | 'hour_surplus' | 'hour_periods' | 'hour_estimated'>,
): StoredHours {
  return {
    active: JSON.parse(row.hour_active) as number[],
    surplus: JSON.parse(row.hour_surplus) as number[],
    periods: [...row.hour_periods].map((digit) => `P${digit}` as PeriodCode),
    estimated: [...row.hour_estimated].map((digit) => digit === '1'),
  };
}

/**
 * The run of stored days of each of many contracts (one grouped query per 1,000): a contract with none is left
 * out. Read by a billing run's notices for a batch of contracts at once (data/explorer.ts SharedFigures).
 */
export async function storedDayRuns(db: Db, contractIds: readonly number[]): Promise<Map<number, DateRange>> {
  const runs = new Map<number, DateRange>();
  for (let i = 0; i < contractIds.length; i += 1_000) {
    const rows = await db
      .selectFrom('measurement_days')
      .select((eb) => ['contract_id', eb.fn.min('date').as('first'), eb.fn.max('date').as('last')])
      .where('contract_id', 'in', contractIds.slice(i, i + 1_000))
      .groupBy('contract_id')
      .execute();
    for (const row of rows) runs.set(row.contract_id, { from: row.first, to: row.last });
  }
  return runs;
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
 * Makes sure measurement_days holds every metered day of the contract (its life within the history, up to
 * yesterday). Idempotent and safe when several calls do it at once: the rows go in inside one transaction, so
 * the stored days stay one contiguous run, and a row already there is left alone (ON CONFLICT DO NOTHING).
 */
export async function ensureMeasurementDays(
  db: Db,
  contract: DaysContract,
  profile: LoadProfile,
  today?: string,
): Promise<void> {
  const wanted = meteredRange(contract, { from: '0000-01-01', to: '9999-12-31' }, today);
  if (!wanted) return;
  const gaps = missingDays(wanted, await storedDays(db, contract.id));
  if (!gaps.length) return;
  // Computed before the transaction, a month at a time, yielding the event loop between months: years of
  // days took it for seconds on a contract's first explorer call, and the transaction held the main
  // connection (and every session lookup, db/readPlaces.ts) as long.
  const daysOfGaps: MeasurementDaysTable[][] = [];
  for (const gap of gaps) {
    const days: MeasurementDaysTable[] = [];
    for (let date = gap.from; date <= gap.to; date = addDays(date, 1)) {
      days.push(summedDay(contract.id, contract.tariff, dayMeasurements(profile, date)));
      if (days.length % DAYS_PER_SLICE === 0) await nextTurn();
    }
    daysOfGaps.push(days);
  }
  await db.transaction().execute(async (trx) => {
    for (const days of daysOfGaps) {
      for (let i = 0; i < days.length; i += CHUNK_ROWS) {
        await trx
          .insertInto('measurement_days')
          .values(days.slice(i, i + CHUNK_ROWS))
          .onConflict((conflict) => conflict.columns(['contract_id', 'date']).doNothing())
          .execute();
      }
    }
  });
}

/** The latest day of readings stored for any supply: where the readings' data ends. */
export async function latestReadDay(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('measurement_days')
    .select((eb) => eb.fn.max('date').as('date'))
    .executeTakeFirst();
  return row?.date ?? null;
}

/**
 * Rows per transaction of the daily readings: short, as SQLite has one writer at a time and writes on the event
 * loop (2,000 rows held it 35–60 ms at the scale seed; a customer's p99 beside the run must stay within 20 ms).
 */
const READINGS_CHUNK = 300;

/**
 * The daily readings (jobs/readings.ts): the hourly measurements of `day` of every live electricity supply, from
 * the same model as every other hour (real and estimated hours alike), written to measurement_days. A supply
 * whose stored days stop before the day gets the days in between too, so its stored days stay one run.
 * Each supply's day is written once whoever writes it (its primary key, ON CONFLICT DO NOTHING); a supply that
 * cannot be computed is reported to `onFailure` and left for the next day's run, which fills its gap. Answers
 * the supply-days written now.
 */
export async function recordDayReadings(
  db: Db,
  day: string,
  onFailure: (contractId: number, error: unknown) => void = () => undefined,
): Promise<number> {
  const everyContract = db
    .selectFrom('contracts')
    .innerJoin('measurement_profiles', 'measurement_profiles.contract_id', 'contracts.id')
    .select([
      'contracts.id',
      'contracts.tariff',
      'contracts.start_date',
      'contracts.end_date',
      'measurement_profiles.kind',
      'measurement_profiles.mean_kw',
      'measurement_profiles.solar_kw',
      'measurement_profiles.seed',
      'measurement_profiles.step_from',
      'measurement_profiles.step_factor',
    ])
    .where('contracts.line', '=', 'Electricidad')
    .where('contracts.state', '!=', 'En tramitación')
    .where('contracts.start_date', '<=', day)
    .where((eb) => eb.or([eb('contracts.end_date', 'is', null), eb('contracts.end_date', '>=', day)]))
    .orderBy('contracts.id');
  const contracts = await inPages(
    (after, limit) =>
      (after === null ? everyContract : everyContract.where('contracts.id', '>', after))
        .limit(limit)
        .execute(),
    (row) => row.id,
  );
  const lastStored = new Map(
    (
      await db
        .selectFrom('measurement_days')
        .select((eb) => ['contract_id', eb.fn.max('date').as('last')])
        .groupBy('contract_id')
        .execute()
    ).map((row) => [row.contract_id, row.last]),
  );
  let written = 0;
  let rows: MeasurementDaysTable[] = [];
  const flush = async () => {
    if (!rows.length) return;
    const chunk = rows;
    rows = [];
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < chunk.length; i += CHUNK_ROWS) {
        const result = await trx
          .insertInto('measurement_days')
          .values(chunk.slice(i, i + CHUNK_ROWS))
          .onConflict((conflict) => conflict.columns(['contract_id', 'date']).doNothing())
          .executeTakeFirst();
        written += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
    });
  };
  const breath = breather();
  for (const contract of contracts) {
    const last = lastStored.get(contract.id);
    if (last && last >= day) continue;
    const range = meteredRange(contract, { from: last ? addDays(last, 1) : day, to: day }, addDays(day, 1));
    if (!range) continue;
    const profile: LoadProfile = {
      kind: contract.kind,
      meanKw: contract.mean_kw,
      solarKw: contract.solar_kw,
      seed: Number(contract.seed),
      // The demo's stepped supplies (0020): their days must hold the step the bills and the explorer show.
      stepFrom: contract.step_from ?? null,
      stepFactor: contract.step_factor ?? null,
    };
    try {
      const days: MeasurementDaysTable[] = [];
      for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
        days.push(summedDay(contract.id, contract.tariff, dayMeasurements(profile, date)));
      }
      rows.push(...days);
    } catch (error) {
      // One supply's bad data (an unknown tariff) must not hold back the others' readings.
      onFailure(contract.id, error);
      continue;
    }
    // Between chunks the write lock is free for the server's own writes, and its thread for requests where the
    // run is on the event loop (tests, `npm run jobs`).
    if (rows.length >= READINGS_CHUNK) await flush();
    await breath();
  }
  await flush();
  return written;
}
