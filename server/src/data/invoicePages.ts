import { sql } from 'kysely';

import { invoiceCounts } from '../caches';
import type { Db } from '../db/database';
import type { Account, Line } from '../db/schema';
import { ApiError } from '../http/errors';
import { serverToday } from '../clock';
import { amountCounts, amountCountsByLine } from './invoiceAmounts';
import {
  amountCountedAdministrator,
  countedAdministrator,
  everyInvoiceCount,
  holding,
  keptCountsByLine,
  keptSummary,
  seekPosition,
  unnarrowedAdministrator,
} from './invoiceCounts';
import { filteredInvoices, type InvoiceFilters, type InvoiceQuery } from './invoices';
import { scopeKey } from './scope';

/** Invoices per page on every list (DECISIONS "Lists and pagers"). */
export const INVOICE_PAGE_SIZE = 10;
/** The default query shows the latest ten invoices. */
export const DEFAULT_QUERY_SIZE = 10;
export const EXCEL_LIMIT = 1000;
export const PDF_ZIP_LIMIT = 200;
/** No invoice is older than the earliest selectable date (DECISIONS "Dates and numbers"). */
const EARLIEST_LAUNCH_DATE = '2004-01-01';

export const EXPORT_RANGE_MESSAGE = 'Sólo se permite 1 Año como máximo para las exportaciones.';
const BULK_LIMIT_MESSAGE =
  'La descarga masiva de facturas no es posible, ya que los resultados exceden los límites permitidos.';

export function bulkLimitMessage(count: number, limit: 'excel' | 'pdf'): string {
  const broken = limit === 'excel' ? 'EXCEL: 1,000 resultados' : 'PDF, ZIP: 200 resultados';
  return `${BULK_LIMIT_MESSAGE} Resultados actuales ${count}. Límites incumplidos: ${broken}`;
}

/** True when `until` is more than 12 months after `from` (the same day of the month is still allowed). */
export function exceedsOneYear(from: string, until: string): boolean {
  const [year, month, day] = from.split('-').map(Number);
  const limit = new Date(Date.UTC(year + 1, month - 1, day));
  // 29 February plus a year rolls over to 1 March, which is what "12 months and the day" allows.
  return until > limit.toISOString().slice(0, 10);
}

/** The 12-month export rule (spec 02 §5): a 400 with its message when the filters' dates break it. */
export function checkExportRange(filters: Pick<InvoiceFilters, 'from' | 'until'>): void {
  if (filters.from && filters.until && exceedsOneYear(filters.from, filters.until)) {
    throw new ApiError(400, 400, EXPORT_RANGE_MESSAGE);
  }
}

export type LineCounts = Record<Line, number>;

/**
 * Counts per line. An administrator's search by dates and lines sums the kept counts (invoiceCounts.ts), one
 * with a price filter too the kept counts per amount band (invoiceAmounts.ts); any other is one plain count
 * per line: a GROUP BY would sort every matching index entry, which for an
 * administrator's hundreds of thousands of invoices costs more than the count itself.
 */
export async function countByLine(db: Db, account: Account, filters: InvoiceFilters): Promise<LineCounts> {
  const administrator = countedAdministrator(account, filters);
  if (administrator !== null) return (await keptSummary(db, administrator, filters)).byLine;
  const priced = await amountCounted(db, account, filters);
  if (priced !== null) return amountCountsByLine(db, account, priced, filters);
  return plainCountsByLine(db, account, filters);
}

/**
 * Both lines counted in one statement (each line's count filters the same matches): the index entries read
 * are those of two counts, one round trip fewer. Cached per line under countMatches' keys, which a page's
 * search then finds.
 */
async function plainCountsByLine(db: Db, account: Account, filters: InvoiceFilters): Promise<LineCounts> {
  const cache = countsCacheOf(db, account);
  const keyOf = (line: Line) => `matches|${scopeKey(account)}|${filtersKey({ ...filters, lines: [line] })}`;
  const counts: LineCounts = { Electricidad: 0, Gas: 0 };
  const missing = filters.lines.filter((line) => {
    const hit = cache?.get(keyOf(line));
    if (hit !== undefined) counts[line] = hit;
    return hit === undefined;
  });
  if (!missing.length) return counts;
  const row = await filteredInvoices(db, account, { ...filters, lines: missing })
    .select((eb) =>
      missing.map((line) => eb.fn.countAll<number>().filterWhere('invoices.line', '=', line).as(line)),
    )
    .executeTakeFirstOrThrow();
  for (const line of missing) {
    counts[line] = Number(row[line]);
    cache?.set(keyOf(line), counts[line]);
  }
  return counts;
}

/**
 * Up to this many invoices in its dates and lines, an administrator's search with prices is counted directly
 * (through the holder index, well under 10 ms): cheaper than reading the cut euros of every holder.
 */
const COUNT_PRICES_DIRECTLY_UP_TO = 20_000;

