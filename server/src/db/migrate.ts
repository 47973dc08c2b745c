import { type MigrationResultSet, Migrator } from 'kysely';

import type { Db } from './database';
import { migrations } from './migrations';

/**
 * Pass the PostgreSQL schema the server works in: Kysely looks for its bookkeeping tables across all
 * schemas, so without it a kysely_migration table in another schema would be taken for ours.
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'desconocida';
    throw new Error(`La migración ${failed} ha fallado`, { cause: result.error });
  }
  return result;
}
