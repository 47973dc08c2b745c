import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';

import { onPostgres } from './frozen';

function identity(db: Kysely<unknown>): (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return onPostgres(db)
    ? (column) => column.primaryKey().generatedByDefaultAsIdentity()
    : (column) => column.primaryKey().autoIncrement();
}

/**
 * Claims as Ley 10/2025 de servicios de atención a la clientela wants them (issue 27):
 * - issues.tracking_code: REC-AAAA-NNNNNN for a claim, SOL-AAAA-NNNNNN for any other request; null only until
 *   the start-up fills the requests made before (db/seed/issues.ts). received_at is the server clock's instant
 *   of receipt, deadline the last day to answer ('YYYY-MM-DD', Europe/Madrid); asked_for_person marks a
 *   customer who asked to be attended by a person.
 * - tracking_counters: the last number given per prefix and year, raised by one upsert, so two processes never
 *   hand out one code.
 * - request_messages: the conversation (the customer's and the staff's messages); request_events: every state
 *   change with who made it and when. Neither is ever updated.
 * - accounts.realm admits 'atencion': the retailer's staff sign in as a third realm of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = identity(db);
  await setRealms(db, "'cliente', 'fincas'", "'cliente', 'fincas', 'atencion'");
  await db.schema.alterTable('issues').addColumn('tracking_code', 'text').execute();
  await db.schema.alterTable('issues').addColumn('received_at', 'text').execute();
  await db.schema.alterTable('issues').addColumn('deadline', 'text').execute();
  await db.schema
    .alterTable('issues')
    .addColumn('asked_for_person', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('issues_tracking_code_uq')
    .on('issues')
    .column('tracking_code')
    .unique()
    .execute();

  await db.schema
    .createTable('tracking_counters')
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('tracking_counters_pk', ['prefix', 'year'])
    .execute();

  await db.schema
    .createTable('request_messages')
    .addColumn('id', 'integer', id)
    .addColumn('issue_id', 'integer', (c) => c.notNull().references('issues.id').onDelete('cascade'))
    .addColumn('author_kind', 'text', (c) => c.notNull().check(sql`author_kind in ('customer', 'staff')`))
    // The staff member who wrote it; null for the customer's messages.
    .addColumn('staff_account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('request_messages_issue_idx')
    .on('request_messages')
    .columns(['issue_id', 'id'])
    .execute();

  await db.schema
    .createTable('request_events')
    .addColumn('id', 'integer', id)
    .addColumn('issue_id', 'integer', (c) => c.notNull().references('issues.id').onDelete('cascade'))
    // Null for the opening of the request.
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    // 'customer', 'staff' or 'system' (a change the retailer scheduled).
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('staff_account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('request_events_issue_idx')
    .on('request_events')
    .columns(['issue_id', 'id'])
    .execute();
}

/**
 * Replaces the check of accounts.realm. PostgreSQL swaps the constraint; SQLite cannot alter a check, so the
 * table is rebuilt from its own definition (sqlite.org/lang_altertable.html, "other kinds of table schema
 * changes"), with its indexes, while foreign keys are off (Kysely runs SQLite migrations outside a transaction).
 */
async function setRealms(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  if (onPostgres(db)) {
    const { rows } = await sql<{ name: string }>`SELECT conname AS name FROM pg_constraint
      WHERE conrelid = 'accounts'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%realm%'`.execute(
      db,
    );
    for (const row of rows) await sql`ALTER TABLE accounts DROP CONSTRAINT ${sql.id(row.name)}`.execute(db);
    await sql
      .raw(`ALTER TABLE accounts ADD CONSTRAINT accounts_realm_check CHECK (realm in (${to}))`)
      .execute(db);
    return;
  }
  const table = await sql<{
    sql: string;
  }>`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'accounts'`.execute(db);
  const indexes = await sql<{ sql: string }>`SELECT sql FROM sqlite_master
    WHERE type = 'index' AND tbl_name = 'accounts' AND sql IS NOT NULL`.execute(db);
  const create = table.rows[0].sql
    .replace(`realm in (${from})`, `realm in (${to})`)
    .replace(/^create table "?accounts"?/i, 'create table "accounts_rebuilt"');
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql.raw(create).execute(db);
    await sql`INSERT INTO accounts_rebuilt SELECT * FROM accounts`.execute(db);
    await sql`DROP TABLE accounts`.execute(db);
    await sql`ALTER TABLE accounts_rebuilt RENAME TO accounts`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('request_events').execute();
  await db.schema.dropTable('request_messages').execute();
  await db.schema.dropTable('tracking_counters').execute();
  await db.schema.dropIndex('issues_tracking_code_uq').execute();
  await db.schema.alterTable('issues').dropColumn('asked_for_person').execute();
  await db.schema.alterTable('issues').dropColumn('deadline').execute();
  await db.schema.alterTable('issues').dropColumn('received_at').execute();
  await db.schema.alterTable('issues').dropColumn('tracking_code').execute();
  await sql`DELETE FROM accounts WHERE realm = 'atencion'`.execute(db);
  await setRealms(db, "'cliente', 'fincas', 'atencion'", "'cliente', 'fincas'");
}