/** The administrator whose counts per amount band answer a search with prices (invoiceAmounts.ts), or null. */
async function amountCounted(db: Db, account: Account, filters: InvoiceFilters): Promise<number | null> {
  const administrator = amountCountedAdministrator(account, filters);
  if (administrator === null) return null;
  const unpriced = await keptCountsByLine(db, administrator, filters);
  return unpriced.Electricidad + unpriced.Gas > COUNT_PRICES_DIRECTLY_UP_TO ? administrator : null;
}

/** Filters as text; undefined stays apart from null (filteredInvoices treats them differently). */
const filtersKey = (filters: object) =>
  JSON.stringify(filters, (_key, value: unknown) => (value === undefined ? '\u0000undefined' : value));

/**
 * The counts cache for the account's searches, or none for a customer: another process (a billing run) may
 * write a customer's invoice at any time and this process's cache would not hear of it, while a customer's
 * count reads a few holders' index entries, cheap enough to count every time. An administrator's counts stay
 * cached (60 s) in each process.
 */
function countsCacheOf(db: Db, account: Account) {
  return account.realm === 'cliente' ? undefined : invoiceCounts(db);
}

/** A count, from the cache (caches.ts invoiceCounts: keys name the caller's scope and every filter). */
async function countOf(
  db: Db,
  account: Account,
  key: string,
  selection: () => InvoiceQuery<object>,
): Promise<number> {
  const cache = countsCacheOf(db, account);
  const hit = cache?.get(key);
  if (hit !== undefined) return hit;
  const row = await selection()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  cache?.set(key, count);
  return count;
}

/** How many of the account's invoices match the filters (filteredInvoices with its dates and prices). */
async function countMatches(db: Db, account: Account, filters: InvoiceFilters): Promise<number> {
  const priced = await amountCounted(db, account, filters);
  if (priced !== null) {
    const counts = await amountCountsByLine(db, account, priced, filters);
    return counts.Electricidad + counts.Gas;
  }
  return countOf(db, account, `matches|${scopeKey(account)}|${filtersKey(filters)}`, () =>
    filteredInvoices(db, account, filters),
  );
}

/** Up to this many matches a page is sorted out of all of them. */
const SORT_DIRECTLY_UP_TO = 2000;
const FIRST_WINDOW_DAYS = 31;
/**
 * A selection holding at least 1 in this many of the invoices in its dates and lines is dense: walking the
 * launch dates newest first reads at most about this many invoices per invoice of the page.
 */
const DENSE_SHARE = 20;

const daysBefore = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

const newestFirst = <O>(query: InvoiceQuery<O>) =>
  query.orderBy('invoices.launch_date', 'desc').orderBy('invoices.id', 'desc');

/**
 * Ids of one page, newest launch date first (ascending for charts). Sorting every match to cut out ten rows
 * is what makes large lists slow. An administrator's search by dates and lines finds the page's position in
 * the kept counts (seekPosition) and reads from there. Otherwise, up to SORT_DIRECTLY_UP_TO matches they are
 * sorted. A dense selection (an administrator's clients hold most invoices) walks the launch-date index
 * newest first and stops after the page. Any other large one (`total` unknown or above SORT_DIRECTLY_UP_TO)
 * looks for the page among the latest month of matches, then a window four times wider, until the window
 * holds the page.
 */
export async function pageIds(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  {
    page,
    size,
    withDates = true,
    ascending = false,
    total,
  }: { page: number; size: number; withDates?: boolean; ascending?: boolean; total?: number },
): Promise<number[]> {
  const scoped: InvoiceFilters = withDates
    ? filters
    : { ...filters, from: null, until: null, minPrice: null, maxPrice: null };
  const administrator = countedAdministrator(account, scoped);
  const offset = (page - 1) * size;
  if (administrator !== null) {
    const position = await seekPosition(db, administrator, scoped, offset);
    const ids = await seekPage(db, account, scoped, position, size);
    return ascending ? ids.reverse() : ids;
  }
  const priced = amountCountedAdministrator(account, scoped);
  if (priced !== null && total !== undefined && (await isDense(db, total, scoped))) {
    const position = await pricedPosition(db, account, priced, scoped, offset);
    const ids = await seekPage(db, account, scoped, position, size, true);
    return ascending ? ids.reverse() : ids;
  }
  const needed = page * size;
  let window: InvoiceFilters = scoped;
  let walk = false;
  if (total === undefined || total > SORT_DIRECTLY_UP_TO) {
    const matches = total ?? (await countMatches(db, account, scoped));
    walk = await isDense(db, matches, scoped);
    const newest = scoped.until ?? serverToday();
    for (let days = FIRST_WINDOW_DAYS; !walk; days *= 4) {
      const from = daysBefore(newest, days);
      if ((scoped.from && from <= scoped.from) || from < EARLIEST_LAUNCH_DATE) break;
      const candidate = { ...scoped, from };
      if ((await countMatches(db, account, candidate)) >= needed) {
        window = candidate;
        break;
      }
    }
  }
  const ids = await sortedPageIds(db, account, window, { page, size, walk });
  return ascending ? ids.reverse() : ids;
}

