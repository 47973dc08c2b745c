import { sql } from 'kysely';

import { CLIENTE, createTestApp, type TestApp } from '../../test/testApp';
import { buildApp } from '../app';
import type { LoginRateLimit } from '../config';
import { accountDelayMs, normalizeUsername } from './signInLimits';

const TOO_MANY = 'Demasiados intentos de acceso. Espere un minuto e inténtelo de nuevo.';
const ACCOUNT_DELAYED =
  'Demasiados intentos fallidos con este usuario. Por seguridad, espere unos minutos antes de volver a intentarlo.';

const UNLIMITED: LoginRateLimit = {
  max: 100,
  windowMs: 60_000,
  ipMax: 100,
  ipWindowMs: 600_000,
  accountMax: 100,
};

let t: TestApp;
const started: TestApp[] = [];

async function start(limits: Partial<LoginRateLimit> = {}) {
  t = await createTestApp({ loginRateLimit: { ...UNLIMITED, ...limits } });
  started.push(t);
}

afterEach(async () => {
  for (const app of started.splice(0)) await app.close();
});

function signIn(username: string, password: string, ip = '127.0.0.1', app = t.app) {
  return app.inject({
    method: 'POST',
    url: `${CLIENTE}/privateToken`,
    payload: { username, password },
    remoteAddress: ip,
  });
}

/** Moves every recorded attempt back in time, as if `ms` had passed. */
async function letTimePass(ms: number) {
  const attempts = await t.db.selectFrom('sign_in_attempts').select(['id', 'created_at']).execute();
  for (const { id, created_at } of attempts) {
    await t.db
      .updateTable('sign_in_attempts')
      .set({ created_at: new Date(Date.parse(created_at) - ms).toISOString() })
      .where('id', '=', id)
      .execute();
  }
}

describe('the normalised user name', () => {
  it('is the same for every spelling the account lookup accepts', () => {
    for (const spelling of [
      ' demo2 ',
      'DEMO2',
      '\u00a0Demo2\u3000',
      '\tdemo2\n',
      'ｄｅｍｏ２',
      '\u2003demo2\u2028',
    ]) {
      expect(normalizeUsername(spelling)).toBe('demo2');
    }
  });

  it('signs in with any of those spellings, so the lookup and the limit share it', async () => {
    await start();
    expect((await signIn('\u00a0ＤＥＭＯ2\u3000', 'Demo2024!')).statusCode).toBe(200);
  });
});

describe('per address and user name', () => {
  it('a space, capitals or full-width letters open no fresh allowance, in any process', async () => {
    await start({ max: 3 });
    const other = await buildApp(t.config, t.db);
    try {
      for (let i = 0; i < 3; i++) expect((await signIn('demo2', 'mal')).statusCode).toBe(400);
      for (const spelling of [' demo2 ', 'DEMO2', '\u00a0demo2', 'ｄｅｍｏ２']) {
        const refused = await signIn(spelling, 'Demo2024!', '127.0.0.1', other);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ code: 429, message: TOO_MANY });
      }
      // Another address still may.
      expect((await signIn('demo2', 'Demo2024!', '198.51.100.7')).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('per address across user names', () => {
  it('30 different names from one address get 429 from the 21st failure on; another address is not held', async () => {
    await start({ max: 10, ipMax: 20 });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await signIn(`nadie${i}`, 'mal', '203.0.113.9')).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    // The right password does not get through from that address either…
    expect((await signIn('demo', 'Demo2024!', '203.0.113.9')).statusCode).toBe(429);
    // …until the window has passed; other addresses were never held.
    expect((await signIn('demo', 'Demo2024!', '203.0.113.10')).statusCode).toBe(200);
    await letTimePass(10 * 60_000 + 1000);
    expect((await signIn('demo', 'Demo2024!', '203.0.113.9')).statusCode).toBe(200);
  });
});

describe('per user name across addresses', () => {
  it('past the failures allowed in an hour, a growing delay from any address, with its own Spanish message', async () => {
    await start({ max: 10, accountMax: 3 });
    for (let i = 0; i < 3; i++) expect((await signIn('demo', 'mal', `192.0.2.${i}`)).statusCode).toBe(400);

    // Even the right password, from a fresh address, waits a minute after the third failure.
    const delayed = await signIn(' Demo ', 'Demo2024!', '192.0.2.100');
    expect(delayed.statusCode).toBe(423);
    expect(delayed.json()).toEqual({ code: 423, message: ACCOUNT_DELAYED });
    expect(Number(delayed.headers['retry-after'])).toBeGreaterThan(55);
    expect(Number(delayed.headers['retry-after'])).toBeLessThanOrEqual(60);

    // A minute later one more attempt is allowed; failing it doubles the wait.
    await letTimePass(61_000);
    expect((await signIn('demo', 'mal', '192.0.2.101')).statusCode).toBe(400);
    await letTimePass(61_000);
    expect((await signIn('demo', 'Demo2024!', '192.0.2.102')).statusCode).toBe(423);
    await letTimePass(60_000);
    expect((await signIn('demo', 'Demo2024!', '192.0.2.103')).statusCode).toBe(200);
    // Refusals are not failures: they do not lengthen the wait.
    const failures = await t.db
      .selectFrom('sign_in_attempts')
      .select(sql<number>`count(*)`.as('n'))
      .where('failed', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(failures.n)).toBe(4);
  });

  it('the delay grows 1, 2, 4… minutes and never passes an hour', () => {
    expect([2, 3, 4, 5, 6, 9, 20].map((failures) => accountDelayMs(failures, 3) / 60_000)).toEqual([
      0, 1, 2, 4, 8, 60, 60,
    ]);
  });
});
