import type { CompiledQuery, Kysely, KyselyPlugin, RootOperationNode } from 'kysely';

import { nextTurn } from '../eventLoop';

/**
 * Where a SQLite read runs, declared where the query is made (db/sqliteReadPool.ts): `reader` for reads heavy
 * by what they are (an administrator's portfolio search, a year of hours), `main` for reads that must never pay
 * a thread round trip (the session lookup of every signed-in call). Undeclared reads run on the main connection.
 * Never decided by how long one run took: a cheap query that once ran slow on a busy machine was sent to a
 * thread for good, and every signed-in call paid for it (issue 30, "The cost of a cheap call").
 */
export type ReadPlace = 'reader' | 'main';

const places = new WeakMap<RootOperationNode, ReadPlace>();

/**
 * Records the place of every query of the Kysely instance it is added to, on a copy of the query's node made
 * for this run: a builder run again elsewhere (a `sql` template kept in a constant keeps its node and its id)
 * carries no declaration there. The copy compiles to the same SQL.
 */
class ReadPlacePlugin implements KyselyPlugin {
  constructor(private readonly place: ReadPlace) {}

  transformQuery: KyselyPlugin['transformQuery'] = ({ node }) => {
    const marked = Object.freeze({ ...node });
    places.set(marked, this.place);
    return marked;
  };

  transformResult: KyselyPlugin['transformResult'] = async ({ result }) => result;
}

const declared = new WeakMap<object, Partial<Record<ReadPlace, object>>>();

/**
 * `db` whose reads run at `place` on SQLite with readers; the same database otherwise (PostgreSQL, or no
 * readers). Writes and transactions stay on the main connection whatever is declared.
 */
export function readsOn<T>(db: Kysely<T>, place: ReadPlace): Kysely<T> {
  const byPlace = declared.get(db) ?? {};
  declared.set(db, byPlace);
  let withPlace = byPlace[place] as Kysely<T> | undefined;
  if (!withPlace) byPlace[place] = withPlace = db.withPlugin(new ReadPlacePlugin(place));
  return withPlace;
}

/** The place declared for a compiled query, if any. */
export const declaredPlace = (query: CompiledQuery): ReadPlace | undefined => places.get(query.query);

/** Rows per page of a read that takes every contract (30,000 at the scale seed). */
export const PAGE_ROWS = 2_000;

/**
 * Every row of a read too large to take at once, page by page in key order with a turn of the event loop
 * between pages: one answer of 30,000 rows held the event loop for 50–150 ms (PostgreSQL's rows parsed in one
 * go, a reader thread's rows copied in one go), long enough to break a customer's p99 beside the daily jobs.
 * `page` answers the rows after `after` (null: from the first), in key order, at most `limit` of them.
 */
export async function inPages<Row>(
  page: (after: number | null, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => number,
  limit = PAGE_ROWS,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let after: number | null = null; ;) {
    const got = await page(after, limit);
    rows.push(...got);
    if (got.length < limit) return rows;
    after = keyOf(got[got.length - 1]);
    await nextTurn();
  }
}
