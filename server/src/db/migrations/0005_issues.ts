import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';

import { onPostgres } from './frozen';

function identity(db: Kysely<unknown>): (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return onPostgres(db)
    ? (column) => column.primaryKey().generatedByDefaultAsIdentity()
    : (column) => column.primaryKey().autoIncrement();
}

/** Support requests with their categories, and the diagnostic entries the SPA posts (spec 01 §7). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = identity(db);

  await db.schema
    .createTable('issue_categories')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('issue_subcategories')
    .addColumn('id', 'integer', id)
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().references('issue_categories.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('issue_subcategories_category_name_uq', ['category_id', 'name'])
    .execute();

  await db.schema
    .createTable('issues')
    .addColumn('id', 'integer', id)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('issue_categories.id'))
    .addColumn('subcategory_id', 'integer', (c) => c.notNull().references('issue_subcategories.id'))
    .addColumn('line', 'text', (c) => c.notNull().check(sql`line in ('Electricidad', 'Gas')`))
    .addColumn('cups', 'text', (c) => c.notNull())
    .addColumn('contract_code', 'text', (c) => c.notNull())
    // The contact data as they were when the request was made: support calls back on those.
    .addColumn('holder_nif', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('telephone', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('Nueva', 'En curso', 'Resuelta', 'Cerrada')`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('issues_account_status_idx')
    .on('issues')
    .columns(['account_id', 'status'])
    .execute();

  await db.schema
    .createTable('debug_logs')
    .addColumn('id', 'integer', id)
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('realm', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('debug_logs_account_idx').on('debug_logs').column('account_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['debug_logs', 'issues', 'issue_subcategories', 'issue_categories']) {
    await db.schema.dropTable(table).execute();
  }
}