/** One page of the matches, newest first, with LIMIT/OFFSET: sorted directly, or walking the launch dates. */
function sortedPageIds(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  { page, size, walk = false }: { page: number; size: number; walk?: boolean },
): Promise<number[]> {
  return newestFirst(filteredInvoices(db, account, filters, true, walk).select('invoices.id'))
    .limit(size)
    .offset((page - 1) * size)
    .execute()
    .then((rows) => rows.map((row) => row.id));
}

/**
 * The counts per line and the ids of page `page` of a search. A search that no kept counts answer (a
 * customer's, or one narrowed to a few holders) is nearly always small enough to sort directly, so its page is
 * asked together with its counts, not after them: one round trip less on PostgreSQL. Should the counts pass
 * SORT_DIRECTLY_UP_TO after all, the page is found again as pageIds would.
 */
export async function countsAndPage(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  { page, size }: { page: number; size: number },
): Promise<{ counts: LineCounts; ids: number[] }> {
  const pagedBy = async (counts: LineCounts) => {
    const total = counts.Electricidad + counts.Gas;
    const ids = page <= Math.ceil(total / size) ? await pageIds(db, account, filters, { page, size, total }) : [];
    return { counts, ids };
  };
  if (unnarrowedAdministrator(account, filters) !== null) return pagedBy(await countByLine(db, account, filters));
  const [counts, sorted] = await Promise.all([
    countByLine(db, account, filters),
    sortedPageIds(db, account, filters, { page, size }),
  ]);
  return counts.Electricidad + counts.Gas <= SORT_DIRECTLY_UP_TO ? { counts, ids: sorted } : pagedBy(counts);
}

/**
 * Where a page starts (seekQuery): a launch date, an id bound, the matches there to skip, every match, and every
 * invoice in the dates and lines when the kept counts gave it.
 */
type Position = { launchDate: string; idBelow: number | null; skip: number; total: number; every?: number };

/**
 * `size` ids from a position the kept counts give: the same rows ORDER BY launch_date DESC, id DESC
 * LIMIT/OFFSET gives, skipping only the matches of one date (of one bucket of it, with an id bound). A dense
 * selection walks the launch-date index from there (see pageIds); `dense` says so when already known.
 */
async function seekPage(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  position: Position | null,
  size: number,
  dense?: boolean,
): Promise<number[]> {
  if (!position) return [];
  const walk =
    dense ?? (position.total > SORT_DIRECTLY_UP_TO && (await isDense(db, position.total, filters, position.every)));
  const rows = await seekQuery(db, account, filters, position, walk)
    .limit(size)
    .offset(position.skip)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Where match number `offset` of an administrator's search with a price filter lies: the kept counts per amount
 * band give the matches per launch date, so a walk starts on the date that holds it, not on the newest date
 * (a date whose invoices have none of the amounts would be read whole).
 */
async function pricedPosition(
  db: Db,
  account: Account,
  administrator: number,
  filters: InvoiceFilters,
  offset: number,
): Promise<Position | null> {
  const days = [...(await amountCounts(db, account, administrator, filters, 'launch_date'))].sort(
    ([a], [b]) => (a < b ? 1 : -1),
  );
  const day = holding(days, ([, count]) => count, offset);
  if (!day) return null;
  const total = days.reduce((sum, [, count]) => sum + count, 0);
  return { launchDate: day.part[0], idBelow: null, skip: offset - day.before, total };
}

/**
 * Whether `matches` of the filters' dates and lines are dense enough to walk the launch dates for a page;
 * `every` is every invoice there, when already read.
 */
async function isDense(db: Db, matches: number, filters: InvoiceFilters, every?: number): Promise<boolean> {
  return matches * DENSE_SHARE >= (every ?? (await everyInvoiceCount(db, filters)));
}

/**
 * The matches from a position of the kept counts on (before its date, or on it below its id, or all of it when no
 * id is given), newest first.
 * The position is within the end date already; without it SQLite takes the position as the end of its range.
 */
export function seekQuery(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  position: { launchDate: string; idBelow: number | null },
  walk: boolean,
) {
  const query = newestFirst(
    filteredInvoices(db, account, { ...filters, until: null }, true, walk).select('invoices.id'),
  );
  // No id bound: the whole date and those before it.
  if (position.idBelow === null) return query.where('invoices.launch_date', '<=', position.launchDate);
  return query.where(
    sql<boolean>`(${sql.ref('invoices.launch_date')}, ${sql.ref('invoices.id')}) < (${position.launchDate}, ${position.idBelow})`,
  );
}

/** Enforces the export limits before any file is made (spec 02 §5 and §9). */
export async function checkExportLimits(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  limit: 'excel' | 'pdf',
): Promise<number> {
  checkExportRange(filters);
  const counts = await countByLine(db, account, filters);
  const count = counts.Electricidad + counts.Gas;
  if (count > (limit === 'excel' ? EXCEL_LIMIT : PDF_ZIP_LIMIT)) {
    throw new ApiError(400, 400, bulkLimitMessage(count, limit));
  }
  return count;
}
