import { contractsOf, customerTokens, type TestContract } from '../../test/contracts';
import { createTestApp, type TestApp } from '../../test/testApp';
import * as documentThreads from '../documents/documentThreads';
import { HEAVY_RETRY_AFTER_SECONDS, heavyTurnsOf } from './heavyCalls';

let t: TestApp;
let tokens: Record<string, string>;
let demoContract: TestContract;
let otherContract: TestContract;
let demoId: number;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await customerTokens(t.app);
  demoContract = (await contractsOf(t.db, 'demo')).find((c) => c.tariff === '2.0TD')!;
  otherContract = (await contractsOf(t.db, 'demo2')).find((c) => c.line === 'Electricidad')!;
  demoId = (
    await t.db.selectFrom('accounts').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
}, 60_000);

afterAll(async () => {
  await t.close();
});

const query = (contract: TestContract) =>
  new URLSearchParams({
    contractCode: contract.code,
    cups: contract.cups,
    startDate: '01-01-2025',
    endDate: '31-01-2025',
  });

/** Every heavy call of the brief, for one contract of the user. */
const heavyUrls = (contract: TestContract) => [
  `/api/cliente/ov/cups/api/curvas/explorar?${query(contract)}`,
  `/api/cliente/ov/cups/api/curvas?${query(contract)}&output=csv`,
  `/api/cliente/ov/cups/api/telemetry?${query(contract)}&output=xlsx`,
  `/api/cliente/ov/contracts/api/consumptionsCertified?${query(contract)}`,
  `/api/cliente/ov/invoices/api/Todo?startDate=2025-01-01&endDate=2025-12-31`,
  `/api/cliente/ov/invoices/api/fullbilling/allinPDF/Todo?startDate=2025-01-01&endDate=2025-03-31`,
  `/api/cliente/ov/invoices/api/fullbilling/allinRar/Todo?startDate=2025-01-01&endDate=2025-03-31`,
];

const get = (user: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[user]}` } });

/** Until `check` holds, within a generous time. */
async function until(check: () => boolean) {
  for (let waited = 0; waited < 10_000 && !check(); waited += 10) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

it('runs one heavy call of an account at a time; a few wait, one more is a 429 with Retry-After', async () => {
  const turns = heavyTurnsOf(t.db, t.config);
  for (const url of heavyUrls(demoContract)) {
    const held = await turns.enter(demoId);
    const waiting = [1, 2, 3, 4].map(() => get('demo', url));
    await until(() => turns.load(demoId).waiting === 4);
    const refused = await get('demo', url);
    expect({ url, status: refused.statusCode }).toEqual({ url, status: 429 });
    expect(refused.headers['retry-after']).toBe(String(HEAVY_RETRY_AFTER_SECONDS));
    expect(refused.json()).toMatchObject({
      code: 429,
      message: 'Demasiadas peticiones; inténtelo más tarde',
    });
    held();
    for (const answer of await Promise.all(waiting))
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 200 });
    expect(turns.load(demoId)).toEqual({ running: 0, waiting: 0 });
  }
});

it('lets another customer’s heavy call run while one account’s wait', async () => {
  const turns = heavyTurnsOf(t.db, t.config);
  const held = await turns.enter(demoId);
  try {
    const waiting = get('demo', heavyUrls(demoContract)[0]);
    await until(() => turns.load(demoId).waiting === 1);
    expect((await get('demo2', heavyUrls(otherContract)[0])).statusCode).toBe(200);
    expect(turns.load(demoId).waiting).toBe(1);
    held();
    expect((await waiting).statusCode).toBe(200);
  } finally {
    held();
  }
});

it('gives up the place in line of a client that went away, and never runs its call', async () => {
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const turns = heavyTurnsOf(t.db, t.config);
  const held = await turns.enter(demoId);
  try {
    const leaving = new AbortController();
    const call = fetch(`${origin}${heavyUrls(demoContract)[0]}`, {
      headers: { authorization: `Bearer ${tokens.demo}` },
      signal: leaving.signal,
    }).catch((error: unknown) => error);
    await until(() => turns.load(demoId).waiting === 1);
    leaving.abort();
    await call;
    await until(() => turns.load(demoId).waiting === 0);
    expect(turns.load(demoId)).toEqual({ running: 1, waiting: 0 });
  } finally {
    held();
  }
  expect(turns.load(demoId)).toEqual({ running: 0, waiting: 0 });
});

it('builds the heavy calls’ JSON, CSV, spreadsheets, certificates, invoice PDFs and bundles on a document thread, off the event loop', async () => {
  const offLoop = jest.spyOn(documentThreads, 'offLoop');
  try {
    const urls = heavyUrls(demoContract);
    const built = [];
    for (const url of [...urls, `/api/cliente/ov/cups/api/telemetry?${query(demoContract)}`]) {
      offLoop.mockClear();
      expect({ url, status: (await get('demo', url)).statusCode }).toEqual({ url, status: 200 });
      built.push([...new Set(offLoop.mock.calls.map(([task]) => task))]);
    }
    expect(built).toEqual([
      ['json'],
      ['csv'],
      ['xlsx'],
      ['certificatePdf'],
      ['xlsx'],
      ['invoiceBundle'],
      ['invoicePdf'],
      ['json'],
    ]);
  } finally {
    offLoop.mockRestore();
  }
});
