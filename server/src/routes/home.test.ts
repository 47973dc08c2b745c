import { recordingStatements } from '../../test/statements';
import { CLIENTE, createTestApp, login, type TestApp } from '../../test/testApp';
import { homeSummary } from '../data/homeSummary';
import { addMonths } from '../measurements/dates';
import { madridToday } from '../measurements/madridTime';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['demo', 'demo2', 'sinproductos', 'gasonly']) {
    tokens[username] = (await login(t.app, CLIENTE, username, 'Demo2024!')).json().access_token;
  }
});

afterAll(async () => {
  await t.close();
});

function get(user: string, url: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/cliente${url}`,
    headers: { authorization: `Bearer ${tokens[user]}` },
  });
}

const summary = async (user: string) => {
  const response = await get(user, '/ov/home/api/summary');
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** The holder's invoices read straight from the table, to hold the answer against. */
function invoicesOf(username: string) {
  return t.db
    .selectFrom('invoices')
    .innerJoin('accounts', 'accounts.holder_id', 'invoices.holder_id')
    .select(['invoices.id', 'invoices.kind', 'invoices.launch_date', 'invoices.amount'])
    .where('accounts.username', '=', username)
    .where('accounts.realm', '=', 'cliente')
    .execute();
}

describe('GET /ov/home/api/summary', () => {
  it('names the newest invoice of the caller, with a PDF the caller can download', async () => {
    const { latestInvoice } = await summary('demo');
    const own = (await invoicesOf('demo')).filter((row) => row.kind !== 'P');
    const newest = own
      .map((row) => row.launch_date)
      .sort()
      .at(-1);
    expect(latestInvoice.fecha).toBe(newest);
    const row = own.find((r) => latestInvoice.pdf.startsWith(`/ov/invoices/api/pdf/${r.id}?`));
    expect(row).toMatchObject({ launch_date: newest, amount: latestInvoice.importe });
    const pdf = await get('demo', latestInvoice.pdf);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it('shows another customer only their own invoice', async () => {
    const mine = (await summary('demo')).latestInvoice;
    const theirs = (await summary('demo2')).latestInvoice;
    const ids = new Set((await invoicesOf('demo2')).map((row) => row.id));
    expect(ids.has(Number(/pdf\/(\d+)/.exec(theirs.pdf)![1]))).toBe(true);
    expect(theirs.pdf).not.toBe(mine.pdf);
  });

  it('sums the electricity billed in each of the last 12 complete months', async () => {
    const { consumption } = await summary('demo');
    const thisMonth = `${madridToday().slice(0, 7)}-01`;
    expect(consumption.months.map((m: { month: string }) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => addMonths(thisMonth, i - 12).slice(0, 7)),
    );
    const billed = await t.db
      .selectFrom('invoices')
      .innerJoin('accounts', 'accounts.holder_id', 'invoices.holder_id')
      .select(['invoices.reading_until', 'invoices.consumption_kwh'])
      .where('accounts.username', '=', 'demo')
      .where('invoices.line', '=', 'Electricidad')
      .where('invoices.kind', 'in', ['F', 'P'])
      .execute();
    const lastMonth = consumption.months[11];
    const expected = billed
      .filter((row) => row.reading_until?.startsWith(lastMonth.month))
      .reduce((sum, row) => sum + row.consumption_kwh, 0);
    expect(lastMonth.kwh).toBe(Math.round(expected));
    expect(lastMonth.kwh).toBeGreaterThan(0);
    expect(consumption.totalKwh).toBe(
      consumption.months.reduce((sum: number, m: { kwh: number }) => sum + m.kwh, 0),
    );
  });

  it('gives a gas-only customer their billed gas, not an empty electricity card', async () => {
    const { consumption } = await summary('gasonly');
    expect(consumption.line).toBe('Gas');
    const billed = await t.db
      .selectFrom('invoices')
      .innerJoin('accounts', 'accounts.holder_id', 'invoices.holder_id')
      .select(['invoices.reading_until', 'invoices.consumption_kwh'])
      .where('accounts.username', '=', 'gasonly')
      .where('invoices.line', '=', 'Gas')
      .where('invoices.kind', 'in', ['F', 'P'])
      .execute();
    const months = new Set(consumption.months.map((m: { month: string }) => m.month));
    const expected = billed
      .filter((row) => row.reading_until && months.has(row.reading_until.slice(0, 7)))
      .reduce((sum, row) => sum + Math.round(row.consumption_kwh), 0);
    expect(consumption.totalKwh).toBeGreaterThan(0);
    expect(Math.abs(consumption.totalKwh - expected)).toBeLessThanOrEqual(12);
    expect((await summary('demo')).consumption.line).toBe('Electricidad');
  });

  it('answers a customer without products with no invoice and twelve empty months', async () => {
    const answer = await summary('sinproductos');
    expect(answer.latestInvoice).toBeNull();
    expect(answer.consumption.totalKwh).toBe(0);
    expect(answer.consumption.months).toHaveLength(12);
  });

  it('reads the summary in two statements, the newest invoice as one row (issue 30)', async () => {
    const account = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('username', '=', 'demo')
      .where('realm', '=', 'cliente')
      .executeTakeFirstOrThrow();
    const { db, statements } = recordingStatements(t.db);
    const { invoice, consumption } = await homeSummary(db, account);
    expect(invoice?.launch_date).toBe((await summary('demo')).latestInvoice.fecha);
    expect(consumption.line).toBe('Electricidad');
    expect(statements).toHaveLength(2);
    // The newest invoice's statement asks for one row, not every invoice of the holder.
    expect(statements.filter((statement) => statement.includes('"LimitNode"'))).toHaveLength(1);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/cliente/ov/home/api/summary' });
    expect(response.statusCode).toBe(401);
  });
});
