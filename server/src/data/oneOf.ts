import { type RawBuilder, sql, type SqlBool } from 'kysely';

/**
 * `column in (values)`, and no row for no values: PostgreSQL refuses an empty `in ()` (a 500), which SQLite
 * reads as false. Every filter list a request can empty (lines, kinds, holders) goes through here.
 */
export function oneOf<V extends string | number>(column: RawBuilder<V>, values: readonly V[]) {
  return values.length ? sql<SqlBool>`${column} in (${sql.join([...values])})` : sql<SqlBool>`1 = 0`;
}
