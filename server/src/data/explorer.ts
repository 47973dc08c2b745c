import { type Expression, sql } from 'kysely';

import type { Db } from '../db/database';
import type { MeasurementDaysTable, PeriodColumns } from '../db/schema';
import { addDays, addMonths, type DateRange } from '../measurements/dates';
import { dayMeasurements, type LoadProfile, profileKey } from '../measurements/loadProfile';
import { HOUR_MS, madridClock, madridDateAt, madridDay } from '../measurements/madridTime';
import { PERIOD_CODES, type PeriodCode, periodLabel, tariffPeriodCodes } from '../measurements/tariffPeriods';
import { ensureMeasurementDays, storedHours, summedDay } from './measurementDays';
import { meteredRange, profileOf } from './measurements';
import type { VisibleContract } from './scope';
import type {
  ExplorerAnswer,
  ExplorerComparison,
  ExplorerSeries,
  Granularity,
} from '../contract/measurements';

export type { Granularity };

/**
 * The consumption explorer's answer (GET /ov/cups/api/curvas/explorar, server/docs/explorer-api.md): sums of
 * the materialised days (data/measurementDays.ts) by bucket and by tariff period, made by the database, or
 * the hours packed in those days.
 * Its types are the contract's (contract/measurements.ts), which the SPA reads too.
 */

export interface ExplorerQuery extends DateRange {
  granularity: Granularity;
  compare: boolean;
}

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};
const kwh = (value: number) => round(value, 3);

/** The summed days of one contract from `from` to `to`: the primary key's range of measurement_days. */
function daysBetween(db: Db, contractId: number, { from, to }: DateRange) {
  return db
    .selectFrom('measurement_days')
    .where('contract_id', '=', contractId)
    .where('date', '>=', from)
    .where('date', '<=', to);
}

/** A period's columns in measurement_days. */
const periodColumn = (code: PeriodCode, what: 'kwh' | 'max' | 'max_at') =>
  sql.ref<number>(`${code.toLowerCase()}_${what}`);

// What a bucket groups by: literal SQL (no parameters), so PostgreSQL sees the same expression in SELECT and
// GROUP BY. substr works alike on both databases.
const BUCKET_KEY: Record<Exclude<Granularity, 'hour'>, Expression<string>> = {
  day: sql<string>`date`,
  week: sql<string>`week_start`,
  month: sql<string>`substr(date, 1, 7)`,
  year: sql<string>`substr(date, 1, 4)`,
};

/** The series of a range: one entry per metered hour, or per bucket of days with its kWh by period. */
async function seriesOf(
  db: Db,
  contractId: number,
  range: DateRange,
  granularity: Granularity,
  codes: PeriodCode[],
): Promise<ExplorerSeries> {
  if (granularity === 'hour') {
    const days = await daysBetween(db, contractId, range)
      .select(['date', 'first_start', 'hour_active', 'hour_surplus', 'hour_periods', 'hour_estimated'])
      .orderBy('date')
      .execute();
    const series: Required<Pick<ExplorerSeries, 'hour' | 'period'>> & ExplorerSeries = {
      date: [],
      start: [],
      hour: [],
      period: [],
      active: [],
      surplus: [],
      hours: [],
      estimated: [],
    };
    for (const day of days) {
      const hours = storedHours(day);
      const firstStart = Number(day.first_start);
      hours.active.forEach((active, index) => {
        series.date.push(day.date);
        series.start.push(firstStart + index * HOUR_MS);
        series.hour.push(index + 1);
        series.period.push(hours.periods[index]);
        series.active.push(active);
        series.surplus.push(hours.surplus[index]);
        series.hours.push(1);
        series.estimated.push(hours.estimated[index] ? 1 : 0);
      });
    }
    return series;
  }
  const key = BUCKET_KEY[granularity];
  const rows = await daysBetween(db, contractId, range)
    .select((eb) => [
      eb.fn.min<string>('date').as('date'),
      eb.fn.min<number>('first_start').as('start'),
      eb.fn.sum<number>('active').as('active'),
      eb.fn.sum<number>('surplus').as('surplus'),
      eb.fn.sum<number>('hours').as('hours'),
      eb.fn.sum<number>('estimated').as('estimated'),
      ...codes.map((code) => eb.fn.sum<number>(periodColumn(code, 'kwh')).as(code)),
    ])
    .groupBy(key)
    .orderBy(key)
    .execute();
  const column = (read: (row: (typeof rows)[number]) => unknown) => rows.map((row) => Number(read(row)));
  return {
    date: rows.map((row) => row.date),
    start: column((row) => row.start),
    active: column((row) => row.active).map(kwh),
    surplus: column((row) => row.surplus).map(kwh),
    hours: column((row) => row.hours),
    estimated: column((row) => row.estimated),
    byPeriod: Object.fromEntries(
      codes.map((code) => [code, column((row) => (row as Record<string, unknown>)[code]).map(kwh)]),
    ),
  };
}

