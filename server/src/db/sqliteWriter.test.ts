import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';

import { createDatabase, SQLITE_FILE } from './database';

describe('a transaction on the SQLite file', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ov-writer-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  // Two writing connections on one file (the event loop's and the jobs thread's): a deferred BEGIN would let the
  // other commit between this transaction's read and its write, which then fails with SQLITE_BUSY_SNAPSHOT.
  it.each([0, 1])(
    'holds the write lock from its BEGIN (%i readers), so its read stays the latest',
    async (readers) => {
      const db = createDatabase({ dataDir, sqliteReadWorkers: readers });
      await sql`CREATE TABLE counters (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)`.execute(db);
      await sql`INSERT INTO counters VALUES (1, 0)`.execute(db);
      const other = new SqliteDatabase(path.join(dataDir, SQLITE_FILE));
      other.pragma('busy_timeout = 0');
      try {
        await db.transaction().execute(async (trx) => {
          const { value } = (
            await sql<{ value: number }>`SELECT value FROM counters WHERE id = 1`.execute(trx)
          ).rows[0];
          expect(() => other.prepare('UPDATE counters SET value = 100 WHERE id = 1').run()).toThrow(
            expect.objectContaining({ code: 'SQLITE_BUSY' }),
          );
          await sql`UPDATE counters SET value = ${value + 1} WHERE id = 1`.execute(trx);
        });
        other.prepare('UPDATE counters SET value = value + 10 WHERE id = 1').run();
        expect(other.prepare('SELECT value FROM counters WHERE id = 1').get()).toEqual({ value: 11 });
      } finally {
        other.close();
        await db.destroy();
      }
    },
  );
});
