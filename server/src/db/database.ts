import path from 'node:path';

import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';
import pg from 'pg';

import type { ServerConfig } from '../config';
import type { Database } from './schema';

export type Db = Kysely<Database>;

// COUNT(*) and other int8 results arrive as strings by default; our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function createDatabase(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'databaseSchema'>): Db {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      options: config.databaseSchema ? `-c search_path=${config.databaseSchema}` : undefined,
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const sqlite = new SqliteDatabase(path.join(config.dataDir, 'oficina.sqlite'));
  // WAL lets readers proceed while one writer commits; the busy timeout makes a second writer wait
  // instead of failing at once with SQLITE_BUSY.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** Distinct statements kept prepared; the API has a few hundred query shapes at most. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh, and compiling SQL costs as much as running a small query. Its queries are
 * parameterised, so the same text comes back on every call: each one is prepared once and reused. Kysely runs
 * one query at a time on the connection, so a cached statement is never in use twice at once.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        // Oldest first out: a Map iterates in insertion order.
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

export function isPostgres<T>(db: Kysely<T>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Table statistics for the query planner, refreshed after bulk loads (the seeds). Without them SQLite guesses,
 * and takes an index on the line (half of all invoices) for one an index on the holder answers in a few
 * rows. The reference server writes invoices only when it seeds, so this is enough.
 */
export async function refreshPlannerStatistics<T>(db: Kysely<T>): Promise<void> {
  await sql`analyze`.execute(db);
}
