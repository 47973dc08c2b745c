import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import SqliteDatabase from 'better-sqlite3';
import { type Generated, Kysely, sql } from 'kysely';

import { createDatabase, warmReaders, withStatementCache } from './database';
import { readsOn } from './readPlaces';
import { PooledSqliteDialect, READER_NICENESS, SqliteReadPool } from './sqliteReadPool';
import { TEST_TIMEOUT_MS } from '../../../src/test/realServerWait';

// The SQLite driver with its pool of readers, on a file database of its own (PostgreSQL has its own pool).
interface Notes {
  notes: { id: Generated<number>; text: string };
}

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ov-read-pool-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function openNotes(sqliteReadWorkers: number): Promise<Kysely<Notes>> {
  const own = await mkdtemp(path.join(dataDir, 'db-'));
  const db = createDatabase({ dataDir: own, sqliteReadWorkers }) as unknown as Kysely<Notes>;
  await db.schema
    .createTable('notes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull().unique())
    .execute();
  return db;
}

/** A SELECT that takes a few hundred milliseconds of one core: counting a million generated rows. */
const slowCountSql = sql<{ n: number }>`select (with recursive k(i) as (select 1 union all select i + 1 from k
  where i < 1500000) select count(*) from k) as n`;
/** The same SELECT declared heavy, as the heavy calls and an administrator's searches declare theirs. */
const slowCount = { execute: <T>(db: Kysely<T>) => slowCountSql.execute(readsOn(db, 'reader')) };

/** How many times a 5 ms timer fired while `work` ran. */
async function timerTicksDuring(work: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return ticks;
}

it('runs a SELECT declared heavy on a reader, leaving the event loop free; on the main thread with 0 readers', async () => {
  for (const workers of [2, 0]) {
    const db = await openNotes(workers);
    try {
      await slowCount.execute(db); // the reader's start is not measured
      const ticks = await timerTicksDuring(() => slowCount.execute(db));
      if (workers) expect(ticks).toBeGreaterThan(5);
      else expect(ticks).toBe(0);
    } finally {
      await db.destroy();
    }
  }
});

it('keeps undeclared reads on the main connection, however slow a run of theirs was: no reader is started', async () => {
  const file = path.join(await mkdtemp(path.join(dataDir, 'db-')), 'notas.sqlite');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  const readers = new SqliteReadPool(file, 2, 1000);
  const db = new Kysely<Notes>({
    dialect: new PooledSqliteDialect({ database: withStatementCache(sqlite) }, readers),
  });
  try {
    await db.schema.createTable('notes').addColumn('id', 'integer').addColumn('text', 'text').execute();
    await db.insertInto('notes').values({ id: 1, text: 'una' }).execute();
    for (let i = 0; i < 20; i++) {
      expect(await db.selectFrom('notes').select('text').execute()).toEqual([{ text: 'una' }]);
    }
    expect(readers.started).toBe(0);
    // Slow once and again: still on the event loop (no timer fires during it), never sent to a reader for good.
    await slowCountSql.execute(db);
    expect(await timerTicksDuring(() => slowCountSql.execute(db))).toBe(0);
    expect(readers.started).toBe(0);
    await slowCount.execute(db);
    expect(readers.started).toBeGreaterThan(0);
  } finally {
    await db.destroy();
  }
});

it('starts the readers when warmed, before any call needs one (a first search does not wait for a thread)', async () => {
  const file = path.join(await mkdtemp(path.join(dataDir, 'db-')), 'notas.sqlite');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  const readers = new SqliteReadPool(file, 2, 1000);
  const db = new Kysely<Notes>({
    dialect: new PooledSqliteDialect({ database: withStatementCache(sqlite) }, readers),
  });
  try {
    expect(readers.started).toBe(0);
    await warmReaders(db);
    // The one that read the schema and the spare beside it.
    expect(readers.started).toBe(2);
  } finally {
    await db.destroy();
  }
});

it('answers a cheap read on an idle reader while slow reads occupy others, never queued behind them', async () => {
  const db = await openNotes(4);
  try {
    await Promise.all([slowCount.execute(db), slowCount.execute(db), slowCount.execute(db)]); // readers started
    const finished: string[] = [];
    const tagged = (name: string, query: Promise<unknown>) => query.then(() => finished.push(name));
    await Promise.all([
      tagged('lenta 1', slowCount.execute(db)),
      tagged('lenta 2', slowCount.execute(db)),
      tagged('rápida', db.selectFrom('notes').select('id').execute()),
    ]);
    expect(finished[0]).toBe('rápida');
  } finally {
    await db.destroy();
  }
});

it('runs writes, INSERT … RETURNING included, on the main connection; a read right after sees them', async () => {
  const db = await openNotes(2);
  try {
    for (let i = 0; i < 50; i++) {
      const { id } = await db
        .insertInto('notes')
        .values({ text: `nota ${i}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const read = await db.selectFrom('notes').select('text').where('id', '=', id).executeTakeFirst();
      expect(read).toEqual({ text: `nota ${i}` });
      await db
        .updateTable('notes')
        .set({ text: `cambiada ${i}` })
        .where('id', '=', id)
        .execute();
      expect(await db.selectFrom('notes').select('text').where('id', '=', id).executeTakeFirst()).toEqual({
        text: `cambiada ${i}`,
      });
    }
    const { count } = await db
      .selectFrom('notes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(50);
  } finally {
    await db.destroy();
  }
});

it('keeps every statement of a transaction on the main connection, while reads outside it go on', async () => {
  const db = await openNotes(2);
  try {
    const outsideRead = () => db.selectFrom('notes').select('text').execute();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ text: 'sin confirmar' }).execute();
      // Inside: the transaction's own write. A reader's connection would not see it yet.
      expect(await trx.selectFrom('notes').select('text').execute()).toEqual([{ text: 'sin confirmar' }]);
      // Outside: the last committed state, answered while the transaction still holds the main connection.
      expect(await outsideRead()).toEqual([]);
    });
    expect(await outsideRead()).toEqual([{ text: 'sin confirmar' }]);

    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ text: 'deshecha' }).execute();
        throw new Error('vuelta atrás');
      }),
    ).rejects.toThrow('vuelta atrás');
    expect(await outsideRead()).toEqual([{ text: 'sin confirmar' }]);

    // A read declared for the main connection waits for the transaction instead, and sees what it committed.
    let onMain: Promise<unknown> | undefined;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ text: 'esperada' }).execute();
      onMain = readsOn(db, 'main')
        .selectFrom('notes')
        .select('text')
        .where('text', '=', 'esperada')
        .execute();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await onMain).toEqual([{ text: 'esperada' }]);
  } finally {
    await db.destroy();
  }
});

it('gives back the same errors as the main thread: class, message and SQLITE_ code', async () => {
  const failures: Record<number, unknown[]> = {};
  for (const workers of [2, 0]) {
    const db = await openNotes(workers);
    try {
      await db.insertInto('notes').values({ text: 'única' }).execute();
      failures[workers] = await Promise.all([
        sql`select * from missing_table`.execute(db).catch((error: unknown) => error),
        db
          .selectFrom('notes')
          .select(sql`no_such_column`.as('x'))
          .execute()
          .catch((error: unknown) => error),
        db
          .insertInto('notes')
          .values({ text: 'única' })
          .execute()
          .catch((error: unknown) => error),
      ]);
    } finally {
      await db.destroy();
    }
  }
  const described = (errors: unknown[]) =>
    errors.map((error) => {
      // By name: in a full jest run the native addon keeps the SqliteError class of the first test file that
      // loaded it, so the main thread's errors are not instances of this file's copy of the class.
      expect((error as Error).constructor.name).toBe(SqliteDatabase.SqliteError.name);
      const { name, message, code } = error as InstanceType<typeof SqliteDatabase.SqliteError>;
      return { name, message, code };
    });
  expect(described(failures[2])).toEqual(described(failures[0]));
  expect(described(failures[2]).map(({ code }) => code)).toEqual([
    'SQLITE_ERROR',
    'SQLITE_ERROR',
    'SQLITE_CONSTRAINT_UNIQUE',
  ]);
});

/** The threads (tasks) of this process, by id. */
const threads = () => new Set(readdirSync('/proc/self/task'));

/** A thread's niceness: field 19 of its stat, counted after the command name, which may hold spaces. */
function niceness(task: string): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  } catch {
    return null; // a thread that ended meanwhile
  }
}

it('stops its reader threads on destroy', async () => {
  const before = threads();
  const db = await openNotes(2);
  await Promise.all([slowCount.execute(db), slowCount.execute(db)]);
  // The readers are the threads started meanwhile at the readers' niceness. The process's count of threads
  // proves nothing: other threads of the jest worker end at their own time (a busy run saw one end here).
  const readers = [...threads()].filter((task) => !before.has(task) && niceness(task) === READER_NICENESS);
  expect(readers.length).toBeGreaterThanOrEqual(2);
  await db.destroy();
  const left = threads();
  expect(readers.filter((task) => left.has(task))).toEqual([]);
});

it('runs its readers below the event loop’s priority (niceness per thread, Linux)', async () => {
  const before = threads();
  const db = await openNotes(2);
  try {
    await Promise.all([slowCount.execute(db), slowCount.execute(db)]);
    const started = [...threads()].filter((task) => !before.has(task));
    expect(READER_NICENESS).toBeGreaterThan(niceness(String(process.pid))!);
    expect(started.map(niceness)).toContain(READER_NICENESS);
  } finally {
    await db.destroy();
  }
});

it('keeps a process alive while a reader answers, and lets it end once idle', () => {
  // A script that never calls destroy: it must print the count (not exit before the answer) and then end
  // (idle readers hold nothing open).
  const script = `
    const { createDatabase } = require('./server/src/db/database');
    const { sql } = require('kysely');
    const db = createDatabase({ dataDir: ${JSON.stringify(dataDir)}, sqliteReadWorkers: 2 });
    const n = () => sql\`select 41 + 1 as n\`.execute(db);
    // The second query goes to a reader that has started and gone idle (unreferenced) in between.
    n().then(() => new Promise((resolve) => setTimeout(resolve, 200)))
      .then(n)
      .then(({ rows }) => console.log('n=' + rows[0].n));
  `;
  const root = path.resolve(__dirname, '../../..');
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['-e', script], {
    cwd: root,
    encoding: 'utf8',
    // spawnSync blocks jest's own limit, so the child gets the test's whole shared time (a busy machine starts
    // tsx slowly; a hang still ends here).
    timeout: TEST_TIMEOUT_MS,
  });
  expect(result.signal).toBeNull();
  expect(result.stdout.trim()).toBe('n=42');
  expect(result.status).toBe(0);
});
