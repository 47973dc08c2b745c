import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * What the migrations share, frozen. A migration is history: what it ran on a database must be what it runs on
 * the next one, so nothing here is ever changed, and a migration imports nothing else of the server (lint
 * enforces it). A new need gets a new function (or a copy in the new migration), never an edit of one below.
 */

/** Whether the database is PostgreSQL (else SQLite), as db/database.ts said when these were written. */
export function onPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Table statistics for the query planners, after a migration that added indexes or filled a table. On
 * PostgreSQL only the tables of our schema: a bare ANALYZE reads every schema of the database, and waits on
 * (or blocks) whatever another server or test does there. It changes no table, so the history stays the same.
 */
export async function analyze(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) {
    await sql`analyze`.execute(db);
    return;
  }
  const { rows } = await sql<{ name: string }>`SELECT quote_ident(tablename) AS name FROM pg_tables
    WHERE schemaname = current_schema()`.execute(db);
  if (rows.length > 0) await sql.raw(`analyze ${rows.map((row) => row.name).join(', ')}`).execute(db);
}

/**
 * A table of counts kept by triggers: its key columns, and what an invoice (`r`) counts under besides the
 * scope (`counted`, in the order of the key after administrator_id; `joined` adds a table it needs, one that
 * does not name the invoice).
 * `everyInvoice` adds scope 0. `invoiceColumns` are what `counted` reads of an invoice; an update of any
 * of them (or of the holder) moves the invoice's counts. Migration 0014 keeps invoice_counts this way and 0016
 * invoice_amount_counts: both ran this text, so it stays as it is.
 */
export interface KeptCounts {
  table: string;
  columns: string;
  counted: (r: string) => string;
  joined?: string;
  everyInvoice: boolean;
  invoiceColumns: readonly string[];
}

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
  const postgres = onPostgres(db);
  const all = (sign: 1 | -1) => clientDeltas(kept)('administrator_clients', sign);
  const every = `SELECT 0 AS administrator_id, ${kept.counted('r')}, 1 AS delta FROM invoices r${kept.joined ?? ''}`;
  await sql.raw(addDeltas(kept, kept.everyInvoice ? `${every} UNION ALL ${all(1)}` : all(1))).execute(db);
  for (const statement of postgres ? postgresTriggers(kept) : sqliteTriggers(kept))
    await sql.raw(statement).execute(db);
}

/** Drops the triggers of a counts table (and on PostgreSQL their functions). */
export async function dropCountTriggers(db: Kysely<unknown>, kept: KeptCounts): Promise<void> {
  const postgres = onPostgres(db);
  for (const { table, prefix } of tables(kept)) {
    for (const { op } of WRITES) {
      const name = triggerName(prefix, op);
      await sql.raw(postgres ? `DROP TRIGGER ${name} ON ${table}` : `DROP TRIGGER ${name}`).execute(db);
      if (postgres) await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
    }
  }
}
