import path from 'node:path';

import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type SqliteDatabase as KyselySqliteDatabase,
  sql,
} from 'kysely';

import { preparedStatements } from '../caches';
import type { ServerConfig } from '../config';
import { readsOn } from './readPlaces';
import type { Database } from './schema';
import { PooledSqliteDialect, SqliteReadPool } from './sqliteReadPool';
import { ImmediateSqliteDialect } from './sqliteWriter';

export type Db = Kysely<Database>;

const BUSY_TIMEOUT_MS = 5000;

/** The SQLite database's file inside the data directory. */
export const SQLITE_FILE = 'oficina.sqlite';

/**
 * The statements PostgreSQL keeps prepared, by SQL text: each connection parses one once, and after five runs
 * may keep a generic plan, instead of parsing and planning it on every call (0.7 ms of planning for a
 * customer's list, as long as running it). Only the hottest calls' statements, whose texts are few, are named
 * (keepPreparedOnPostgres): a name per text of every query would keep thousands per connection. SQLite keeps
 * every statement prepared anyway (withStatementCache).
 */
const preparedNames = new Map<string, string>();
/** More texts than this are run unnamed: a statement's text must not grow the connections without bound. */
const MOST_PREPARED = 100;

/** Has PostgreSQL keep this statement's text prepared on each connection (up to MOST_PREPARED texts). */
export function keepPreparedOnPostgres(text: string): void {
  if (!preparedNames.has(text) && preparedNames.size < MOST_PREPARED) {
    preparedNames.set(text, `ov_prepared_${preparedNames.size}`);
  }
}

export function createDatabase(
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'databaseSchema' | 'sqliteReadWorkers'>,
): Db {
  if (config.databaseUrl) {
    const { databaseUrl, databaseSchema } = config;
    // pg (about 3 MB of heap) is loaded by the first query, so that a server on SQLite never loads it (issue 30).
    const pool = async () => {
      const { default: pg } = await import('pg');
      // COUNT(*) and other int8 results arrive as strings by default; our counts stay far below 2^53.
      pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
      const created = new pg.Pool({
        connectionString: databaseUrl,
        max: 10,
        options: databaseSchema ? `-c search_path=${databaseSchema}` : undefined,
      });
      created.on('connect', (client) => {
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        // Kysely's driver calls query(text, values): a text kept prepared goes by its name instead.
        Object.assign(client, {
          query: (text: unknown, values: unknown, ...rest: unknown[]) => {
            const name = typeof text === 'string' ? preparedNames.get(text) : undefined;
            return name ? query({ name, text, values }, ...rest) : query(text, values, ...rest);
          },
        });
      });
      return created;
    };
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const file = path.join(config.dataDir, SQLITE_FILE);
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers proceed while one writer commits; the busy timeout makes a second writer wait
  // instead of failing at once with SQLITE_BUSY.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma('foreign_keys = ON');
  const dialectConfig = { database: withStatementCache(sqlite) };
  const dialect = config.sqliteReadWorkers
    ? new PooledSqliteDialect(
        dialectConfig,
        new SqliteReadPool(file, config.sqliteReadWorkers, BUSY_TIMEOUT_MS),
      )
    : new ImmediateSqliteDialect(dialectConfig);
  return new Kysely<Database>({ dialect });
}

/**
 * Kysely's SQLite driver prepares every query's SQL anew, and preparing (parsing and planning) costs more than
 * running most of our queries. This keeps the prepared statements by their SQL text. Only Kysely sees the
 * wrapper, so nobody changes a cached statement's modes (pluck, raw, …); a statement still being iterated
 * (a streamed query) is never handed out twice: a fresh one is prepared instead.
 */
export function withStatementCache(sqlite: SqliteDatabase.Database, size?: number): KyselySqliteDatabase {
  const statements = preparedStatements<SqliteDatabase.Statement>(size);
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      const cached = statements.get(source);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(source);
      if (!cached) statements.set(source, statement);
      return statement;
    },
  };
}

/**
 * Starts SQLite's reader threads before anyone needs one, reading the schema on one (the spare starts beside
 * it): a thread's start cost an administrator's first search after every restart about a second on the
 * loaded two-core machine (issue 30, "The home's first second"). Called once the server listens, and not
 * awaited, so readiness does not wait for it; without readers it is one cheap query, on PostgreSQL nothing.
 */
export async function warmReaders<T>(db: Kysely<T>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`select count(*) as tables from sqlite_schema`.execute(readsOn(db, 'reader'));
}

export function isPostgres<T>(db: Kysely<T>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * After a bulk load, on PostgreSQL: each invoice written updated a row of the kept counts (invoice_counts,
 * invoice_amount_counts), and inside one transaction no old version of a row can be reclaimed. The scale seed
 * left 14,450 count rows in 2,521 pages and 13,834 amount counts in 10,124; every search read those pages, and
 * a one-year count took 6–12 ms instead of 1.3 (10 connections: p99 166 ms, 88 once compacted). VACUUM FULL
 * writes the tables anew. SQLite updates a row of these tables in place, so it has nothing to do.
 */
export async function compactKeptCounts<T>(db: Kysely<T>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`vacuum (full, analyze) invoice_counts, invoice_amount_counts`.execute(db);
}

/** A bare ANALYZE on PostgreSQL reads every schema of the database, another server's or test's too. */
async function analyzeOwnSchema<T>(db: Kysely<T>): Promise<void> {
  const { rows } = await sql<{ name: string }>`SELECT quote_ident(tablename) AS name FROM pg_tables
    WHERE schemaname = current_schema()`.execute(db);
  if (rows.length > 0) await sql.raw(`analyze ${rows.map((row) => row.name).join(', ')}`).execute(db);
}

/**
 * Table statistics for the query planner, refreshed after bulk loads (the seeds). Without them SQLite guesses,
 * and takes an index on the line (half of all invoices) for one an index on the holder answers in a few
 * rows. The reference server writes invoices only when it seeds, so this is enough.
 *
 * With them SQLite may skip-scan the holder index (every holder in turn, then a sort of every match) for a
 * walk along the launch dates that stops after one page: an administrator's first page with a price filter
 * cost 150–500 ms that way at 1,000,000 invoices, 2 ms walking. `noskipscan` in an index's statistics forbids
 * it (sqlite.org/fileformat2.html, "The sqlite_stat1 table"); `ANALYZE sqlite_schema` reloads them.
 */
export async function refreshPlannerStatistics<T>(db: Kysely<T>): Promise<void> {
  if (isPostgres(db)) {
    await analyzeOwnSchema(db);
    return;
  }
  await sql`analyze`.execute(db);
  await sql`UPDATE sqlite_stat1 SET stat = stat || ' noskipscan'
    WHERE idx = 'invoices_holder_line_date_idx' AND stat NOT LIKE '%noskipscan%'`.execute(db);
  await sql`analyze sqlite_schema`.execute(db);
}
