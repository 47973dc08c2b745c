import { CLIENTE, createTestApp, login, type TestApp } from '../../test/testApp';
import { addDays } from '../measurements/dates';
import { madridToday } from '../measurements/madridTime';
import { changeSupportRequestState } from '../notifications';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

async function summaryAfterSignIn(username: string) {
  const token = (await login(t.app, CLIENTE, username, 'Demo2024!')).json().access_token as string;
  const response = await t.app.inject({
    url: '/api/cliente/ov/home/api/summary',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the home marks what is new since the previous sign-in', () => {
  it('the latest invoice and the requests the retailer changed are "Nueva" until the next sign-in', async () => {
    const account = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('username', '=', 'demo2')
      .executeTakeFirstOrThrow();
    // The seeded invoices and requests are older than the account's first sign-in: nothing is new.
    const first = await summaryAfterSignIn('demo2');
    expect(first.latestInvoice.nueva).toBe(false);
    expect(first.newRequests).toEqual([]);

    // An invoice issued tomorrow (the clock moved on) and a request moved on by the retailer.
    const latest = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('holder_id', '=', account.holder_id!)
      .where('kind', '!=', 'P')
      .orderBy('launch_date', 'desc')
      .executeTakeFirstOrThrow();
    const tomorrow = addDays(madridToday(), 1);
    await t.db.updateTable('invoices').set({ launch_date: tomorrow }).where('id', '=', latest.id).execute();
    const issue = await t.db
      .selectFrom('issues')
      .select(['id', 'subject'])
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    await changeSupportRequestState(t.db, issue.id, 'En curso', new Date(Date.now() + 1000));

    const second = await summaryAfterSignIn('demo2');
    expect(second.latestInvoice).toMatchObject({ fecha: tomorrow, nueva: true });
    expect(second.newRequests).toEqual([{ id: issue.id, asunto: issue.subject, estado: 'En curso' }]);

    // Seen: once the customer has signed in after them, they are no longer news.
    await t.db
      .updateTable('accounts')
      .set({ last_sign_in_at: `${addDays(tomorrow, 1)}T10:00:00.000Z` })
      .where('id', '=', account.id)
      .execute();
    const third = await summaryAfterSignIn('demo2');
    expect(third.latestInvoice.nueva).toBe(false);
    expect(third.newRequests).toEqual([]);
  });
});
