import path from 'node:path';

import SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  RawNode,
  SelectQueryNode,
  SqliteDialect,
  type SqliteDialectConfig,
  type SqliteDriver,
} from 'kysely';

import { PREPARED_STATEMENTS } from '../caches';
import { type ThreadError, ThreadPool } from '../threadPool';
import { declaredPlace } from './readPlaces';
import { ImmediateSqliteDriver } from './sqliteWriter';

/**
 * The readers' niceness (Linux, per thread): on two cores, four readers at the event loop's priority took its
 * CPU, and a customer's cheap list waited behind an administrator's slow searches (issue 16's interference).
 */
export const READER_NICENESS = 10;

/**
 * better-sqlite3 is synchronous: a query that reads 300,000 index entries holds the event loop for its whole
 * run, and every other request waits. This dialect runs SELECTs on a small pool of worker threads, each with
 * a read-only connection of its own to the same WAL database; writes, migrations and every statement of a
 * transaction stay on the main connection, one at a time as before (server/docs/database-off-event-loop.md).
 */
export class PooledSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #readers: SqliteReadPool;

  constructor(config: SqliteDialectConfig, readers: SqliteReadPool) {
    super(config);
    this.#config = config;
    this.#readers = readers;
  }

  override createDriver(): Driver {
    return new PooledSqliteDriver(new ImmediateSqliteDriver(this.#config), this.#readers);
  }
}

/** Reads that may run on a reader: Kysely's SELECTs and raw SQL that is a plain SELECT. */
function isRead({ query, sql }: CompiledQuery): boolean {
  return SelectQueryNode.is(query) || (RawNode.is(query) && /^\s*select\b/i.test(sql));
}

/** How many transactions (or streamed queries) hold the main connection or wait for it. */
interface MainUse {
  holders: number;
}

/**
 * Whether a read runs on a reader: when declared heavy (db/readPlaces.ts), or, unless declared for the main
 * connection, while a transaction holds that connection, which it would wait for whole (a contract's first
 * explorer call writes its days in one). Most reads take a fraction of a millisecond, less than a round trip to
 * a thread, so the others stay where they are.
 */
function onReader(query: CompiledQuery, mainUse: MainUse): boolean {
  if (!isRead(query)) return false;
  const place = declaredPlace(query);
  return place === 'reader' || (place !== 'main' && mainUse.holders > 0);
}

class PooledSqliteDriver implements Driver {
  readonly #mainUse: MainUse = { holders: 0 };

  constructor(
    private readonly main: SqliteDriver,
    private readonly readers: SqliteReadPool,
  ) {}

  init() {
    return this.main.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.main, this.readers, this.#mainUse);
  }

  async releaseConnection(connection: RoutedConnection) {
    await connection.unpin();
  }

  // A transaction takes the main connection for its whole length: its reads must see its own writes.
  async beginTransaction(connection: RoutedConnection) {
    const main = await connection.pin();
    try {
      await this.main.beginTransaction(main);
    } catch (error) {
      await connection.unpin();
      throw error;
    }
  }

  async commitTransaction(connection: RoutedConnection) {
    // Kept on failure: Kysely rolls back on the same connection next.
    await this.main.commitTransaction(connection.onMain());
    await connection.unpin();
  }

  async rollbackTransaction(connection: RoutedConnection) {
    try {
      await this.main.rollbackTransaction(connection.onMain());
    } finally {
      await connection.unpin();
    }
  }

  savepoint(connection: RoutedConnection, ...rest: SavepointArguments) {
    return this.main.savepoint(connection.onMain(), ...rest);
  }

  rollbackToSavepoint(connection: RoutedConnection, ...rest: SavepointArguments) {
    return this.main.rollbackToSavepoint(connection.onMain(), ...rest);
  }

  releaseSavepoint(connection: RoutedConnection, ...rest: SavepointArguments) {
    return this.main.releaseSavepoint(connection.onMain(), ...rest);
  }

  async destroy() {
    await this.readers.destroy();
    await this.main.destroy();
  }
}

type SavepointArguments =
  Parameters<SqliteDriver['savepoint']> extends [unknown, ...infer Rest] ? Rest : never;

/**
 * What Kysely holds between acquiring and releasing a connection: a read outside a transaction goes to a
 * reader; anything else takes the main connection (its mutex serialises it) for that statement, or for the
 * whole transaction once pinned.
 */
class RoutedConnection implements DatabaseConnection {
  #pinned: DatabaseConnection | undefined;

  constructor(
    private readonly main: SqliteDriver,
    private readonly readers: SqliteReadPool,
    private readonly mainUse: MainUse,
  ) {}

  async executeQuery<Row>(query: CompiledQuery): Promise<QueryResult<Row>> {
    if (this.#pinned) return this.#pinned.executeQuery<Row>(query);
    if (onReader(query, this.mainUse)) return { rows: (await this.readers.run(query)) as Row[] };
    const main = await this.main.acquireConnection();
    try {
      return await main.executeQuery<Row>(query);
    } finally {
      await this.main.releaseConnection();
    }
  }

  // Streams iterate a statement across turns of the event loop, so they keep the main connection throughout.
  async *streamQuery<Row>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<Row>> {
    const pinnedHere = !this.#pinned;
    const main = this.#pinned ?? (await this.pin());
    try {
      yield* main.streamQuery<Row>(query, chunkSize);
    } finally {
      if (pinnedHere) await this.unpin();
    }
  }

  async pin(): Promise<DatabaseConnection> {
    this.mainUse.holders++;
    try {
      this.#pinned = await this.main.acquireConnection();
    } catch (error) {
      this.mainUse.holders--;
      throw error;
    }
    return this.#pinned;
  }

  async unpin() {
    if (!this.#pinned) return;
    this.#pinned = undefined;
    this.mainUse.holders--;
    await this.main.releaseConnection();
  }

  /** The pinned main connection, for the transaction statements. */
  onMain(): DatabaseConnection {
    if (!this.#pinned) throw new Error('Sin transacción abierta en la conexión principal');
    return this.#pinned;
  }
}

/** Reader threads started on demand, up to `size` (threadPool.ts), with one idle reader kept ready. */
export class SqliteReadPool {
  readonly #threads: ThreadPool;
  #destroyed = false;

  constructor(file: string, size: number, busyTimeoutMs: number) {
    this.#threads = new ThreadPool({
      file: path.join(__dirname, 'sqliteReadWorker.cjs'),
      size,
      workerData: { file, busyTimeoutMs, statementCacheSize: PREPARED_STATEMENTS, niceness: READER_NICENESS },
      keepSpare: true,
      // The one at work and its spare stay; the others stop when idle (threadPool.ts).
      keepIdle: 2,
      errorOf: sameError,
    });
  }

  /** How many reader threads are started. */
  get started(): number {
    return this.#threads.started;
  }

  run({ sql, parameters }: CompiledQuery): Promise<unknown[]> {
    if (this.#destroyed) return Promise.reject(new Error('La base de datos está cerrada'));
    return this.#threads.run({ sql, parameters }) as Promise<unknown[]>;
  }

  async destroy() {
    this.#destroyed = true;
    await this.#threads.destroy();
  }
}

/** The error the query would have thrown on the main thread: a SqliteError keeps its class and code. */
function sameError({ name, message, code, stack }: ThreadError): Error {
  const error = code?.startsWith('SQLITE_')
    ? new SqliteDatabase.SqliteError(message, code)
    : new Error(message);
  error.name = name;
  if (stack) error.stack = stack;
  return error;
}
