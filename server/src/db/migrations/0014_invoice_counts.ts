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

/**
 * A table of counts kept by triggers: its key columns, and what an invoice (`r`) counts under besides the
 * scope (`counted`, in the order of the key after administrator_id; `joined` adds a table it needs, one that
 * does not name the invoice).
 * `everyInvoice` adds scope 0. `invoiceColumns` are what `counted` reads of an invoice; an update of any
 * of them (or of the holder) moves the invoice's counts. Migration 0016 keeps a second table this way.
 */
export interface KeptCounts {
  table: string;
  columns: string;
  counted: (r: string) => string;
  joined?: string;
  everyInvoice: boolean;
  invoiceColumns: readonly string[];
}

const INVOICE_COUNTS: KeptCounts = {
  table: 'invoice_counts',
  columns: COLUMNS,
  counted: (r) => `${r}.launch_date, ${r}.${BUCKET} AS id_bucket, ${r}.line, ${r}.kind`,
  everyInvoice: true,
  invoiceColumns: ['id', 'launch_date', 'line', 'kind'],
};

/** Adds `delta` rows (the columns and a delta) to the counts: one upsert statement. */
const addDeltas = ({ table, columns }: KeptCounts, deltas: string) =>
  `INSERT INTO ${table} (${columns}, count) ` +
  `SELECT ${columns}, sum(delta) FROM (${deltas}) d WHERE true GROUP BY ${columns} ` +
  `ON CONFLICT (${columns}) DO UPDATE SET count = ${table}.count + excluded.count`;

/**
 * One delta per scope of each invoice of `rows` (a table, or NEW / OLD): scope 0 (when kept) and every
 * administrator of the invoice's holder.
 */
const invoiceDeltas = (kept: KeptCounts) => (rows: string, sign: 1 | -1) => {
  const counted = `${kept.counted('r')}, ${sign} AS delta`;
  const from = `${rows} r${kept.joined ?? ''}`;
  const clients = `SELECT c.administrator_id, ${counted} FROM ${from} JOIN administrator_clients c ON c.holder_id = r.holder_id`;
  return kept.everyInvoice
    ? `SELECT 0 AS administrator_id, ${counted} FROM ${from} UNION ALL ${clients}`
    : clients;
};

/** The deltas of clients added to (1) or taken from (-1) administrators: their holders' invoices. */
const clientDeltas = (kept: KeptCounts) => (links: string, sign: 1 | -1) =>
  `SELECT l.administrator_id, ${kept.counted('i')}, ${sign} AS delta ` +
  `FROM ${links} l JOIN invoices i ON i.holder_id = l.holder_id${kept.joined ?? ''}`;

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

/** The tables whose writes the triggers follow, with the trigger names' prefix. */
const tables = (kept: KeptCounts) =>
  [
    {
      table: 'invoices',
      prefix: kept.table,
      deltas: invoiceDeltas(kept),
      columns: [...new Set(['id', 'holder_id', ...kept.invoiceColumns])].map(
        (column) => `NEW.${column} AS ${column}`,
      ),
      of: ['holder_id', ...kept.invoiceColumns.filter((column) => column !== 'id')].join(', '),
    },
    {
      table: 'administrator_clients',
      prefix: `${kept.table}_client`,
      deltas: clientDeltas(kept),
      columns: ['NEW.administrator_id AS administrator_id', 'NEW.holder_id AS holder_id'],
      of: null,
    },
  ] as const;

const triggerName = (prefix: string, op: string) => `${prefix}_${op.toLowerCase()}`;

/**
 * SQLite: row triggers, one upsert each (NEW / OLD read as a one-row table). An invoice's update counts only
 * when it changes what the counts group by.
 */
const sqliteTriggers = (kept: KeptCounts) =>
  tables(kept).flatMap(({ table, prefix, deltas, columns, of }) =>
    WRITES.map(({ op, changes }) => {
      const rows = changes.map(([row, sign]) => {
        const values = columns.map((column) => column.replaceAll('NEW', row.toUpperCase())).join(', ');
        return deltas(`(SELECT ${values})`, sign);
      });
      const updateOf = op === 'UPDATE' && of ? ` OF ${of}` : '';
      return (
        `CREATE TRIGGER ${triggerName(prefix, op)} AFTER ${op}${updateOf} ON ${table} ` +
        `BEGIN ${addDeltas(kept, rows.join(' UNION ALL '))}; END`
      );
    }),
  );

/**
 * PostgreSQL: statement triggers over the transition tables, one grouped upsert per statement (the seeds
 * insert 500 rows at a time).
 */
const postgresTriggers = (kept: KeptCounts) =>
  tables(kept).flatMap(({ table, prefix, deltas }) =>
    WRITES.flatMap(({ op, changes }) => {
      const name = triggerName(prefix, op);
      const refs = changes.map(([row]) => `${row.toUpperCase()} TABLE AS ${row}_rows`).join(' ');
      const rows = changes.map(([row, sign]) => deltas(`${row}_rows`, sign)).join(' UNION ALL ');
      return [
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${addDeltas(kept, rows)}; RETURN NULL; END $$`,
        `CREATE TRIGGER ${name} AFTER ${op} ON ${table} REFERENCING ${refs} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
      ];
    }),
  );

/** Fills a new counts table from the invoices and creates its triggers. */
export async function keepCounts(db: Kysely<unknown>, kept: KeptCounts): Promise<void> {
  const postgres = isPostgres(db);
  const all = (sign: 1 | -1) => clientDeltas(kept)('administrator_clients', sign);
  const every = `SELECT 0 AS administrator_id, ${kept.counted('r')}, 1 AS delta FROM invoices r${kept.joined ?? ''}`;
  await sql.raw(addDeltas(kept, kept.everyInvoice ? `${every} UNION ALL ${all(1)}` : all(1))).execute(db);
  for (const statement of postgres ? postgresTriggers(kept) : sqliteTriggers(kept))
    await sql.raw(statement).execute(db);
}

/** Drops the triggers of a counts table (and on PostgreSQL their functions). */
export async function dropCountTriggers(db: Kysely<unknown>, kept: KeptCounts): Promise<void> {
  const postgres = isPostgres(db);
  for (const { table, prefix } of tables(kept)) {
    for (const { op } of WRITES) {
      const name = triggerName(prefix, op);
      await sql.raw(postgres ? `DROP TRIGGER ${name} ON ${table}` : `DROP TRIGGER ${name}`).execute(db);
      if (postgres) await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
    }
  }
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
  await refreshPlannerStatistics(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropCountTriggers(db, INVOICE_COUNTS);
  await db.schema.dropTable('invoice_counts').execute();
  await db.schema.dropIndex('invoices_line_launch_date_id_idx').execute();
  await db.schema.dropIndex('invoices_launch_date_id_idx').execute();
  await launchDateIndexes(db);
}
