import { buildApp } from '../app';
import { createDatabase, type Db } from '../db/database';
import { CLIENTE, createTestApp, login, type TestApp } from '../../test/testApp';

/**
 * Two instances of the server on one database, as two processes behind a balancer: an invoice written
 * through one (a billing run) is counted at once by the other, whose earlier search counted without it.
 */
let t: TestApp;
let otherDb: Db;

beforeAll(async () => {
  t = await createTestApp();
  otherDb = createDatabase(t.config);
});

afterAll(async () => {
  await otherDb.destroy();
  await t.close();
});

it('counts a customer’s invoice written by another instance in the next search', async () => {
  const other = await buildApp(t.config, otherDb);
  try {
    const token = (await login(other, CLIENTE, 'demo', 'Demo2024!')).json().access_token;
    const search = async () => {
      const response = await t.app.inject({
        url: `/api/cliente/ov/invoices/api/fullbilling?startDate=2025-01-01&endDate=2026-12-31&start=1`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      return response.json().Fullbilling.total.map((entry: { count: number }) => entry.count) as number[];
    };
    const before = await search();

    const holder = await otherDb
      .selectFrom('accounts')
      .select('holder_id')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    const model = await otherDb
      .selectFrom('invoices')
      .innerJoin('contracts', 'contracts.id', 'invoices.contract_id')
      .selectAll('invoices')
      .where('contracts.holder_id', '=', holder.holder_id)
      .where('invoices.line', '=', 'Electricidad')
      .where('invoices.launch_date', '>=', '2025-01-01')
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = model;
    await otherDb
      .insertInto('invoices')
      .values({ ...copy, serie: 'NUEVA', bill_number: '1', launch_date: '2026-01-15' })
      .execute();

    const after = await search();
    expect(after).toEqual([before[0] + 1, before[1] + 1, before[2]]);
  } finally {
    await other.close();
  }
});
