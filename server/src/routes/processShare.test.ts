import { DEFAULT_CLIENT_CREDENTIAL, shareOf } from '../config';
import { createTestApp, type TestApp } from '../../test/testApp';

/**
 * N processes on one database each keep the guest-call limit in memory: each enforces its share, so that
 * together they allow the configured total, not N times it.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ processes: 3, accountRateLimit: { max: 6, windowMs: 60_000 } }, { seed: false });
});

afterAll(async () => {
  await t.close();
});

it('divides a limit among the processes, never below one call', () => {
  expect([shareOf(6, 3), shareOf(30, 4), shareOf(2, 5), shareOf(30, 1)]).toEqual([2, 8, 1, 30]);
});

it('lets one of three processes answer a third of the guest calls a minute', async () => {
  const statuses: number[] = [];
  for (let call = 0; call < 3; call++) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cliente/token?grant_type=client_credentials',
      headers: { authorization: `Basic ${Buffer.from(DEFAULT_CLIENT_CREDENTIAL).toString('base64')}` },
    });
    statuses.push(response.statusCode);
  }
  expect(statuses).toEqual([200, 200, 429]);
});
