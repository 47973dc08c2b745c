import type { CompiledQuery, Kysely, KyselyPlugin, RootOperationNode } from 'kysely';

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
