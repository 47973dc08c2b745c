import { type MigrationResultSet, Migrator } from 'kysely';

import type { Db } from './database';
import { migrations } from './migrations';

/** PostgreSQL's code for a schema that does not exist. */
const INVALID_SCHEMA_NAME = '3F000';

/**
 * Pass the PostgreSQL schema the server works in: Kysely looks for its bookkeeping tables across all
 * schemas, so without it a kysely_migration table in another schema would be taken for ours.
 */
export async function migrateToLatest(db: Db, schema?: string, attempts = 3): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  const result = await migrator.migrateToLatest();
  // Kysely's look at the catalogue resolves every schema's tables by name, so another schema dropped meanwhile
  // (a database shared by several schemas, as the tests' is) fails it; nothing was migrated, and a second look works.
  if (result.error && droppedMeanwhile(result.error, schema) && attempts > 1) {
    return migrateToLatest(db, schema, attempts - 1);
  }
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'desconocida';
    throw new Error(`La migración ${failed} ha fallado`, { cause: result.error });
  }
  return result;
}

export function droppedMeanwhile(error: unknown, schema: string | undefined): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === INVALID_SCHEMA_NAME && !(schema && message?.includes(`"${schema}"`));
}
