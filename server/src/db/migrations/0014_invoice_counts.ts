import { type Kysely, sql } from 'kysely';

import { isPostgres, refreshPlannerStatistics } from '../database';
import { up as launchDateIndexes } from './0006_invoice_launch_date';

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

/** Adds `delta` rows (the COLUMNS and a delta) to the counts: one upsert statement. */
const addDeltas = (deltas: string) =>
  `INSERT INTO invoice_counts (${COLUMNS}, count) ` +
  `SELECT ${COLUMNS}, sum(delta) FROM (${deltas}) d WHERE true GROUP BY ${COLUMNS} ` +
  `ON CONFLICT (${COLUMNS}) DO UPDATE SET count = invoice_counts.count + excluded.count`;

/**
 * One (scope, day, bucket, line, kind) delta per scope of each invoice of `rows` (a table, or NEW / OLD):
 * scope 0 and every administrator of the invoice's holder.
 */
const invoiceDeltas = (rows: string, sign: 1 | -1) => {
  const counted = `r.launch_date, r.${BUCKET} AS id_bucket, r.line, r.kind, ${sign} AS delta`;
  return (
    `SELECT 0 AS administrator_id, ${counted} FROM ${rows} r UNION ALL ` +
    `SELECT c.administrator_id, ${counted} FROM ${rows} r JOIN administrator_clients c ON c.holder_id = r.holder_id`
  );
};

/** The deltas of clients added to (1) or taken from (-1) administrators: their holders' invoices. */
const clientDeltas = (links: string, sign: 1 | -1) =>
  `SELECT l.administrator_id, i.launch_date, i.${BUCKET} AS id_bucket, i.line, i.kind, ${sign} AS delta ` +
  `FROM ${links} l JOIN invoices i ON i.holder_id = l.holder_id`;

/** Each write and the rows whose counts it takes away (old, -1) and adds (new, 1). */
const WRITES = [
  { op: 'INSERT', changes: [['new', 1]] },
  { op: 'DELETE', changes: [['old', -1]] },
  {
    op: 'UPDATE',
    changes: [
      ['old', -1],
      ['new', 1],
    ],
  },
] as const;

const TABLES = [
  {
    table: 'invoices',
    prefix: 'invoice_counts',
    deltas: invoiceDeltas,
    columns: ['id', 'holder_id', 'launch_date', 'line', 'kind'].map((column) => `NEW.${column} AS ${column}`),
  },
  {
    table: 'administrator_clients',
    prefix: 'invoice_counts_client',
    deltas: clientDeltas,
    columns: ['NEW.administrator_id AS administrator_id', 'NEW.holder_id AS holder_id'],
  },
] as const;

const triggerName = (prefix: string, op: string) => `${prefix}_${op.toLowerCase()}`;

/**
 * SQLite: row triggers, one upsert each (NEW / OLD read as a one-row table). An invoice's update counts only
 * when it changes what the counts group by.
 */
const sqliteTriggers = () =>
  TABLES.flatMap(({ table, prefix, deltas, columns }) =>
    WRITES.map(({ op, changes }) => {
      const rows = changes.map(([row, sign]) => {
        const values = columns.map((column) => column.replaceAll('NEW', row.toUpperCase())).join(', ');
        return deltas(`(SELECT ${values})`, sign);
      });
      const of = op === 'UPDATE' && table === 'invoices' ? ' OF holder_id, launch_date, line, kind' : '';
      return (
        `CREATE TRIGGER ${triggerName(prefix, op)} AFTER ${op}${of} ON ${table} ` +
        `BEGIN ${addDeltas(rows.join(' UNION ALL '))}; END`
      );
    }),
  );

/**
 * PostgreSQL: statement triggers over the transition tables, one grouped upsert per statement (the seeds
 * insert 500 rows at a time).
 */
const postgresTriggers = () =>
  TABLES.flatMap(({ table, prefix, deltas }) =>
    WRITES.flatMap(({ op, changes }) => {
      const name = triggerName(prefix, op);
      const refs = changes.map(([row]) => `${row.toUpperCase()} TABLE AS ${row}_rows`).join(' ');
      const rows = changes.map(([row, sign]) => deltas(`${row}_rows`, sign)).join(' UNION ALL ');
      return [
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${addDeltas(rows)}; RETURN NULL; END $$`,
        `CREATE TRIGGER ${name} AFTER ${op} ON ${table} REFERENCING ${refs} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
      ];
    }),
  );

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
  for (const statement of postgres ? postgresTriggers() : sqliteTriggers())
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
  for (const { table, prefix } of TABLES) {
    for (const { op } of WRITES) {
      const name = triggerName(prefix, op);
      await sql.raw(postgres ? `DROP TRIGGER ${name} ON ${table}` : `DROP TRIGGER ${name}`).execute(db);
      if (postgres) await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
    }
  }
  await db.schema.dropTable('invoice_counts').execute();
  await db.schema.dropIndex('invoices_line_launch_date_id_idx').execute();
  await db.schema.dropIndex('invoices_launch_date_id_idx').execute();
  await launchDateIndexes(db);
}
