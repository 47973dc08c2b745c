import type { FastifyInstance } from 'fastify';

import { CLIENTE, createTestApp, FINCAS, login, type LoginAnswer, type TestApp } from '../../test/testApp';
import { buildApp } from '../app';
import { hashRefreshToken, issueTokens } from '../auth/tokens';
import { issueAccountToken } from '../data/accountTokens';

let t: TestApp;
/** A second server process on the same database. */
let other: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ clientCredential: '1:credencial-publica-del-spa' });
  other = await buildApp(t.config, t.db);
  await other.ready();
});

afterAll(async () => {
  await other.close();
  await t.close();
});

const SESSION_EXPIRED = { code: 401, message: 'Sesión caducada' };
const REALM_ROOT = { cliente: '/api/cliente', fincas: '/api/fincas' } as const;

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
}

/** Every route of the app under a prefix, read from Fastify's own route tree; path parameters get "1". */
function routesUnder(app: FastifyInstance, prefix: string): Call[] {
  const path: string[] = [];
  const calls: Call[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    path.length = depth;
    path[depth] = match[2];
    const url = path.join('').replace(/:\w+/g, '1');
    if (!match[3] || !url.startsWith(prefix)) continue;
    for (const method of match[3].split(', ')) {
      if (method !== 'HEAD') calls.push({ method: method as Call['method'], url });
    }
  }
  return calls;
}

