import type { Db } from '../../db/database';
import type { Account, Line } from '../../db/schema';
import { type InvoiceFilters, type ListedInvoice, listItemsOf } from '../invoices';
import { keptSummary, type KeptSummary } from './keptCounts';
import { keptSeek } from './keptSeek';
import { pricedSeek } from './pricedSeek';
import { sorted, sortedListPage } from './sorted';

/**
 * How an invoice search is answered (server/docs/invoice-search.md): the plan looks at the search once (who asks,
 * which filters and, for an administrator's whole portfolio, the kept counts of its dates) and picks one strategy,
 * which gives the counts per line, a page of ids newest first, or both.
 */

export type LineCounts = Record<Line, number>;

/** What a search asks: its counts per line, and a page (1 = the newest `size` matches). */
export interface Asked {
  counts: boolean;
  page: { number: number; size: number } | null;
}

/** The counts (null when not asked) and the page's ids (none past the last page). */
export interface Found {
  counts: LineCounts | null;
  ids: number[];
}

/**
 * Up to this many invoices in its dates, lines and kinds an administrator's search is sorted as a customer's:
 * reading and sorting them through the holder index costs less than placing the page with the kept counts.
 */
const SORTED_UP_TO = 5000;

export type Plan =
  | { strategy: 'sorted'; counts: LineCounts | null }
  | { strategy: 'keptSeek' | 'pricedSeek'; summary: KeptSummary };

/**
 * Customers and searches narrowed to a few holders (number, contract, CUPS, NIF) are sorted without reading
 * anything first. An administrator's whole portfolio reads its kept counts once (one statement): they are the
 * counts of a search without prices, and say whether the portfolio in the dates is small enough to sort.
 */
export async function plan(db: Db, account: Account, filters: InvoiceFilters): Promise<Plan> {
  const administratorId = wholePortfolio(account, filters);
  if (administratorId === null) return { strategy: 'sorted', counts: null };
  const summary = await keptSummary(db, administratorId, filters);
  const priced = filters.minPrice !== null || filters.maxPrice !== null;
  if (summary.total <= SORTED_UP_TO) return { strategy: 'sorted', counts: priced ? null : summary.byLine };
  return { strategy: priced ? 'pricedSeek' : 'keptSeek', summary };
}

/** The administrator of a search that only dates, lines, kinds and prices narrow, or null. */
function wholePortfolio(account: Account, filters: InvoiceFilters): number | null {
  if (account.realm !== 'fincas' || account.administrator_id === null) return null;
  return filters.contractIds || filters.holderIds || filters.invoice ? null : account.administrator_id;
}

async function search(db: Db, account: Account, filters: InvoiceFilters, asked: Asked): Promise<Found> {
  const chosen = await plan(db, account, filters);
  switch (chosen.strategy) {
    case 'sorted':
      return sorted(db, account, filters, chosen.counts, asked);
    case 'keptSeek':
      return keptSeek(db, account, filters, chosen.summary, asked);
    case 'pricedSeek':
      return pricedSeek(db, account, filters, chosen.summary, asked);
  }
}

/** A list's search: its counts per line and page `page` of `size` ids (none past the last page). */
export async function searchInvoices(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  page: { number: number; size: number },
): Promise<{ counts: LineCounts; ids: number[] }> {
  const { counts, ids } = await search(db, account, filters, { counts: true, page });
  return { counts: counts!, ids };
}

/**
 * A list's counts per line and the items of page `page`: a sorted search without counts read yet (a customer's,
 * or one narrowed to a few holders) in one statement, the others as their strategy gives the ids, then the items.
 */
export async function searchListPage(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  page: { number: number; size: number },
): Promise<{ counts: LineCounts; items: ListedInvoice[] }> {
  const chosen = await plan(db, account, filters);
  if (chosen.strategy === 'sorted' && !chosen.counts) return sortedListPage(db, account, filters, page);
  const { counts, ids } = await searchInvoices(db, account, filters, page);
  return { counts, items: await listItemsOf(db, ids) };
}

/** The matches per line. */
export async function countInvoices(db: Db, account: Account, filters: InvoiceFilters): Promise<LineCounts> {
  return (await search(db, account, filters, { counts: true, page: null })).counts!;
}

/** Page `page` of `size` ids, newest first, when the count is known already. */
export async function invoicePage(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  page: { number: number; size: number },
): Promise<number[]> {
  return (await search(db, account, filters, { counts: false, page })).ids;
}

/** The newest `size` ids of the selection whatever its dates and prices: the default query's list. */
export function latestInvoices(db: Db, account: Account, filters: InvoiceFilters, size: number) {
  const latest = { ...filters, from: null, until: null, minPrice: null, maxPrice: null };
  return invoicePage(db, account, latest, { number: 1, size });
}
