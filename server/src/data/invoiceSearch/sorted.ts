import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { filteredInvoices, type InvoiceFilters } from '../invoices';
import type { Asked, Found, LineCounts } from './plan';

/**
 * The plain sorted query: the matches read through the holder's index, counted in one statement (each line's
 * count filters the same matches) and sorted for the page, ORDER BY launch_date DESC, id DESC LIMIT/OFFSET; both
 * statements run at once. Wins for a customer (a few hundred invoices), a small administrator and any search
 * narrowed to a few holders (number, contract, CUPS, NIF): sorting a few thousand index entries costs less than
 * any bookkeeping. `known` are counts the plan already read.
 */
export async function sorted(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  known: LineCounts | null,
  asked: Asked,
): Promise<Found> {
  const [counts, ids] = await Promise.all([
    asked.counts ? (known ?? countsByLine(db, account, filters)) : null,
    asked.page ? sortedPage(db, account, filters, asked.page) : [],
  ]);
  return { counts, ids };
}

async function countsByLine(db: Db, account: Account, filters: InvoiceFilters): Promise<LineCounts> {
  // A path line and a query line can leave none: nothing to count, and no column to count it in.
  if (!filters.lines.length) return { Electricidad: 0, Gas: 0 };
  const row = await filteredInvoices(db, account, filters)
    .select((eb) =>
      filters.lines.map((line) => eb.fn.countAll<number>().filterWhere('invoices.line', '=', line).as(line)),
    )
    .executeTakeFirstOrThrow();
  return { Electricidad: Number(row.Electricidad ?? 0), Gas: Number(row.Gas ?? 0) };
}

/**
 * The page's query: the matches are read first (a materialised CTE, through the holder's index) and then sorted.
 * Left to itself PostgreSQL takes its row estimates as spread evenly over the dates and walks the launch-date
 * index backwards for a customer's latest ten, reading everyone's recent invoices until ten are the holder's.
 */
export function sortedPageQuery(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  page: { number: number; size: number },
) {
  return db
    .with(
      (cte) => cte('matches').materialized(),
      () => filteredInvoices(db, account, filters).select(['invoices.id', 'invoices.launch_date']),
    )
    .selectFrom('matches')
    .select('matches.id')
    .orderBy('matches.launch_date', 'desc')
    .orderBy('matches.id', 'desc')
    .limit(page.size)
    .offset((page.number - 1) * page.size);
}

async function sortedPage(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  page: { number: number; size: number },
) {
  const rows = await sortedPageQuery(db, account, filters, page).execute();
  return rows.map((row) => row.id);
}
