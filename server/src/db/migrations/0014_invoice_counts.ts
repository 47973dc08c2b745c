import { type Kysely, sql } from 'kysely';

import { analyze, dropCountTriggers, keepCounts, type KeptCounts, onPostgres } from './frozen';

/**
 * Invoice counts kept per scope (issue 16): a new search by an administrator of a million invoices counts
 * and finds its page from a few thousand rows of invoice_counts instead of reading hundreds of thousands of
 * index entries (server/docs/invoice-search.md). Scope administrator_id 0 is every invoice (whether a
 * selection is dense). A row counts the invoices of one launch date, line and kind whose ids fall in one
 * bucket of ID_BUCKET ids: the bucket finds a deep page inside a day with a short walk, because one day may
 * hold tens of thousands of invoices. Triggers keep the counts on every write of invoices or of
 * administrator_clients, whoever writes. The number 16384 is ID_BUCKET of data/invoiceSearch/keptCounts.ts.
 */
const BUCKET = 'id / 16384';
const COLUMNS = 'administrator_id, launch_date, id_bucket, line, kind';

const INVOICE_COUNTS: KeptCounts = {
  table: 'invoice_counts',
  columns: COLUMNS,
  counted: (r) => `${r}.launch_date, ${r}.${BUCKET} AS id_bucket, ${r}.line, ${r}.kind`,
  everyInvoice: true,
  invoiceColumns: ['id', 'launch_date', 'line', 'kind'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = onPostgres(db);
  await db.schema
    .createTable('invoice_counts')
    .addColumn('administrator_id', 'integer', (c) => c.notNull())
    .addColumn('launch_date', 'text', (c) => c.notNull())
    .addColumn('id_bucket', 'integer', (c) => c.notNull())
    .addColumn('line', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    // Scope and date first: a date range of one scope is one range of the key, read in date order.
    .addPrimaryKeyConstraint('invoice_counts_pk', [
      'administrator_id',
      'launch_date',
      'id_bucket',
      'line',
      'kind',
    ])
    .$call((table) => (postgres ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  await keepCounts(db, INVOICE_COUNTS);

  // Deep pages seek on (launch_date, id): PostgreSQL orders equal keys by their place in the heap, not by id,
  // so the id joins the launch-date indexes (SQLite's already ended in the rowid, the id).
  await db.schema.dropIndex('invoices_launch_date_idx').execute();
  await db.schema.dropIndex('invoices_line_launch_date_idx').execute();
  await db.schema
    .createIndex('invoices_launch_date_id_idx')
    .on('invoices')
    .columns(['launch_date', 'id'])
    .execute();
  await db.schema
    .createIndex('invoices_line_launch_date_id_idx')
    .on('invoices')
    .columns(['line', 'launch_date', 'id'])
    .execute();
  await analyze(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropCountTriggers(db, INVOICE_COUNTS);
  await db.schema.dropTable('invoice_counts').execute();
  await db.schema.dropIndex('invoices_line_launch_date_id_idx').execute();
  await db.schema.dropIndex('invoices_launch_date_id_idx').execute();
  // Migration 0006's indexes again.
  await db.schema.createIndex('invoices_launch_date_idx').on('invoices').column('launch_date').execute();
  await db.schema
    .createIndex('invoices_line_launch_date_idx')
    .on('invoices')
    .columns(['line', 'launch_date'])
    .execute();
}
