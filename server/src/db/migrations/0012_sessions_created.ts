import type { Kysely } from 'kysely';

/** The stale-session purge (auth/stalePurge.ts) deletes by opening time: an index keeps it from reading every row. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('sessions_created_idx').on('sessions').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_created_idx').execute();
}
