import { shareOf } from '../config';
import { customerTokens } from '../../test/contracts';
import { createTestApp, type TestApp } from '../../test/testApp';
import { until } from '../../test/until';
import { SEARCH_RETRY_AFTER_SECONDS, searchTurnsOf, TOO_MANY_SEARCHES } from './invoices';

/**
 * Invoice searches in turns, as one of four processes on one database (issue 25): one search of an account at
 * a time, its share of the 20 waiting (5), then a 429 with Retry-After and a Spanish message; a search whose
 * client has gone away gives up its place.
 */
const PROCESSES = 4;
const WAITING = shareOf(20, PROCESSES);
const SEARCH = '/api/cliente/ov/invoices/api/fullbilling?start=1&startDate=2024-01-01&endDate=2026-12-31';

let t: TestApp;
let token: string;
let demoId: number;

beforeAll(async () => {
  t = await createTestApp({ processes: PROCESSES });
  token = (await customerTokens(t.app)).demo;
  demoId = (
    await t.db.selectFrom('accounts').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await t.close();
});

const search = () =>
  t.app.inject({ method: 'GET', url: SEARCH, headers: { authorization: `Bearer ${token}` } });

/** The account's turn, taken (as by a long search) until the returned function gives it back. */
async function takeTurn() {
  let letGo!: () => void;
  const held = searchTurnsOf(t.db, t.config).run(demoId, () => new Promise<void>((r) => (letGo = r)));
  await until(() => letGo !== undefined);
  return async () => {
    letGo();
    await held;
  };
}

it("lets the process's share of searches wait, and refuses one more with 429, Retry-After and a Spanish message", async () => {
  const turns = searchTurnsOf(t.db, t.config);
  const giveBack = await takeTurn();
  let waiting: ReturnType<typeof search>[] = [];
  try {
    waiting = Array.from({ length: WAITING }, search);
    await until(() => turns.load(demoId).waiting === WAITING);
    const refused = await search();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(SEARCH_RETRY_AFTER_SECONDS));
    expect(refused.json()).toEqual({ code: 429, message: TOO_MANY_SEARCHES });
  } finally {
    await giveBack();
  }
  expect((await Promise.all(waiting)).map((answer) => answer.statusCode)).toEqual(Array(WAITING).fill(200));
  expect(turns.load(demoId)).toEqual({ running: 0, waiting: 0 });
  expect((await search()).statusCode).toBe(200);
});

it('gives up the place in line of a search whose client went away, and never runs it', async () => {
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const turns = searchTurnsOf(t.db, t.config);
  const giveBack = await takeTurn();
  try {
    const leaving = new AbortController();
    const call = fetch(`${origin}${SEARCH}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: leaving.signal,
    }).catch((error: unknown) => error);
    await until(() => turns.load(demoId).waiting === 1);
    leaving.abort();
    await call;
    await until(() => turns.load(demoId).waiting === 0);
    expect(turns.load(demoId)).toEqual({ running: 1, waiting: 0 });
  } finally {
    await giveBack();
  }
  expect(turns.load(demoId)).toEqual({ running: 0, waiting: 0 });
});
