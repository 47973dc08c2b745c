import { sql } from 'kysely';

import { type Db, isPostgres } from '../../db/database';
import type { Account, InvoiceKind, Line } from '../../db/schema';
import type { InvoiceFilters } from '../invoices';
import { oneOf } from '../oneOf';
import { holderIsVisible } from '../scope';
import type { KeptSummary } from './keptCounts';
import type { Asked, Found } from './plan';
import { datePosition, isDense, pageFrom } from './position';

/**
 * Wins for an administrator's whole portfolio with a price filter when it holds more invoices than are worth
 * sorting (plan.ts): the kept counts per amount band (invoice_amount_counts, migration 0016) give the matches
 * per launch date and line, so the counts sum whole bands instead of reading every match, and the page starts on
 * the date that holds it (a date whose invoices have none of the amounts would otherwise be walked whole).
 */
export async function pricedSeek(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  summary: KeptSummary,
  asked: Asked,
): Promise<Found> {
  const { byLine, days } = await amountCounts(db, account, summary.administratorId, filters);
  if (!asked.page) return { counts: byLine, ids: [] };
  const { size } = asked.page;
  const offset = (asked.page.number - 1) * size;
  const found = datePosition(days, offset, size);
  if (!found) return { counts: byLine, ids: [] };
  const position = {
    launchDate: found.day.launchDate,
    idBelow: null,
    skip: offset - found.before,
    lowest: found.lowest,
  };
  const walk = isDense(byLine.Electricidad + byLine.Gas, summary.every);
  return { counts: byLine, ids: await pageFrom(db, account, filters, position, size, walk) };
}

/** The band widths in euros migration 0016's triggers count in: one euro, and 32 euros. */
export const AMOUNT_BAND_WIDTHS = [1, 32] as const;
const [EURO, WIDE] = AMOUNT_BAND_WIDTHS;

/** Bands `from` to `to` (inclusive; null: no bound) of one width. Band `b` of width `w` is [b × w, (b + 1) × w). */
export interface BandRange {
  width: number;
  from: number | null;
  to: number | null;
}

/**
 * How a price range [min, max] (null: no bound) is counted: the euro bands wholly inside it, summed as wide
 * bands where 32 of them are, and the euro bands the bounds cut (`cut`), counted directly. Whole euros (the
 * screen's bounds) cut at most the band of `max`, whose only amount left is `max` itself.
 */
export function amountParts(min: number | null, max: number | null): { whole: BandRange[]; cut: number[] } {
  const first = min === null ? null : Math.ceil(min);
  const last = max === null ? null : Math.floor(max) - 1;
  const cut = [
    ...new Set([
      ...(min !== null && !Number.isInteger(min) ? [Math.floor(min)] : []),
      ...(max !== null ? [Math.floor(max)] : []),
    ]),
  ];
  const euros = (from: number | null, to: number | null): BandRange[] =>
    from !== null && to !== null && from > to ? [] : [{ width: EURO, from, to }];
  const wideFrom = first === null ? null : Math.ceil(first / WIDE);
  const wideTo = last === null ? null : Math.floor((last + 1) / WIDE) - 1;
  if (wideFrom !== null && wideTo !== null && wideFrom > wideTo) return { whole: euros(first, last), cut };
  const whole: BandRange[] = [{ width: WIDE, from: wideFrom, to: wideTo }];
  if (wideFrom !== null) whole.push(...euros(first, wideFrom * WIDE - 1));
  if (wideTo !== null) whole.push(...euros((wideTo + 1) * WIDE, last));
  return { whole, cut };
}

/** The kept invoices of an administrator in one range of bands, per launch date and line. */
function keptInBands(db: Db, administratorId: number, filters: InvoiceFilters, bands: BandRange) {
  let query = db
    .selectFrom('invoice_amount_counts')
    .select(['launch_date', 'line', sql<number>`sum(${sql.ref('count')})`.as('count')])
    .where('administrator_id', '=', administratorId)
    .where(oneOf(sql.ref<Line>('line'), filters.lines))
    .where('width', '=', bands.width)
    .where(oneOf(sql.ref<InvoiceKind>('kind'), filters.kinds));
  if (bands.from !== null) query = query.where('band', '>=', bands.from);
  if (bands.to !== null) query = query.where('band', '<=', bands.to);
  if (filters.from) query = query.where('launch_date', '>=', filters.from);
  if (filters.until) query = query.where('launch_date', '<=', filters.until);
  return query.groupBy(['launch_date', 'line']);
}

/**
 * The account's invoices of one line in the euro band `band` that the filters' prices, dates and kinds take,
 * read from the amount index (line, amount, launch_date, kind, holder_id): the invoices of a euro of amounts,
 * each checked for its holder. SQLite reads `+column` as "no index for this term", so it takes the amount
 * range, not the launch-date index.
 */
export function cutBand(db: Db, account: Account, filters: InvoiceFilters, line: Line, band: number) {
  const date = launchDateOffIndex(db);
  let query = db
    .selectFrom('invoices')
    .where('invoices.line', '=', line)
    .where('invoices.amount', '>=', Math.max(band, filters.minPrice ?? band))
    .where('invoices.amount', '<', band + EURO)
    .where(oneOf(sql.ref<InvoiceKind>('invoices.kind'), filters.kinds))
    .where((eb) => holderIsVisible(eb, account));
  if (filters.maxPrice !== null) query = query.where('invoices.amount', '<=', filters.maxPrice);
  if (filters.from) query = query.where(date, '>=', filters.from);
  if (filters.until) query = query.where(date, '<=', filters.until);
  return query;
}

const launchDateOffIndex = (db: Db) =>
  isPostgres(db) ? sql.ref<string>('invoices.launch_date') : sql<string>`+${sql.ref('invoices.launch_date')}`;

/**
 * An administrator's matches of a search with prices per line and per launch date (newest first): the whole
 * bands summed from the kept counts, the cut ones counted directly.
 */
async function amountCounts(db: Db, account: Account, administratorId: number, filters: InvoiceFilters) {
  const byLine: Record<Line, number> = { Electricidad: 0, Gas: 0 };
  const byDate = new Map<string, number>();
  const add = (rows: { launch_date: string; line: Line; count: number | string }[]) => {
    for (const row of rows) {
      byLine[row.line] += Number(row.count);
      byDate.set(row.launch_date, (byDate.get(row.launch_date) ?? 0) + Number(row.count));
    }
  };
  const { whole, cut } = amountParts(filters.minPrice, filters.maxPrice);
  for (const bands of whole) add(await keptInBands(db, administratorId, filters, bands).execute());
  for (const line of filters.lines) {
    for (const band of cut) {
      // A group by the launch date must not take the launch-date index either (see cutBand).
      const date = launchDateOffIndex(db);
      const rows = await cutBand(db, account, filters, line, band)
        .select((eb) => [date.as('launch_date'), eb.fn.countAll<number>().as('count')])
        .groupBy(date)
        .execute();
      add(rows.map((row) => ({ ...row, line })));
    }
  }
  const days = [...byDate]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([launchDate, count]) => ({ launchDate, count }));
  return { byLine, days };
}
