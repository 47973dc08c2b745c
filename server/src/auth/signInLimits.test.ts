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
  }, 120_000);
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
  }, 120_000);
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
  }, 120_000);

  it('the delay grows 1, 2, 4… minutes and never passes an hour', () => {
    expect([2, 3, 4, 5, 6, 9, 20].map((failures) => accountDelayMs(failures, 3) / 60_000)).toEqual([
      0, 1, 2, 4, 8, 60, 60,
    ]);
  });
});

/** The device cookie a successful sign-in set, as `name=value`, and its attributes. */
function deviceCookieOf(response: { headers: Record<string, unknown> }) {
  const header = [response.headers['set-cookie']]
    .flat()
    .find((h): h is string => typeof h === 'string' && h.startsWith('ov_device_'));
  if (!header) throw new Error('sin cookie de dispositivo');
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  return { pair, attributes };
}

function signInWith(cookie: string | undefined, username: string, password: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: `${CLIENTE}/privateToken`,
    payload: { username, password },
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });
}

describe('the device cookie: strangers cannot keep the owner out', () => {
  it('is set by the successful sign-in: signed, HttpOnly, SameSite, only for the sign-in call, Secure on https', async () => {
    await start();
    const { pair, attributes } = deviceCookieOf(await signIn('demo', 'Demo2024!'));
    expect(pair).toMatch(/^ov_device_[\w-]+=[\w-]+\.[\w-]+$/);
    expect(attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'SameSite=Strict', `Path=${CLIENTE}/privateToken`]),
    );
    expect(attributes).not.toContain('Secure');
    // Behind a proxy that says the browser used https, it is Secure.
    const secure = await createTestApp({ loginRateLimit: UNLIMITED, trustProxy: () => true });
    started.push(secure);
    const overHttps = await secure.app.inject({
      method: 'POST',
      url: `${CLIENTE}/privateToken`,
      payload: { username: 'demo', password: 'Demo2024!' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(deviceCookieOf(overHttps).attributes).toContain('Secure');
    // A failed sign-in sets none.
    expect((await signIn('demo', 'mal')).headers['set-cookie']).toBeUndefined();
  }, 120_000);

  it("the owner's known browser gets in with the right password while a stranger waits", async () => {
    await start({ max: 10, accountMax: 3 });
    const owner = deviceCookieOf(await signIn('demo', 'Demo2024!', '198.51.100.1')).pair;
    // Logging out leaves the browser known (the logout call never sees the cookie, nor clears it).
    const { access_token, refresh_token } = (await signIn('demo', 'Demo2024!', '198.51.100.1')).json<{
      access_token: string;
      refresh_token: string;
    }>();
    const logout = await t.app.inject({
      method: 'POST',
      url: `${CLIENTE}/logout`,
      headers: { authorization: `Bearer ${access_token}`, refresh_token, cookie: owner },
    });
    expect(logout.headers['set-cookie']).toBeUndefined();

    // Someone who only knows the name fails from many addresses…
    for (let i = 0; i < 3; i++) expect((await signIn('demo', 'mal', `192.0.2.${i}`)).statusCode).toBe(400);
    // …so strangers wait, even with the right password: no cookie, another account's, or a forged one.
    const other = deviceCookieOf(await signIn('demo2', 'Demo2024!', '198.51.100.2')).pair;
    // A signature's first character carries six bits of it (the last one may hold only base64 padding bits).
    const forged = owner.replace(/\.(.)/, (_, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    for (const cookie of [undefined, other, forged]) {
      const waiting = await signInWith(cookie, 'demo', 'Demo2024!', '198.51.100.1');
      expect(waiting.statusCode).toBe(423);
      expect(waiting.json()).toEqual({ code: 423, message: ACCOUNT_DELAYED });
      expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The owner's browser gets in, from its usual address or any other.
    expect((await signInWith(owner, ' DEMO ', 'Demo2024!', '198.51.100.1')).statusCode).toBe(200);
    expect((await signInWith(owner, 'demo', 'Demo2024!', '203.0.113.77')).statusCode).toBe(200);
  }, 120_000);

  it("a known browser's failures count against its own cookie, not the owner's other browsers", async () => {
    await start({ max: 10, accountMax: 3 });
    const first = deviceCookieOf(await signIn('demo', 'Demo2024!', '198.51.100.1')).pair;
    const second = deviceCookieOf(await signIn('demo', 'Demo2024!', '198.51.100.9')).pair;
    expect(second).not.toBe(first);
    for (let i = 0; i < 3; i++)
      expect((await signInWith(first, 'demo', 'mal', '198.51.100.1')).statusCode).toBe(400);
    // That cookie now waits as a stranger would…
    expect((await signInWith(first, 'demo', 'Demo2024!', '198.51.100.1')).statusCode).toBe(423);
    // …while strangers and the other browser were never held by its failures.
    expect((await signInWith(second, 'demo', 'Demo2024!', '198.51.100.1')).statusCode).toBe(200);
    expect((await signIn('demo', 'Demo2024!', '198.51.100.5')).statusCode).toBe(200);
  }, 120_000);
});

describe('simultaneous sign-ins with the right password', () => {
  it('all succeed, two or four at once, round after round, from one address (no false 423 or 429)', async () => {
    // The default limits of a real server.
    await start({ max: 10, ipMax: 20, accountMax: 10 });
    const statuses: number[] = [];
    for (const parallel of [2, 4, 4, 4, 4]) {
      const answers = await Promise.all(
        Array.from({ length: parallel }, () => signIn('demo', 'Demo2024!', '198.51.100.3')),
      );
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    expect(statuses).toEqual(Array(18).fill(200));
  }, 120_000);
});
