import path from 'node:path';
import { Worker } from 'node:worker_threads';

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
  SqliteDriver,
} from 'kysely';

import { PREPARED_STATEMENTS } from '../caches';
import { declaredPlace } from './readPlaces';

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
    return new PooledSqliteDriver(new SqliteDriver(this.#config), this.#readers);
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

interface Reader {
  worker: Worker;
  pending: Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>;
}

interface Answer {
  id: number;
  rows?: unknown[];
  error?: { name: string; message: string; code?: string; stack?: string };
}

/** Worker threads started on demand, up to `size`; each query goes to an idle one, else the least busy. */
export class SqliteReadPool {
  readonly #readers: Reader[] = [];
  #nextId = 0;
  #destroyed = false;

  constructor(
    private readonly file: string,
    private readonly size: number,
    private readonly busyTimeoutMs: number,
  ) {}

  /** How many reader threads are started. */
  get started(): number {
    return this.#readers.length;
  }

  run({ sql, parameters }: CompiledQuery): Promise<unknown[]> {
    if (this.#destroyed) return Promise.reject(new Error('La base de datos está cerrada'));
    const reader = this.#leastBusy();
    // A worker takes a few hundred milliseconds to start: one is kept idle and ready, while below the cap,
    // for the next read that finds the others busy.
    if (
      this.#readers.length < this.size &&
      !this.#readers.some((r) => r !== reader && r.pending.size === 0)
    ) {
      this.#start();
    }
    const id = this.#nextId++;
    return new Promise<unknown[]>((resolve, reject) => {
      // A reader with work keeps the process alive until it answers; an idle one never does.
      if (reader.pending.size === 0) reader.worker.ref();
      reader.pending.set(id, { resolve, reject });
      reader.worker.postMessage({ id, sql, parameters });
    });
  }

  async destroy() {
    this.#destroyed = true;
    await Promise.all(this.#readers.splice(0).map(({ worker }) => worker.terminate()));
  }

  #leastBusy(): Reader {
    const idlest = this.#readers.reduce<Reader | undefined>(
      (best, reader) => (best && best.pending.size <= reader.pending.size ? best : reader),
      undefined,
    );
    if (idlest && (idlest.pending.size === 0 || this.#readers.length >= this.size)) return idlest;
    return this.#start();
  }

  #start(): Reader {
    const worker = new Worker(path.join(__dirname, 'sqliteReadWorker.cjs'), {
      workerData: {
        file: this.file,
        busyTimeoutMs: this.busyTimeoutMs,
        statementCacheSize: PREPARED_STATEMENTS,
        niceness: READER_NICENESS,
      },
    });
    const reader: Reader = { worker, pending: new Map() };
    // Unreferenced again once running: on Node 20 a worker unreferenced while starting holds its port open.
    worker.unref();
    worker.once('online', () => reader.pending.size === 0 && worker.unref());
    this.#readers.push(reader);
    worker.on('message', ({ id, rows, error }: Answer) => {
      const waiting = reader.pending.get(id);
      reader.pending.delete(id);
      if (reader.pending.size === 0) worker.unref();
      if (error) waiting?.reject(sameError(error));
      else waiting?.resolve(rows!);
    });
    // A reader that fails or stops takes its waiting queries with it; the next query starts another.
    const fail = (error: Error) => {
      const index = this.#readers.indexOf(reader);
      if (index >= 0) this.#readers.splice(index, 1);
      for (const { reject } of reader.pending.values()) reject(error);
      reader.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`El lector de SQLite terminó (código ${code})`)));
    return reader;
  }
}

/** The error the query would have thrown on the main thread: a SqliteError keeps its class and code. */
function sameError({ name, message, code, stack }: NonNullable<Answer['error']>): Error {
  const error = code?.startsWith('SQLITE_')
    ? new SqliteDatabase.SqliteError(message, code)
    : new Error(message);
  error.name = name;
  if (stack) error.stack = stack;
  return error;
}
