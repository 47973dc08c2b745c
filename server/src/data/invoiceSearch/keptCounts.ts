import { sql } from 'kysely';

import type { Db } from '../../db/database';
import type { InvoiceKind, Line } from '../../db/schema';
import { type InvoiceFilters, LINES } from '../invoices';
import { oneOf } from '../oneOf';

/**
 * Reading invoice_counts (migration 0014; server/docs/invoice-search.md): invoices per administrator, launch
 * date, bucket of ids, line and kind, kept by triggers on every write. Scope 0 is every invoice.
 */

/** Ids per bucket: migration 0014's triggers divide by the same number. */
export const ID_BUCKET = 16384;
const EVERY_INVOICE = 0;

type Kept = Pick<InvoiceFilters, 'lines' | 'kinds' | 'from' | 'until'>;

/** The counts rows of a scope in the filters' dates, lines and kinds (every kind when `kinds` is null). */
export function keptCounts(
  db: Db,
  administratorId: number,
  filters: Kept,
  kinds: readonly InvoiceKind[] | null = filters.kinds,
) {
  let query = db
    .selectFrom('invoice_counts')
    .where('administrator_id', '=', administratorId)
    .where(oneOf(sql.ref<Line>('line'), filters.lines));
  if (kinds) query = query.where(oneOf(sql.ref<InvoiceKind>('kind'), kinds));
  if (filters.from) query = query.where('launch_date', '>=', filters.from);
  if (filters.until) query = query.where('launch_date', '<=', filters.until);
  return query;
}

export const summed = sql<number>`sum(${sql.ref('count')})`;

/**
 * An administrator's matches per launch date, newest first, with each line's part, and on every row the count of
 * every invoice (anyone's, any kind) in the dates and lines (scope 0): what a walk along the launch dates reads
 * from. One range of invoice_counts' key, no sort, the scope-0 sum computed once.
 */
export function keptDays(db: Db, administratorId: number, filters: Kept) {
  const every = keptCounts(db, EVERY_INVOICE, filters, null).select(summed.as('count'));
  return keptCounts(db, administratorId, filters)
    .select((eb) => [
      'launch_date',
      summed.as('count'),
      ...LINES.map((line) => eb.fn.sum<number>('count').filterWhere('line', '=', line).as(line)),
      every.as('every'),
    ])
    .groupBy('launch_date')
    .orderBy('launch_date', 'desc');
}

export interface KeptSummary {
  administratorId: number;
  /** Matches per launch date, newest first (prices aside: the kept counts know none). */
  days: { launchDate: string; count: number }[];
  byLine: Record<Line, number>;
  total: number;
  /** Every invoice in the dates and lines (scope 0). */
  every: number;
}

/** An administrator's search by its dates, lines and kinds as the kept counts know it: one statement. */
export async function keptSummary(db: Db, administratorId: number, filters: Kept): Promise<KeptSummary> {
  const rows = await keptDays(db, administratorId, filters).execute();
  const byLine: Record<Line, number> = { Electricidad: 0, Gas: 0 };
  const days = rows.map((row) => {
    for (const line of LINES) byLine[line] += Number(row[line] ?? 0);
    return { launchDate: row.launch_date, count: Number(row.count) };
  });
  const every = rows.length ? Number(rows[0].every ?? 0) : 0;
  return { administratorId, days, byLine, total: byLine.Electricidad + byLine.Gas, every };
}
