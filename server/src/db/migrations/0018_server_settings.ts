import type { Kysely } from 'kysely';

/**
 * Settings every process on the database shares (db/startup.ts): on PostgreSQL the signing secret when no
 * process is given JWT_SECRET, and the fingerprint of the one in use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_settings').execute();
}
