import { type Kysely, sql } from 'kysely';

/**
 * When a support request last changed (issue 14): the list and the detail show it beside the opening date.
 * Requests made before this migration take their opening date, the last change known for them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('issues').addColumn('updated_at', 'text').execute();
  await sql`update issues set updated_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('issues').dropColumn('updated_at').execute();
}
