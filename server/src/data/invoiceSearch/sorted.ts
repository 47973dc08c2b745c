import { type Db, keepPreparedOnPostgres } from '../../db/database';
import type { Account } from '../../db/schema';
import { filteredInvoices, type InvoiceFilters, LIST_ITEM_COLUMNS, type ListedInvoice } from '../invoices';
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

/**
 * A sorted search's counts, page and page items in one statement: the matches are read once (not once per
 * count and once per page) and the page's invoices joined to their parties in the same round trip. A customer's
 * list was three round trips after its session's: on PostgreSQL, while the billing run shares the cores, each
 * waits its turn for a core, and those waits made the list's p99 (issue 26, bench 18). Always one row (the
 * counts), with no invoice when the page is past the last.
 */
export async function sortedListPage(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  page: { number: number; size: number },
): Promise<{ counts: LineCounts; items: ListedInvoice[] }> {
  const query = sortedListPageQuery(db, account, filters, page).compile();
  // A customer's list is the hottest search: PostgreSQL keeps its few texts prepared. An administrator's
  // narrowed search is planned for its own values.
  if (account.realm !== 'fincas') keepPreparedOnPostgres(query.sql);
  const { rows } = await db.executeQuery(query);
  return {
    counts: { Electricidad: Number(rows[0]?.electricity_count ?? 0), Gas: Number(rows[0]?.gas_count ?? 0) },
    items: rows
      .filter((row) => row.id !== null)
      // The joined columns are typed nullable by the left joins; a row with an id has all its invoice's.
      .map(({ electricity_count: _electricity, gas_count: _gas, ...item }) => item as ListedInvoice),
  };
}

export function sortedListPageQuery(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  page: { number: number; size: number },
) {
  return (
    db
      .with(
        (cte) => cte('matches').materialized(),
        () =>
          filteredInvoices(db, account, filters).select([
            'invoices.id',
            'invoices.launch_date',
            'invoices.line',
          ]),
      )
      .with('counted', (query) =>
        query
          .selectFrom('matches')
          .select((eb) => [
            eb.fn
              .countAll<number | string>()
              .filterWhere('matches.line', '=', 'Electricidad')
              .as('electricity_count'),
            eb.fn.countAll<number | string>().filterWhere('matches.line', '=', 'Gas').as('gas_count'),
          ]),
      )
      .with('paged', (query) =>
        query
          .selectFrom('matches')
          .select(['matches.id', 'matches.launch_date'])
          .orderBy('matches.launch_date', 'desc')
          .orderBy('matches.id', 'desc')
          .limit(page.size)
          .offset((page.number - 1) * page.size),
      )
      .selectFrom('counted')
      .leftJoin('paged', (join) => join.onTrue())
      // Left joins keep the counts' row when the page is empty; an invoice always has its three parties.
      .leftJoin('invoices', 'invoices.id', 'paged.id')
      .leftJoin('contracts', 'contracts.id', 'invoices.contract_id')
      .leftJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
      .leftJoin('holders', 'holders.id', 'invoices.holder_id')
      .selectAll('counted')
      .select(LIST_ITEM_COLUMNS)
      .orderBy('paged.launch_date', 'desc')
      .orderBy('paged.id', 'desc')
  );
}
