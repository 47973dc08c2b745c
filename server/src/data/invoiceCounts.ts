import { sql } from 'kysely';

import type { Db } from '../db/database';
import type { Account, InvoiceKind, Line } from '../db/schema';
import { type InvoiceFilters, LINES } from './invoices';
import { oneOf } from './oneOf';

/**
 * Reading invoice_counts (migration 0013; server/docs/invoice-lists-at-scale.md): invoices per administrator,
 * launch date, bucket of ids, line and kind, kept by triggers on every write. Scope 0 is every invoice.
 */

/** Ids per bucket: the migration's triggers divide by the same number. */
export const ID_BUCKET = 16384;
const EVERY_INVOICE = 0;

/**
 * The administrator of a search that only its dates, lines, kinds and prices narrow, or null: the searches
 * whose counts are kept per scope. Number, contract, CUPS and NIF filters narrow the set to a few holders, and
 * are counted directly.
 */
export function unnarrowedAdministrator(account: Account, filters: InvoiceFilters): number | null {
  if (account.realm !== 'fincas' || account.administrator_id === null) return null;
  const { contractIds, holderIds, invoice } = filters;
  return contractIds || holderIds || invoice ? null : account.administrator_id;
}

const priced = (filters: InvoiceFilters) => filters.minPrice !== null || filters.maxPrice !== null;

/**
 * The administrator whose counts per date (invoice_counts) answer the filters, or null: only dates, lines and
 * kinds are kept there. A price filter is answered by the counts per amount (invoiceAmounts.ts).
 */
export function countedAdministrator(account: Account, filters: InvoiceFilters): number | null {
  return priced(filters) ? null : unnarrowedAdministrator(account, filters);
}

/** The administrator whose counts per amount band (invoiceAmounts.ts) answer the filters, or null. */
export function amountCountedAdministrator(account: Account, filters: InvoiceFilters): number | null {
  return priced(filters) ? unnarrowedAdministrator(account, filters) : null;
}

type Kept = Pick<InvoiceFilters, 'lines' | 'from' | 'until'> & Partial<Pick<InvoiceFilters, 'kinds'>>;

/** The counts rows of a scope in the filters' dates, lines and kinds (all kinds when none are given). */
export function keptCounts(db: Db, administratorId: number, filters: Kept) {
  let query = db
    .selectFrom('invoice_counts')
    .where('administrator_id', '=', administratorId)
    .where(oneOf(sql.ref<Line>('line'), filters.lines));
  if (filters.kinds) query = query.where(oneOf(sql.ref<InvoiceKind>('kind'), filters.kinds));
  if (filters.from) query = query.where('launch_date', '>=', filters.from);
  if (filters.until) query = query.where('launch_date', '<=', filters.until);
  return query;
}

const summed = sql<number>`sum(${sql.ref('count')})`;

/** An administrator's invoices per line in the filters' dates and kinds. */
export async function keptCountsByLine(db: Db, administratorId: number, filters: Kept) {
  const counts: Record<Line, number> = { Electricidad: 0, Gas: 0 };
  const rows = await keptCounts(db, administratorId, filters)
    .select(['line', summed.as('count')])
    .groupBy('line')
    .execute();
  for (const row of rows) counts[row.line] = Number(row.count);
  return counts;
}

/** Every invoice (anyone's, any kind) in the dates and lines: what a walk along the launch dates reads from. */
function everyInvoice(db: Db, filters: Kept) {
  return keptCounts(db, EVERY_INVOICE, { ...filters, kinds: undefined }).select(summed.as('count'));
}

/** everyInvoice's count, for the searches that keptSummary does not read. */
export async function everyInvoiceCount(db: Db, filters: Kept): Promise<number> {
  const row = await everyInvoice(db, filters).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * An administrator's matches per launch date, newest first, with each line's part, and on every row the count
 * of every invoice in the dates and lines (scope 0; see everyInvoiceCount): one range of invoice_counts' key,
 * no sort, and the scope-0 sum computed once.
 */
export function keptDays(db: Db, administratorId: number, filters: Kept) {
  return keptCounts(db, administratorId, filters)
    .select((eb) => [
      'launch_date',
      summed.as('count'),
      ...LINES.map((line) => eb.fn.sum<number>('count').filterWhere('line', '=', line).as(line)),
      everyInvoice(db, filters).as('every'),
    ])
    .groupBy('launch_date')
    .orderBy('launch_date', 'desc');
}

export interface KeptSummary {
  /** Matches per launch date, newest first. */
  days: { launch_date: string; count: number }[];
  byLine: Record<Line, number>;
  total: number;
  /** Every invoice in the dates and lines (scope 0); null when the administrator has no match there. */
  every: number | null;
}

/**
 * The search's kept counts, read once: the counts per line, the page's position and the density check of one
 * search all come from these rows. Kept per filters object (one per request) and administrator, so they go
 * with the request.
 */
const summaries = new WeakMap<Kept, Map<number, Promise<KeptSummary>>>();

export function keptSummary(db: Db, administratorId: number, filters: Kept): Promise<KeptSummary> {
  let byAdministrator = summaries.get(filters);
  if (!byAdministrator) summaries.set(filters, (byAdministrator = new Map()));
  let summary = byAdministrator.get(administratorId);
  if (!summary) {
    summary = readSummary(db, administratorId, filters);
    byAdministrator.set(administratorId, summary);
  }
  return summary;
}

async function readSummary(db: Db, administratorId: number, filters: Kept): Promise<KeptSummary> {
  const rows = await keptDays(db, administratorId, filters).execute();
  const byLine: Record<Line, number> = { Electricidad: 0, Gas: 0 };
  const days = rows.map((row) => {
    for (const line of LINES) byLine[line] += Number(row[line] ?? 0);
    return { launch_date: row.launch_date, count: Number(row.count) };
  });
  return {
    days,
    byLine,
    total: byLine.Electricidad + byLine.Gas,
    every: rows.length ? Number(rows[0].every ?? 0) : null,
  };
}

/**
 * Where the match number `offset` (0 = newest) of an administrator's selection lies, newest launch date and
 * id first: its launch date, an id bound (the bucket's end) and how many matches on that date below the bound
 * come before it. Null when the selection holds no more than `offset` matches. `total` is every match, and
 * `every` every invoice in the dates and lines.
 * Reads one row per launch date (keptSummary), then the buckets of one date.
 */
export async function seekPosition(db: Db, administratorId: number, filters: Kept, offset: number) {
  const { days, total, every } = await keptSummary(db, administratorId, filters);
  const day = holding(days, (candidate) => candidate.count, offset);
  if (!day) return null;
  const buckets = await keptCounts(db, administratorId, filters)
    .where('launch_date', '=', day.part.launch_date)
    .select(['id_bucket', summed.as('count')])
    .groupBy('id_bucket')
    .orderBy('id_bucket', 'desc')
    .execute();
  const bucket = holding(buckets, (candidate) => Number(candidate.count), offset - day.before);
  if (!bucket) throw new Error('invoice_counts: los cubos de un día no suman su cuenta');
  const idBelow = (Number(bucket.part.id_bucket) + 1) * ID_BUCKET;
  return {
    launchDate: day.part.launch_date,
    idBelow,
    skip: offset - day.before - bucket.before,
    total,
    every: every ?? undefined,
  };
}

/** The part of ordered counts that holds match number `offset` (0 = the first), and the matches before it. */
export function holding<Part>(parts: Part[], count: (part: Part) => number, offset: number) {
  let before = 0;
  for (const part of parts) {
    if (before + count(part) > offset) return { part, before };
    before += count(part);
  }
  return null;
}
