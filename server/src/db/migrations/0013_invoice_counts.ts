import { type Kysely, sql } from 'kysely';

import { isPostgres, refreshPlannerStatistics } from '../database';

/**
 * Invoice counts kept per scope (issue 16): a new search by an administrator of a million invoices counts
 * and finds its page from a few thousand rows of invoice_counts instead of reading hundreds of thousands of
 * index entries (server/docs/invoice-lists-at-scale.md). Scope administrator_id 0 is every invoice (whether a
 * selection is dense). A row counts the invoices of one launch date, line and kind whose ids fall in one
 * bucket of ID_BUCKET ids: the bucket finds a deep page inside a day with a short walk, because one day may
 * hold tens of thousands of invoices. Triggers keep the counts on every write of invoices or of
 * administrator_clients, whoever writes. The number 16384 is ID_BUCKET of data/invoiceCounts.ts.
 */
const BUCKET = 'id / 16384';
const COLUMNS = 'administrator_id, launch_date, id_bucket, line, kind';

/** Scope 0 and every administrator of the row's holder, as (administrator_id) rows, for `row` (NEW, OLD, r). */
const scopesOf = (row: string) =>
  `SELECT 0 AS administrator_id UNION ALL ` +
  `SELECT c.administrator_id FROM administrator_clients c WHERE c.holder_id = ${row}.holder_id`;

/** Adds `delta` rows (the COLUMNS and a delta) to the counts: one upsert statement. */
const addDeltas = (deltas: string) =>
  `INSERT INTO invoice_counts (${COLUMNS}, count) ` +
  `SELECT ${COLUMNS}, sum(delta) FROM (${deltas}) d WHERE true GROUP BY ${COLUMNS} ` +
  `ON CONFLICT (${COLUMNS}) DO UPDATE SET count = invoice_counts.count + excluded.count`;

/** One (scope, day, bucket, line, kind) delta per scope of a single invoice row (SQLite row triggers). */
const rowDeltas = (row: 'NEW' | 'OLD', sign: 1 | -1) =>
  `SELECT s.administrator_id, ${row}.launch_date, ${row}.${BUCKET} AS id_bucket, ${row}.line, ${row}.kind, ` +
  `${sign} AS delta FROM (${scopesOf(row)}) s`;

/** The deltas of a set of invoice rows (PostgreSQL transition tables). */
const tableDeltas = (rows: string, sign: 1 | -1) =>
  `SELECT s.administrator_id, r.launch_date, r.${BUCKET} AS id_bucket, r.line, r.kind, ${sign} AS delta ` +
  `FROM ${rows} r CROSS JOIN LATERAL (${scopesOf('r')}) s`;

/** The deltas of clients added to (1) or taken from (-1) administrators: their holders' invoices. */
const clientDeltas = (links: string, sign: 1 | -1) =>
  `SELECT l.administrator_id, i.launch_date, i.${BUCKET} AS id_bucket, i.line, i.kind, ${sign} AS delta ` +
  `FROM ${links} l JOIN invoices i ON i.holder_id = l.holder_id`;

const SQLITE_TRIGGERS = [
  `CREATE TRIGGER invoice_counts_insert AFTER INSERT ON invoices BEGIN ${addDeltas(rowDeltas('NEW', 1))}; END`,
  `CREATE TRIGGER invoice_counts_delete AFTER DELETE ON invoices BEGIN ${addDeltas(rowDeltas('OLD', -1))}; END`,
  `CREATE TRIGGER invoice_counts_update AFTER UPDATE OF holder_id, launch_date, line, kind ON invoices BEGIN ` +
    `${addDeltas(`${rowDeltas('OLD', -1)} UNION ALL ${rowDeltas('NEW', 1)}`)}; END`,
  `CREATE TRIGGER invoice_counts_client_insert AFTER INSERT ON administrator_clients BEGIN ` +
    `${addDeltas(clientDeltas('(SELECT NEW.administrator_id AS administrator_id, NEW.holder_id AS holder_id)', 1))}; END`,
  `CREATE TRIGGER invoice_counts_client_delete AFTER DELETE ON administrator_clients BEGIN ` +
    `${addDeltas(clientDeltas('(SELECT OLD.administrator_id AS administrator_id, OLD.holder_id AS holder_id)', -1))}; END`,
  `CREATE TRIGGER invoice_counts_client_update AFTER UPDATE ON administrator_clients BEGIN ` +
    `${addDeltas(
      `${clientDeltas('(SELECT OLD.administrator_id AS administrator_id, OLD.holder_id AS holder_id)', -1)} ` +
        `UNION ALL ${clientDeltas('(SELECT NEW.administrator_id AS administrator_id, NEW.holder_id AS holder_id)', 1)}`,
    )}; END`,
];