interface PeriodPeak {
  maxKw: number;
  maxDate: string;
  maxHour: number;
  maxStart: number;
}

/** A period's highest hour: its kW and when it started. */
function peakAt(maxKw: number, maxStart: number): PeriodPeak {
  const maxDate = madridDateAt(maxStart);
  return { maxKw, maxDate, maxHour: (maxStart - madridDay(maxDate).midnight) / HOUR_MS + 1, maxStart };
}

/**
 * The range's sums from its days: totals, kWh per period, each period's highest hour (the earliest on a tie),
 * the first and last day with data and the start of the last hour; null when no day has data.
 */
async function rangeSums(db: Db, contractId: number, range: DateRange, codes: PeriodCode[]) {
  const sums = await daysBetween(db, contractId, range)
    .select((eb) => [
      eb.fn.min<string>('date').as('first_date'),
      eb.fn.max<string>('date').as('last_date'),
      eb.fn.max<number>('last_start').as('last_start'),
      eb.fn.sum<number>('active').as('active'),
      eb.fn.sum<number>('surplus').as('surplus'),
      eb.fn.sum<number>('hours').as('hours'),
      eb.fn.sum<number>('estimated').as('estimated'),
      ...codes.flatMap((code) => [
        eb.fn.sum<number>(periodColumn(code, 'kwh')).as(`${code}_kwh`),
        eb.fn.max<number | null>(periodColumn(code, 'max')).as(`${code}_max`),
      ]),
    ])
    .executeTakeFirst();
  if (!sums?.first_date) return null;
  const read = (name: string) => (sums as Record<string, unknown>)[name];
  const peaked = codes.filter((code) => read(`${code}_max`) !== null);
  // When each period's highest hour happened: the earliest day that holds it keeps its start.
  const starts = peaked.length
    ? ((await daysBetween(db, contractId, range)
        .select(
          peaked.map((code) =>
            sql<number>`min(case when ${periodColumn(code, 'max')} = ${read(`${code}_max`)} then ${periodColumn(code, 'max_at')} end)`.as(
              code,
            ),
          ),
        )
        .executeTakeFirst()) as Record<string, unknown>)
    : {};
  const peaks = new Map<PeriodCode, PeriodPeak>(
    peaked.map((code) => [code, peakAt(Number(read(`${code}_max`)), Number(starts[code]))]),
  );
  return {
    days: { from: sums.first_date, to: sums.last_date },
    lastStart: Number(sums.last_start),
    active: Number(sums.active),
    surplus: Number(sums.surplus),
    hours: Number(sums.hours),
    estimated: Number(sums.estimated),
    kwhByPeriod: new Map(codes.map((code) => [code, Number(read(`${code}_kwh`))])),
    peaks,
  };
}

/** The local dates of the first and last day with data, or null without data. */
async function daysWithData(db: Db, contractId: number, range: DateRange): Promise<DateRange | null> {
  const row = await daysBetween(db, contractId, range)
    .select((eb) => [eb.fn.min<string>('date').as('from'), eb.fn.max<string>('date').as('to')])
    .executeTakeFirst();
  return row?.from ? { from: row.from, to: row.to } : null;
}

/** Active kWh of the range's days. */
async function activeBetween(db: Db, contractId: number, range: DateRange): Promise<number> {
  const row = await daysBetween(db, contractId, range)
    .select((eb) => eb.fn.sum<number>('active').as('active'))
    .executeTakeFirst();
  return Number(row?.active ?? 0);
}

/** Shares of a total in tenths of a percent that add up to exactly 100 (largest remainders get the rest). */
export function shares(values: number[]): number[] {
  const total = values.reduce((sum, value) => sum + value, 0);
  if (total <= 0) return values.map(() => 0);
  const exact = values.map((value) => (value / total) * 1000);
  const tenths = exact.map(Math.floor);
  let left = 1000 - tenths.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact.map((value, index) => ({ index, rest: value - tenths[index] }));
  byRemainder.sort((a, b) => b.rest - a.rest);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    tenths[index] += 1;
    left -= 1;
  }
  return tenths.map((value) => value / 10);
}

