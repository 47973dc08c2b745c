import type { FastifyBaseLogger } from 'fastify';
import {
  type DatabaseConnection,
  DummyDriver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

import { warmUp, warmUpBeforeListening } from '../app';
import type { Database } from '../db/schema';
import { recordingStatements } from '../../test/statements';
import { createTestApp, type TestApp } from '../../test/testApp';

/**
 * The warm-up after a start (issue 30, cold start) runs an administrator's and a customer's one-year search as
 * a list call does, outside any call: it reads their invoices and the administrator's kept counts, and writes
 * nothing (no access record says an administrator read a client's supply).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ sqliteReadWorkers: 2 });
});

afterAll(async () => {
  await t.close();
});

it("runs an administrator's and a customer's search, and writes nothing", async () => {
  const { db, statements } = recordingStatements(t.db);
  await warmUp(db);
  const writes = /"kind":"(InsertQueryNode|UpdateQueryNode|DeleteQueryNode|MergeQueryNode)"/;
  expect(statements.filter((statement) => writes.test(statement))).toEqual([]);
  // The administrator's whole portfolio is planned from its kept counts; both searches read invoices.
  expect(statements.some((statement) => statement.includes('"invoice_counts"'))).toBe(true);
  const invoiceReads = statements.filter((statement) => statement.includes('"invoices"'));
  expect(invoiceReads.length).toBeGreaterThanOrEqual(2);
  const records = await t.db.selectFrom('access_records').select('id').execute();
  expect(records).toEqual([]);
});

/** A database each of whose queries answers no rows after `delayMs`, or never; it counts the queries answered. */
function slowDatabase(delayMs: number | null) {
  const answered = { count: 0 };
  const connection: DatabaseConnection = {
    executeQuery: <R>() =>
      new Promise<QueryResult<R>>((resolve) => {
        if (delayMs === null) return;
        setTimeout(() => {
          answered.count += 1;
          resolve({ rows: [] });
        }, delayMs);
      }),
    // eslint-disable-next-line require-yield -- streams are never asked of it
    async *streamQuery() {
      throw new Error('sin flujo');
    },
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () =>
        Object.assign(new DummyDriver(), { acquireConnection: () => Promise.resolve(connection) }),
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  return { db, answered };
}

describe('before the server listens (main.ts)', () => {
  const log = { warn: jest.fn() } as unknown as FastifyBaseLogger;

  it('waits for the whole warm-up, so that no call waits behind it', async () => {
    const { db, answered } = slowDatabase(50);
    await warmUpBeforeListening(db, log, 60_000);
    // The readers' schema, the largest portfolio and the accounts to warm: nothing left running.
    expect(answered.count).toBe(3);
  });

  it('waits no longer than it is given, so a slow warm-up never holds the start', async () => {
    // Its first query never answers: the start goes on after 100 ms (else the test times out).
    const { db, answered } = slowDatabase(null);
    await warmUpBeforeListening(db, log, 100);
    expect(answered.count).toBe(0);
  });
});