function call(app: FastifyInstance, { method, url }: Call, bearer?: string) {
  return app.inject({ method, url, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
}

/** The routes of a realm that refuse a caller without a token: every signed-in call. */
async function signedInRoutes(realm: keyof typeof REALM_ROOT): Promise<Call[]> {
  const signedIn: Call[] = [];
  for (const route of routesUnder(t.app, `${REALM_ROOT[realm]}/`)) {
    if ((await call(t.app, route)).statusCode === 401) signedIn.push(route);
  }
  return signedIn;
}

/** The routes among `routes` that do not answer 401 {Sesión caducada} to this bearer. */
async function openedBy(app: FastifyInstance, routes: Call[], bearer: string): Promise<string[]> {
  const opened: string[] = [];
  for (const route of routes) {
    const response = await call(app, route, bearer);
    if (
      response.statusCode !== 401 ||
      response.json<typeof SESSION_EXPIRED>().message !== SESSION_EXPIRED.message
    ) {
      opened.push(`${route.method} ${route.url} -> ${response.statusCode}`);
    }
  }
  return opened;
}

async function signIn(base: string, username: string, password: string): Promise<LoginAnswer> {
  const response = await login(t.app, base, username, password);
  expect(response.statusCode).toBe(200);
  return response.json<LoginAnswer>();
}

const me = (app: FastifyInstance, base: string, bearer: string) =>
  app.inject({ url: `${base}/me`, headers: { authorization: `Bearer ${bearer}` } });

describe('a session ends everywhere at once', () => {
  it('after logout through another process, every signed-in call of both realms answers 401', async () => {
    const customer = await signIn(CLIENTE, 'demo', 'Demo2024!');
    const admin = await signIn(FINCAS, 'admin@fincas.example', 'Fincas2024!');
    const sessions = [
      { realm: 'cliente', base: CLIENTE, tokens: customer },
      { realm: 'fincas', base: FINCAS, tokens: admin },
    ] as const;

    for (const { realm, base, tokens } of sessions) {
      const routes = await signedInRoutes(realm);
      // Every data call of the realm, not a hand-picked few (36 per realm when this was written).
      expect(routes.length).toBeGreaterThanOrEqual(36);
      // While the session lives, the token opens every one of them (and this process has verified it).
      expect(await openedBy(t.app, routes, tokens.access_token)).toHaveLength(routes.length);

      const logout = await other.inject({
        method: 'POST',
        url: `${base}/logout`,
        headers: { authorization: `Bearer ${tokens.access_token}`, refresh_token: tokens.refresh_token },
      });
      expect(logout.statusCode).toBe(204);

      expect(await openedBy(t.app, routes, tokens.access_token)).toEqual([]);
      expect(await openedBy(other, routes, tokens.access_token)).toEqual([]);
    }
    // Some three hundred calls.
  });

  it('logout with the refresh token alone (an expired bearer) ends its session too', async () => {
    const tokens = await signIn(CLIENTE, 'demo', 'Demo2024!');
    const second = await signIn(CLIENTE, 'demo', 'Demo2024!');
    const logout = await other.inject({
      method: 'POST',
      url: `${CLIENTE}/logout`,
      headers: { refresh_token: tokens.refresh_token },
    });
    expect(logout.statusCode).toBe(204);
    expect((await me(t.app, CLIENTE, tokens.access_token)).json()).toEqual(SESSION_EXPIRED);
    // Only that session: the user's other sign-in goes on.
    expect((await me(t.app, CLIENTE, second.access_token)).statusCode).toBe(200);
  });
});

describe('a new password ends the sessions the old one opened', () => {
  async function accountId(username: string) {
    const row = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('a reset by e-mailed link (updatePassword) ends every session of the account', async () => {
    const first = await signIn(CLIENTE, 'demo2', 'Demo2024!');
    const second = await signIn(CLIENTE, 'demo2', 'Demo2024!');
    const token = await issueAccountToken(t.db, await accountId('demo2'), 'reset');
    const reset = await other.inject({
      method: 'PUT',
      url: `${CLIENTE}/updatePassword/`,
      headers: { token, newpassword: 'Nueva2024!' },
    });
    expect(reset.statusCode).toBe(204);
    for (const tokens of [first, second]) {
      expect((await me(t.app, CLIENTE, tokens.access_token)).json()).toEqual(SESSION_EXPIRED);
    }
    const after = await signIn(CLIENTE, 'demo2', 'Nueva2024!');
    expect((await me(t.app, CLIENTE, after.access_token)).statusCode).toBe(200);
  });

  it('a new password by confirmation code (set-password) ends every session of the account', async () => {
    const before = await signIn(CLIENTE, 'gasonly', 'Demo2024!');
    const confirmation = await issueAccountToken(t.db, await accountId('gasonly'), 'set-password');
    const client = await t.app.inject({
      method: 'POST',
      url: `${REALM_ROOT.cliente}/token?grant_type=client_credentials`,
      headers: { authorization: `Basic ${Buffer.from(t.config.clientCredential).toString('base64')}` },
    });
    const set = await other.inject({
      method: 'POST',
      url: `${REALM_ROOT.cliente}/ov/users/set-password`,
      headers: { authorization: `Bearer ${client.json().access_token}` },
      payload: { token: confirmation, password: 'Nueva2024!' },
    });
    expect(set.statusCode).toBe(202);
    expect((await me(t.app, CLIENTE, before.access_token)).json()).toEqual(SESSION_EXPIRED);
  });

  // The caller's session ends too: whoever holds its token (a stolen copy included) is out, and the caller
  // goes on with the new session the answer carries, bound to the new password.
  it.each([
    { realm: 'cliente', base: CLIENTE, username: 'sinproductos', password: 'Demo2024!' },
    { realm: 'fincas', base: FINCAS, username: 'admin@fincas.example', password: 'Fincas2024!' },
  ] as const)(
    'a change on /admin ($realm) ends every session of the account and opens a new one for the caller',
    async ({ realm, base, username, password }) => {
      const elsewhere = await signIn(base, username, password);
      const here = await signIn(base, username, password);
      const change = await other.inject({
        method: 'POST',
        url: `${base}/changePasswordBackend`,
        headers: { authorization: `Bearer ${here.access_token}` },
        payload: { username, password, newPassword: 'Cambiada2024!' },
      });
      expect(change.statusCode).toBe(200);
      const renewed = change.json<Record<string, unknown>>();
      expect(renewed).toEqual({
        code: 200,
        message: 'Contraseña cambiada.',
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        expires_in: t.config.accessTokenTtl,
      });
      const fresh = renewed.access_token as string;
      expect(fresh).not.toBe(here.access_token);

      const cupsMe = (app: FastifyInstance, bearer: string) =>
        app.inject({
          url: `${REALM_ROOT[realm]}/ov/cups/api/cupsMe`,
          headers: { authorization: `Bearer ${bearer}` },
        });
      for (const app of [t.app, other]) {
        for (const old of [here, elsewhere]) {
          expect((await me(app, base, old.access_token)).json()).toEqual(SESSION_EXPIRED);
          expect((await cupsMe(app, old.access_token)).json()).toEqual(SESSION_EXPIRED);
        }
        expect((await me(app, base, fresh)).statusCode).toBe(200);
        expect((await cupsMe(app, fresh)).statusCode).toBe(200);
      }

      // Every refresh token of the account is revoked but the new session's.
      const refresh = await t.db
        .selectFrom('refresh_tokens')
        .select(['revoked_at', 'token_hash'])
        .where('account_id', '=', await accountId(username))
        .execute();
      const live = refresh.filter((row) => row.revoked_at === null).map((row) => row.token_hash);
      expect(live).toEqual([hashRefreshToken(renewed.refresh_token as string)]);
      expect(refresh.length).toBeGreaterThanOrEqual(3);

      expect((await login(t.app, base, username, password)).statusCode).toBe(400);
      expect((await login(t.app, base, username, 'Cambiada2024!')).statusCode).toBe(200);
    },
  );
});

describe('a sign-in that raced a reset', () => {
  it("opens no session when the password it verified is no longer the account's", async () => {
    const account = await t.db
      .selectFrom('accounts')
      .select(['id', 'password_hash'])
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    const sessions = () =>
      t.db.selectFrom('sessions').select('id').where('account_id', '=', account.id).execute();
    const before = (await sessions()).length;
    const replaced = `${account.password_hash.slice(0, -4)}AAAA`;
    const refused = await issueTokens(
      t.db,
      { id: account.id, realm: 'cliente', verifiedPasswordHash: replaced },
      t.config,
    );
    expect(refused).toBeNull();
    expect(await sessions()).toHaveLength(before);
    const opened = await issueTokens(
      t.db,
      { id: account.id, realm: 'cliente', verifiedPasswordHash: account.password_hash },
      t.config,
    );
    expect((await me(t.app, CLIENTE, opened!.accessToken)).statusCode).toBe(200);
  });
});

describe('each kind of token opens only its own calls', () => {
  async function clientToken(base: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/token?grant_type=client_credentials`,
      headers: { authorization: `Basic ${Buffer.from(t.config.clientCredential).toString('base64')}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json().access_token as string;
  }

  it('the client-credentials token (client id "1") opens no signed-in call of either realm', async () => {
    for (const realm of ['cliente', 'fincas'] as const) {
      const bearer = await clientToken(REALM_ROOT[realm]);
      const routes = await signedInRoutes(realm);
      expect(routes.length).toBeGreaterThanOrEqual(36);
      expect(await openedBy(t.app, routes, bearer)).toEqual([]);
    }
  });

  it('a session token does not open set-password', async () => {
    const session = await signIn(CLIENTE, 'demo', 'Demo2024!');
    const response = await t.app.inject({
      method: 'POST',
      url: `${REALM_ROOT.cliente}/ov/users/set-password`,
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { token: 'x'.repeat(43), password: 'Nueva2024!' },
    });
    expect(response.statusCode).toBe(412);
  });
});

describe('sign-in is required by default', () => {
  /** The calls a guest may make; every other route of a realm needs a live session. */
  const GUEST_CALLS = [
    'GET /ov/user/api/checkConnection',
    'POST /ov/user/api/privateToken',
    'POST /ov/user/api/logout',
    'GET /ov/user/api/userCups',
    'GET /ov/user/api/add',
    'PUT /ov/user/api/add',
    'PATCH /ov/user/api/add',
    'DELETE /ov/user/api/add',
    'POST /ov/user/api/add',
    'GET /ov/users/validation',
    'POST /ov/user/api/resendEmailVerification',
    'POST /ov/user/api/resendPasswordVerification',
    'POST /ov/user/api/recovery/username',
    'POST /token',
    'POST /ov/users/set-password',
    'GET /ov/user/api/validateEmailToken/',
    'PUT /ov/user/api/updatePassword/',
    'GET /ov/user/api/verifyUserEmail/',
    // The e-mailed link to a prepared data archive: its one-time token is the key (routes/dataArchive.ts).
    'GET /ov/datos/archivo',
  ];

  // The staff's realm (issue 27) too: a handful of routes, each behind its session.
  it.each([
    ...Object.entries(REALM_ROOT).map(([realm, root]) => [realm, root, 30] as const),
    ['atencion', '/api/atencion', 4] as const,
  ])(
    'in %s every other route answers a caller without a session 401 before it reads the input',
    async (_realm, root, atLeast) => {
      const routes = routesUnder(t.app, `${root}/`).filter(
        ({ method, url }) => !GUEST_CALLS.includes(`${method} ${url.slice(root.length)}`),
      );
      expect(routes.length).toBeGreaterThan(atLeast);
      const answers = new Set<string>();
      for (const { method, url } of routes) {
        // A query, a body and a path no route accepts: validation alone would answer 400.
        const response = await t.app.inject({
          method,
          url: `${url}?issueId=x&startDate=x&line=x&${'z'.repeat(5000)}=1`,
          headers: { 'content-type': 'application/json', authorization: 'Bearer caducado' },
          payload: method === 'GET' || method === 'DELETE' ? undefined : '{"username": 7',
        });
        const { code, message } = response.json<typeof SESSION_EXPIRED>();
        answers.add(`${response.statusCode} ${code} ${message}`);
      }
      expect([...answers]).toEqual([`401 ${SESSION_EXPIRED.code} ${SESSION_EXPIRED.message}`]);
    },
  );
});
