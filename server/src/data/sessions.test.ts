import { randomUUID } from 'node:crypto';

import SqliteDatabase from 'better-sqlite3';

import { createDatabase } from '../db/database';
import { readsOn } from '../db/readPlaces';
import { createTestApp, type TestApp } from '../../test/testApp';
import { findSessionAccount, openSession } from './sessions';

/**
 * The session lookup of every signed-in call stays on SQLite's main connection (issue 30): never on a reader
 * thread, whose round trip costs more than the lookup. Seen from outside: while a transaction holds the main
 * connection, a read sent to a reader answers at once with the state before the transaction; the lookup waits
 * for it and finds the session the transaction opened.
 */
let t: TestApp;

beforeAll(async () => {
  // On SQLite whatever TEST_DATABASE_URL says: PostgreSQL has no reader threads.
  t = await createTestApp({ databaseUrl: undefined, databaseSchema: undefined, sqliteReadWorkers: 2 });
});

afterAll(async () => {
  await t.close();
});

it('looks a session up on the main connection, even while a transaction holds it', async () => {
  const account = await t.db
    .selectFrom('accounts')
    .select(['id', 'password_hash'])
    .where('username', '=', 'demo')
    .where('realm', '=', 'cliente')
    .executeTakeFirstOrThrow();
  // Readers started (one answering, one spare), so that one would answer within the transaction.
  for (let i = 0; i < 2; i++) await readsOn(t.db, 'reader').selectFrom('accounts').select('id').execute();
  const sessionId = randomUUID();
  let found: ReturnType<typeof findSessionAccount> | undefined;
  await t.db.transaction().execute(async (trx) => {
    await openSession(trx, {
      id: sessionId,
      accountId: account.id,
      verifiedPasswordHash: account.password_hash,
      createdAt: new Date().toISOString(),
    });
    found = findSessionAccount(t.db, { accountId: account.id, realm: 'cliente', sessionId });
    // Long enough for a reader to have answered (with no session) had the lookup gone to one.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
  expect(await found).toMatchObject({ id: account.id, username: 'demo' });
});

it('binds no value the planner reads, so SQLite does not plan the lookup again on every call', async () => {
  // A fresh connection to the same file, so the lookup is prepared here, where the spy sees it.
  const db = createDatabase({ ...t.config, sqliteReadWorkers: 0 });
  const prepare = jest.spyOn(SqliteDatabase.prototype, 'prepare');
  try {
    await findSessionAccount(db, { accountId: 1, realm: 'cliente', sessionId: 'none' });
    const lookup = prepare.mock.calls
      .map(([source]) => source)
      .find((source) => /from "sessions"/.test(source));
    expect(lookup).toBeDefined();
    // SQLite built with STAT4 re-plans a statement whenever a parameter compared with an indexed column is
    // bound anew; a parameter inside a CAST is not read for planning.
    expect(lookup!.match(/\?/g)).toHaveLength(4);
    expect(lookup!.replace(/cast\(\? as \w+\)/g, '')).not.toContain('?');
  } finally {
    prepare.mockRestore();
    await db.destroy();
  }
});