type Powers = Pick<
  VisibleContract,
  'tariff' | 'power_p1' | 'power_p2' | 'power_p3' | 'power_p4' | 'power_p5' | 'power_p6'
>;

/**
 * The contracted kW that applies to an energy period: 2.0TD bills P1 and P2 against power P1 and P3 against
 * power P2; the six-period tariffs match period by period; tariffs with fewer powers than energy periods
 * (the old one-power fees) use power P1.
 */
/**
 * The power periods of a tariff, each with the energy periods whose hours are compared with it: 2.0TD has two
 * (power P1 for the P1 and P2 hours, power P2 for the P3 hours, as its bill shows); the others one per period.
 */
function powerPeriods(
  tariff: string,
  codes: PeriodCode[],
): { code: PeriodCode; label: string; energy: PeriodCode[] }[] {
  if (tariff === '2.0TD') {
    return [
      { code: 'P1', label: 'P1', energy: ['P1', 'P2'] },
      { code: 'P2', label: 'P2', energy: ['P3'] },
    ];
  }
  return codes.map((code) => ({ code, label: periodLabel(tariff, code), energy: [code] }));
}

export function contractedPower(contract: Powers, code: PeriodCode): number | null {
  const powers = [
    contract.power_p1,
    contract.power_p2,
    contract.power_p3,
    contract.power_p4,
    contract.power_p5,
    contract.power_p6,
  ];
  if (contract.tariff === '2.0TD') return code === 'P3' ? powers[1] : powers[0];
  return powers[Number(code.slice(1)) - 1] ?? powers[0];
}

/** Each power period's highest hour (of its energy periods' peaks) against the contracted kW. */
function powerAgainstContract(
  contract: Powers,
  codes: PeriodCode[],
  peaks: Map<PeriodCode, PeriodPeak> | undefined,
): ExplorerAnswer['power'] {
  return powerPeriods(contract.tariff, codes).map(({ code, label, energy }) => {
    const peak = energy
      .map((energyCode) => peaks?.get(energyCode))
      .reduce<PeriodPeak | undefined>(
        (best, candidate) => (candidate && (!best || candidate.maxKw > best.maxKw) ? candidate : best),
        undefined,
      );
    const contractedKw = contractedPower(contract, energy[0]);
    const maxKw = peak ? kwh(peak.maxKw) : null;
    return {
      code,
      label,
      maxKw,
      maxDate: peak?.maxDate ?? null,
      maxHour: peak?.maxHour ?? null,
      maxStart: peak?.maxStart ?? null,
      contractedKw,
      exceeded: maxKw !== null && contractedKw !== null && maxKw > contractedKw,
    };
  });
}

/** The end of the last hour with data: its local date and the clock at its end, '24:00' at midnight. */
function dataUntil(lastStart: number): { date: string; time: string } {
  const date = madridDateAt(lastStart);
  const end = lastStart + HOUR_MS;
  return { date, time: madridDateAt(end) === date ? madridClock(end) : '24:00' };
}

/** Where each earlier bucket is drawn on this year's axis: its date a year on, the same metering hour. */
function shiftedStarts(series: ExplorerSeries): number[] {
  return series.date.map((date, index) => {
    const midnight = madridDay(addMonths(date, 12)).midnight;
    return midnight + ((series.hour?.[index] ?? 1) - 1) * HOUR_MS;
  });
}

const EMPTY_SERIES = (granularity: Granularity, codes: PeriodCode[]): ExplorerSeries => ({
  date: [],
  start: [],
  ...(granularity === 'hour'
    ? { hour: [], period: [] }
    : { byPeriod: Object.fromEntries(codes.map((code) => [code, []])) }),
  active: [],
  surplus: [],
  hours: [],
  estimated: [],
});

/**
 * The like-for-like days of a range and the same range a year earlier, from the days each has data: the
 * current days end at `cutoff` (null: no day in both), the earlier ones at `previousCut`.
 */
function likeForLike(current: DateRange | null, previousDays: DateRange | null) {
  let cutoff: string | null = null;
  let previousCut = '';
  if (current && previousDays) {
    const shiftedLast = addMonths(previousDays.to, 12);
    cutoff = current.to < shiftedLast ? current.to : shiftedLast;
    previousCut = cutoff === shiftedLast ? previousDays.to : addMonths(cutoff, -12);
    const firstInBoth = [current.from, addMonths(previousDays.from, 12)].sort()[1];
    if (cutoff < firstInBoth) cutoff = null;
  }
  return { cutoff, previousCut };
}

