import { type Kysely, sql } from 'kysely';

import { analyze, dropCountTriggers, keepCounts, type KeptCounts, onPostgres } from './frozen';

/**
 * Invoice counts per amount band (issue 16): an administrator's search with a price filter sums whole bands
 * instead of reading every matching invoice (server/docs/invoice-search.md, "The kept tables and what keeps them true"). Each
 * invoice counts in two bands of its amount, one euro wide (band floor(amount)) and 32 euros wide (band
 * floor(amount / 32)), per administrator of its holder, line, launch date and kind; triggers keep them as
 * they keep invoice_counts. The widths are AMOUNT_BAND_WIDTHS of data/invoiceSearch/pricedSeek.ts. The parts of a price
 * range narrower than a euro are counted directly, over the amount index made here.
 */
const AMOUNT_COUNTS: KeptCounts = {
  table: 'invoice_amount_counts',
  columns: 'administrator_id, line, width, band, launch_date, kind',
  counted: (r) =>
    `${r}.line, w.width, CAST(floor(${r}.amount / w.width) AS integer) AS band, ${r}.launch_date, ${r}.kind`,
  joined: ' CROSS JOIN (SELECT 1 AS width UNION ALL SELECT 32 AS width) w',
  everyInvoice: false,
  invoiceColumns: ['launch_date', 'line', 'kind', 'amount'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_amount_counts')
    .addColumn('administrator_id', 'integer', (c) => c.notNull())
    .addColumn('line', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('band', 'integer', (c) => c.notNull())
    .addColumn('launch_date', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    // A range of bands of one scope, line and width is one range of the key; the dates are filtered in it.
    .addPrimaryKeyConstraint('invoice_amount_counts_pk', [
      'administrator_id',
      'line',
      'width',
      'band',
      'launch_date',
      'kind',
    ])
    .$call((table) => (onPostgres(db) ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  await keepCounts(db, AMOUNT_COUNTS);
  // The parts narrower than a band: a narrow amount range of one line, the rest read from the index.
  await db.schema
    .createIndex('invoices_line_amount_idx')
    .on('invoices')
    .columns(['line', 'amount', 'launch_date', 'kind', 'holder_id'])
    .execute();
  await analyze(db);
  // SQLite: no skip-scan of the holder index (db/database.ts refreshPlannerStatistics says why, and keeps it so
  // after every later ANALYZE).
  if (!onPostgres(db)) {
    await sql`UPDATE sqlite_stat1 SET stat = stat || ' noskipscan'
      WHERE idx = 'invoices_holder_line_date_idx' AND stat NOT LIKE '%noskipscan%'`.execute(db);
    await sql`analyze sqlite_schema`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invoices_line_amount_idx').execute();
  await dropCountTriggers(db, AMOUNT_COUNTS);
  await db.schema.dropTable('invoice_amount_counts').execute();
}
