import { sql } from 'kysely';

import { type Db, isPostgres } from '../db/database';
import type { Account, InvoiceKind, Line } from '../db/schema';
import type { InvoiceFilters } from './invoices';
import { oneOf } from './oneOf';
import { holderIsVisible } from './scope';

/**
 * Reading invoice_amount_counts (migration 0016; server/docs/invoice-lists-at-scale.md, "Price filters"): an
 * administrator's invoices per line, amount band, launch date and kind, kept by triggers on every write. Band
 * `b` of width `w` holds the amounts from b × w up to (not including) (b + 1) × w.
 */

/** The band widths in euros the migration's triggers count in: one euro, and 32 euros. */
export const AMOUNT_BAND_WIDTHS = [1, 32] as const;
const [EURO, WIDE] = AMOUNT_BAND_WIDTHS;

/** Bands `from` to `to` (inclusive; null: no bound) of one width. */
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

/** What the counts are grouped by: per line (the answer's counts), or per launch date (a page's position). */
type CountedBy = 'line' | 'launch_date';

/** The kept invoices of an administrator in one range of bands, per `by`, in the filters' dates and kinds. */
function keptInBands(db: Db, administratorId: number, filters: InvoiceFilters, bands: BandRange, by: CountedBy) {
  let query = db
    .selectFrom('invoice_amount_counts')
    .select([sql.ref<string>(by).as('key'), sql<number>`sum(${sql.ref('count')})`.as('count')])
    .where('administrator_id', '=', administratorId)
    .where(oneOf(sql.ref<Line>('line'), filters.lines))
    .where('width', '=', bands.width)
    .where(oneOf(sql.ref<InvoiceKind>('kind'), filters.kinds));
  if (bands.from !== null) query = query.where('band', '>=', bands.from);
  if (bands.to !== null) query = query.where('band', '<=', bands.to);
  if (filters.from) query = query.where('launch_date', '>=', filters.from);
  if (filters.until) query = query.where('launch_date', '<=', filters.until);
  return query.groupBy(by);
}

/**
 * The account's invoices of one line in the euro band `band` that the filters' prices, dates and kinds take,
 * read from the amount index (line, amount, launch_date, kind, holder_id): the invoices of a euro of amounts,
 * each checked for its holder. SQLite reads `+column` as "no index for this term", so it takes the amount
 * range, not the launch-date index.
 */
export function cutBand(db: Db, account: Account, filters: InvoiceFilters, line: Line, band: number) {
  const date = isPostgres(db)
    ? sql.ref<string>('invoices.launch_date')
    : sql<string>`+${sql.ref('invoices.launch_date')}`;
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

/**
 * An administrator's matches of a search with a price filter (amountCountedAdministrator) per line or per
 * launch date: the whole bands summed from the kept counts, the cut ones counted directly.
 */
export async function amountCounts(
  db: Db,
  account: Account,
  administratorId: number,
  filters: InvoiceFilters,
  by: CountedBy,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const add = (rows: { key: string; count: number }[]) => {
    for (const row of rows) counts.set(row.key, (counts.get(row.key) ?? 0) + Number(row.count));
  };
  const { whole, cut } = amountParts(filters.minPrice, filters.maxPrice);
  for (const bands of whole) add(await keptInBands(db, administratorId, filters, bands, by).execute());
  for (const line of filters.lines) {
    for (const band of cut) {
      // A group by the launch date must not take the launch-date index either (see cutBand).
      const column = sql.ref<string>(`invoices.${by}`);
      const key = by === 'line' || isPostgres(db) ? column : sql<string>`+${column}`;
      add(
        await cutBand(db, account, filters, line, band)
          .select((eb) => [key.as('key'), eb.fn.countAll<number>().as('count')])
          .groupBy(key)
          .execute(),
      );
    }
  }
  return counts;
}

/** amountCounts per line. */
export async function amountCountsByLine(
  db: Db,
  account: Account,
  administratorId: number,
  filters: InvoiceFilters,
): Promise<Record<Line, number>> {
  const counts = await amountCounts(db, account, administratorId, filters, 'line');
  return { Electricidad: counts.get('Electricidad') ?? 0, Gas: counts.get('Gas') ?? 0 };
}