/** The same range a year earlier, its buckets, and the like-for-like sums up to the last day both years have. */
async function comparisonOf(
  db: Db,
  contract: VisibleContract,
  query: ExplorerQuery,
  current: DateRange | null,
  codes: PeriodCode[],
  today?: string,
): Promise<ExplorerComparison> {
  const asked = { from: addMonths(query.from, -12), to: addMonths(query.to, -12) };
  const previous = meteredRange(contract, asked, today);
  const series = previous
    ? await seriesOf(db, contract.id, previous, query.granularity, codes)
    : EMPTY_SERIES(query.granularity, codes);
  const previousDays = previous ? await daysWithData(db, contract.id, previous) : null;
  const { cutoff, previousCut } = likeForLike(current, previousDays);
  const [currentKwh, previousKwh] =
    cutoff && current && previousDays
      ? (
          await Promise.all([
            activeBetween(db, contract.id, { from: current.from, to: cutoff }),
            activeBetween(db, contract.id, { from: previousDays.from, to: previousCut }),
          ])
        ).map(kwh)
      : [0, 0];
  const differenceKwh = kwh(currentKwh - previousKwh);
  return {
    from: previous?.from ?? asked.from,
    to: previous?.to ?? asked.to,
    cutoff,
    series: { ...series, shiftedStart: shiftedStarts(series) },
    currentKwh,
    previousKwh,
    differenceKwh,
    differencePercent: previousKwh > 0 ? round((100 * differenceKwh) / previousKwh, 1) : null,
  };
}

/**
 * The explorer's answer for a visible electricity contract: the range cut to the contract's life and the
 * metered history like contractMeasurements, its buckets, totals and shares by period, the highest hour of
 * each period against the contracted power, and optionally the year before.
 */
export async function exploreConsumption(
  db: Db,
  contract: VisibleContract,
  query: ExplorerQuery,
  today?: string,
): Promise<ExplorerAnswer> {
  const codes = tariffPeriodCodes(contract.tariff);
  const profile = await profileOf(db, contract.id);
  if (profile) await ensureMeasurementDays(db, contract, profile, today);
  const range = profile ? meteredRange(contract, query, today) : null;
  const sums = range ? await rangeSums(db, contract.id, range, codes) : null;
  const series = range
    ? await seriesOf(db, contract.id, range, query.granularity, codes)
    : EMPTY_SERIES(query.granularity, codes);
  const periodKwh = codes.map((code) => sums?.kwhByPeriod.get(code) ?? 0);
  const periodShares = shares(periodKwh);
  const comparison = query.compare
    ? await comparisonOf(db, contract, query, sums?.days ?? null, codes, today)
    : undefined;
  return {
    contract: {
      code: contract.code,
      cups: contract.cups,
      tariff: contract.tariff,
      periods: codes.map((code) => ({ code, label: periodLabel(contract.tariff, code) })),
      selfConsumption: (profile?.solarKw ?? 0) > 0,
    },
    from: range?.from ?? query.from,
    to: range?.to ?? query.to,
    granularity: query.granularity,
    timeZone: 'Europe/Madrid',
    dataUntil: sums ? dataUntil(sums.lastStart) : null,
    series,
    totals: {
      active: kwh(sums?.active ?? 0),
      surplus: kwh(sums?.surplus ?? 0),
      net: kwh((sums?.active ?? 0) - (sums?.surplus ?? 0)),
      hours: sums?.hours ?? 0,
      estimated: sums?.estimated ?? 0,
    },
    periods: codes.map((code, index) => ({
      code,
      label: periodLabel(contract.tariff, code),
      kwh: kwh(periodKwh[index]),
      share: periodShares[index],
    })),
    power: powerAgainstContract(contract, codes, sums?.peaks),
    ...(comparison && { comparison }),
  };
}

/** What a bill's notices read of the explorer's answer for its period (notifications, periodFindings). */
export type PeriodFigures = Pick<ExplorerAnswer, 'from' | 'power'> & {
  comparison: Pick<ExplorerComparison, 'from' | 'cutoff' | 'currentKwh' | 'previousKwh'>;
};

type FiguresContract = Powers & { id: number; start_date: string; end_date: string | null };

const periodMax = (code: PeriodCode) => `${code.toLowerCase() as Lowercase<PeriodCode>}_max` as const;
const periodMaxAt = (code: PeriodCode) => `${code.toLowerCase() as Lowercase<PeriodCode>}_max_at` as const;

