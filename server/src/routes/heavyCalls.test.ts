import { contractsOf, customerTokens, type TestContract } from '../../test/contracts';
import { createTestApp, type TestApp } from '../../test/testApp';
import { until } from '../../test/until';
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
});

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

/**
 * Every heavy call of the brief, for one contract of the user, with the document thread's task that builds its
 * answer. One test per call below: each builds documents, and a busy machine may take the shared test time for
 * one of them, not for seven in a row.
 */
const HEAVY_CALLS: [name: string, url: (contract: TestContract) => string, task: string][] = [
  ['explorar', (contract) => `/api/cliente/ov/cups/api/curvas/explorar?${query(contract)}`, 'json'],
  ['curvas csv', (contract) => `/api/cliente/ov/cups/api/curvas?${query(contract)}&output=csv`, 'csv'],
  [
    'telemetry xlsx',
    (contract) => `/api/cliente/ov/cups/api/telemetry?${query(contract)}&output=xlsx`,
    'xlsx',
  ],
  [
    'consumptionsCertified',
    (contract) => `/api/cliente/ov/contracts/api/consumptionsCertified?${query(contract)}`,
    'certificatePdf',
  ],
  [
    'invoices Todo',
    () => `/api/cliente/ov/invoices/api/Todo?startDate=2025-01-01&endDate=2025-12-31`,
    'xlsx',
  ],
  [
    'allinPDF',
    () => `/api/cliente/ov/invoices/api/fullbilling/allinPDF/Todo?startDate=2025-01-01&endDate=2025-03-31`,
    'invoiceBundle',
  ],
  [
    'allinRar',
    () => `/api/cliente/ov/invoices/api/fullbilling/allinRar/Todo?startDate=2025-01-01&endDate=2025-03-31`,
    'invoicePdf',
  ],
];
const firstHeavyUrl = (contract: TestContract) => HEAVY_CALLS[0][1](contract);

const get = (user: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[user]}` } });

it.each(HEAVY_CALLS)(
  'runs one heavy call (%s) of an account at a time; a few wait, one more is a 429 with Retry-After',
  async (_name, urlOf) => {
    const url = urlOf(demoContract);
    const turns = heavyTurnsOf(t.db, t.config);
    const held = await turns.enter(demoId);
    const waiting = [1, 2, 3, 4].map(() => get('demo', url));
    await until(() => turns.load(demoId).waiting === 4);
    const refused = await get('demo', url);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(HEAVY_RETRY_AFTER_SECONDS));
    expect(refused.json()).toMatchObject({
      code: 429,
      message: 'Demasiadas peticiones; inténtelo más tarde',
    });
    held();
    for (const answer of await Promise.all(waiting)) expect(answer.statusCode).toBe(200);
    expect(turns.load(demoId)).toEqual({ running: 0, waiting: 0 });
  },
);

it('lets another customer’s heavy call run while one account’s wait', async () => {
  const turns = heavyTurnsOf(t.db, t.config);
  const held = await turns.enter(demoId);
  try {
    const waiting = get('demo', firstHeavyUrl(demoContract));
    await until(() => turns.load(demoId).waiting === 1);
    expect((await get('demo2', firstHeavyUrl(otherContract))).statusCode).toBe(200);
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
    const call = fetch(`${origin}${firstHeavyUrl(demoContract)}`, {
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

it.each([
  ...HEAVY_CALLS,
  [
    'telemetry json',
    (contract: TestContract) => `/api/cliente/ov/cups/api/telemetry?${query(contract)}`,
    'json',
  ],
] as const)(
  'builds the heavy call %s on a document thread, off the event loop',
  async (_name, urlOf, task) => {
    const offLoop = jest.spyOn(documentThreads, 'offLoop');
    try {
      expect((await get('demo', urlOf(demoContract))).statusCode).toBe(200);
      expect([...new Set(offLoop.mock.calls.map(([built]) => built))]).toEqual([task]);
    } finally {
      offLoop.mockRestore();
    }
  },
);
