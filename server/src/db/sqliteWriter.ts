import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/**
 * Kysely's SQLite driver begins a transaction with a deferred BEGIN. With two writing connections on one file
 * (the event loop's and the jobs thread's, jobs/jobThread.ts), a deferred transaction that read before the other
 * committed fails when it first writes (SQLITE_BUSY_SNAPSHOT), and no busy timeout helps. BEGIN IMMEDIATE takes
 * the write lock first, waiting for it within the busy timeout: every transaction then reads the latest data and
 * can write it.
 */
export class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Kysely's SQLite dialect with ImmediateSqliteDriver. */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