/** What the figures read of a day's row. */
type DaySums = Pick<MeasurementDaysTable, 'date' | 'active'> & Partial<PeriodColumns>;

const PERIOD_PEAK_COLUMNS = PERIOD_CODES.flatMap((code) => [periodMax(code), periodMaxAt(code)]);

/**
 * What a billing run's notices share between contracts: the days summed from the model, by profile, tariff and
 * range (contracts that share a load profile, the scale data's thousands, compute each range once, not each),
 * and, when read for the batch at once (storedDayRuns), each contract's stored days, so that a range they do
 * not cover goes to the model without a query.
 */
export interface SharedFigures {
  modelDays: Map<string, DaySums[]>;
  /** The contract's run of stored days; null when it has none. */
  stored?: DateRange | null;
}

/**
 * The days of a range: its stored rows when measurement_days holds every one of them (the daily readings
 * keep a live supply's recent days there), else summed from the model in memory, as ensureMeasurementDays
 * would store them (the same model; nothing is written).
 */
async function rangeDays(
  db: Db,
  contract: FiguresContract,
  profile: LoadProfile,
  range: DateRange | null,
  { modelDays, stored: run }: SharedFigures = { modelDays: new Map() },
): Promise<DaySums[]> {
  if (!range) return [];
  // Stored days are one contiguous run (ensureMeasurementDays, recordDayReadings): a known run that does not
  // hold the range means the model.
  if (run === undefined || (run && run.from <= range.from && range.to <= run.to)) {
    const stored = await daysBetween(db, contract.id, range)
      .select(['date', 'active', ...PERIOD_PEAK_COLUMNS])
      .orderBy('date')
      .execute();
    if (stored.length === dateCount(range)) return stored;
  }
  const key = `${profileKey(profile)}|${contract.tariff}|${range.from}|${range.to}`;
  let days = modelDays.get(key);
  if (!days) {
    days = [];
    for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
      days.push(summedDay(contract.id, contract.tariff, dayMeasurements(profile, date)));
    }
    modelDays.set(key, days);
  }
  return days;
}

const dateCount = ({ from, to }: DateRange) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

const activeUntil = (days: DaySums[], to: string) =>
  days.reduce((sum, day) => (day.date <= to ? sum + day.active : sum), 0);

/**
 * The figures exploreConsumption answers for a range with the year before (granularity aside), from that range
 * and the same range a year earlier only: stored days where measurement_days holds them all, else the model's
 * in memory. A billing run's notices read two months per contract this way; through the explorer, whose first
 * use of a contract stores its whole history (ensureMeasurementDays), a run at scale stored millions of rows.
 * About a millisecond of model work a contract: a caller looping over many yields between them, and passes
 * `shared` (SharedFigures) to compute the model's days once per profile and skip queries that cannot help.
 */
export async function billedPeriodFigures(
  db: Db,
  contract: FiguresContract,
  profile: LoadProfile,
  query: DateRange,
  today?: string,
  shared?: SharedFigures,
): Promise<PeriodFigures> {
  const codes = tariffPeriodCodes(contract.tariff);
  const range = meteredRange(contract, query, today);
  const asked = { from: addMonths(query.from, -12), to: addMonths(query.to, -12) };
  const previous = meteredRange(contract, asked, today);
  const days = await rangeDays(db, contract, profile, range, shared);
  const previousDays = await rangeDays(db, contract, profile, previous, shared);
  const peaks = new Map<PeriodCode, PeriodPeak>();
  for (const code of codes) {
    let best: { kw: number; at: number } | undefined;
    for (const day of days) {
      const kw = day[periodMax(code)] ?? null;
      // Strictly higher: the earliest day keeps a tie, as the explorer's min(max_at) does.
      if (kw !== null && (!best || kw > best.kw)) best = { kw, at: Number(day[periodMaxAt(code)]) };
    }
    if (best) peaks.set(code, peakAt(best.kw, best.at));
  }
  const { cutoff, previousCut } = likeForLike(range, previous);
  return {
    from: range?.from ?? query.from,
    power: powerAgainstContract(contract, codes, peaks),
    comparison: {
      from: previous?.from ?? asked.from,
      cutoff,
      currentKwh: cutoff ? kwh(activeUntil(days, cutoff)) : 0,
      previousKwh: cutoff ? kwh(activeUntil(previousDays, previousCut)) : 0,
    },
  };
}