/** PostgreSQL: statement triggers over the transition tables, one upsert per statement (the seeds insert 500 rows at a time). */
function postgresTriggers(): string[] {
  const on = [
    {
      table: 'invoices',
      name: 'invoice_counts_insert',
      op: 'INSERT',
      refs: 'NEW TABLE AS new_rows',
      deltas: tableDeltas('new_rows', 1),
    },
    {
      table: 'invoices',
      name: 'invoice_counts_delete',
      op: 'DELETE',
      refs: 'OLD TABLE AS old_rows',
      deltas: tableDeltas('old_rows', -1),
    },
    {
      table: 'invoices',
      name: 'invoice_counts_update',
      op: 'UPDATE',
      refs: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
      deltas: `${tableDeltas('old_rows', -1)} UNION ALL ${tableDeltas('new_rows', 1)}`,
    },
    {
      table: 'administrator_clients',
      name: 'invoice_counts_client_insert',
      op: 'INSERT',
      refs: 'NEW TABLE AS new_rows',
      deltas: clientDeltas('new_rows', 1),
    },
    {
      table: 'administrator_clients',
      name: 'invoice_counts_client_delete',
      op: 'DELETE',
      refs: 'OLD TABLE AS old_rows',
      deltas: clientDeltas('old_rows', -1),
    },
    {
      table: 'administrator_clients',
      name: 'invoice_counts_client_update',
      op: 'UPDATE',
      refs: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
      deltas: `${clientDeltas('old_rows', -1)} UNION ALL ${clientDeltas('new_rows', 1)}`,
    },
  ];
  return on.flatMap(({ table, name, op, refs, deltas }) => [
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${addDeltas(deltas)}; RETURN NULL; END $$`,
    `CREATE TRIGGER ${name} AFTER ${op} ON ${table} REFERENCING ${refs} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
  ]);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
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
  await sql
    .raw(
      `INSERT INTO invoice_counts (${COLUMNS}, count) ` +
        `SELECT 0, launch_date, ${BUCKET}, line, kind, count(*) FROM invoices GROUP BY launch_date, ${BUCKET}, line, kind`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO invoice_counts (${COLUMNS}, count) ` +
        `SELECT c.administrator_id, i.launch_date, i.${BUCKET}, i.line, i.kind, count(*) ` +
        `FROM invoices i JOIN administrator_clients c ON c.holder_id = i.holder_id ` +
        `GROUP BY c.administrator_id, i.launch_date, i.${BUCKET}, i.line, i.kind`,
    )
    .execute(db);
  for (const statement of postgres ? postgresTriggers() : SQLITE_TRIGGERS)
    await sql.raw(statement).execute(db);

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
  await refreshPlannerStatistics(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  for (const name of [
    'invoice_counts_insert',
    'invoice_counts_delete',
    'invoice_counts_update',
    'invoice_counts_client_insert',
    'invoice_counts_client_delete',
    'invoice_counts_client_update',
  ]) {
    const table = name.includes('client') ? 'administrator_clients' : 'invoices';
    await sql.raw(postgres ? `DROP TRIGGER ${name} ON ${table}` : `DROP TRIGGER ${name}`).execute(db);
    if (postgres) await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
  }
  await db.schema.dropTable('invoice_counts').execute();
  await db.schema.dropIndex('invoices_line_launch_date_id_idx').execute();
  await db.schema.dropIndex('invoices_launch_date_id_idx').execute();
  await db.schema.createIndex('invoices_launch_date_idx').on('invoices').column('launch_date').execute();
  await db.schema
    .createIndex('invoices_line_launch_date_idx')
    .on('invoices')
    .columns(['line', 'launch_date'])
    .execute();
}
