import { warmUp } from '../app';
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
