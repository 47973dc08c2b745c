import { decodeJwt, SignJWT } from 'jose';
import { DefaultQueryExecutor } from 'kysely';

import { hashPassword } from '../auth/passwords';
import { hashRefreshToken, signAccessToken } from '../auth/tokens';
import { CLIENTE, createTestApp, FINCAS, login, type LoginAnswer, type TestApp } from '../../test/testApp';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

async function customerToken(): Promise<LoginAnswer> {
  const response = await login(t.app, CLIENTE, 'demo', 'Demo2024!');
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('checkConnection', () => {
  it('answers ok with the server time, without a session', async () => {
    const before = Date.now();
    const response = await t.app.inject({ method: 'GET', url: `${FINCAS}/checkConnection` });
    const after = Date.now();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    // The server's time while it answered: within the call, however long a busy machine made it.
    expect(Date.parse(body.serverTime)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(body.serverTime)).toBeLessThanOrEqual(after);
  });
});

describe('privateToken', () => {
  it('signs a customer in and returns a JWT that expires after the configured lifetime', async () => {
    const before = Math.floor(Date.now() / 1000);
    const body = await customerToken();
    expect(body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      email: 'maria.garcia@cliente.example',
      isAdministrador: false,
      token_type: 'Bearer',
      expires_in: t.config.accessTokenTtl,
    });
    const claims = decodeJwt(body.access_token);
    expect(claims.realm).toBe('cliente');
    expect(claims.jti).toEqual(expect.any(String));
    expect(claims.exp! - before).toBeGreaterThanOrEqual(t.config.accessTokenTtl);
    expect(claims.exp! - before).toBeLessThanOrEqual(t.config.accessTokenTtl + 5);
  });

  it('signs an administrator in on the fincas realm with the e-mail in any case', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${FINCAS}/privateToken`,
      payload: { username: 'Admin@Fincas.Example', password: 'Fincas2024!', isAdministradorFinca: true },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.isAdministrador).toBe(true);
    expect(body.email).toBe('admin@fincas.example');
    expect(decodeJwt(body.access_token).realm).toBe('fincas');
  });

  it('stores the refresh token only as a hash', async () => {
    const before = Date.now();
    const body = await customerToken();
    const after = Date.now();
    const row = await t.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hashRefreshToken(body.refresh_token))
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
    // Issued during the call: its lifetime counts from then, however long the call took.
    expect(Date.parse(row.expires_at)).toBeGreaterThanOrEqual(before + t.config.refreshTokenTtl * 1000);
    expect(Date.parse(row.expires_at)).toBeLessThanOrEqual(after + t.config.refreshTokenTtl * 1000);
    const plain = await t.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('token_hash', '=', body.refresh_token)
      .execute();
    expect(plain).toHaveLength(0);
  });

  it.each([
    ['an unknown user', CLIENTE, { username: 'nadie', password: 'Demo2024!' }],
    ['a wrong password', CLIENTE, { username: 'demo', password: 'Demo2024?' }],
    [
      'administrator credentials on the customer realm',
      CLIENTE,
      { username: 'admin@fincas.example', password: 'Fincas2024!' },
    ],
    ['customer credentials on the fincas realm', FINCAS, { username: 'demo', password: 'Demo2024!' }],
    [
      'the administrator flag on the customer realm',
      CLIENTE,
      { username: 'demo', password: 'Demo2024!', isAdministradorFinca: true },
    ],
    [
      'no administrator flag on the fincas realm',
      FINCAS,
      { username: 'admin@fincas.example', password: 'Fincas2024!', isAdministradorFinca: false },
    ],
  ])('answers 400 code 104 for %s', async (_case, base, payload) => {
    const response = await t.app.inject({ method: 'POST', url: `${base}/privateToken`, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 104,
      message: 'El usuario y/o contraseña no son correctos para ingresar.',
    });
  });

  it.each([
    ['a missing password', { payload: { username: 'demo' } }],
    ['a password of the wrong type', { payload: { username: 'demo', password: { $ne: '' } } }],
    [
      'an administrator flag of the wrong type',
      { payload: { username: 'demo', password: 'x', isAdministradorFinca: 'quizá' } },
    ],
    ['a body that is not JSON', { payload: 'username=demo', headers: { 'content-type': 'text/plain' } }],
    ['broken JSON', { payload: '{"username":', headers: { 'content-type': 'application/json' } }],
    ['an empty body', { payload: '', headers: { 'content-type': 'application/json' } }],
  ])('answers 400 JSON, never 5xx, for %s', async (_case, request) => {
    const response = await t.app.inject({ method: 'POST', url: `${CLIENTE}/privateToken`, ...request });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().code).toBe(104);
  });

  it('answers 461 to the right password of an account that is not validated', async () => {
    await t.db
      .insertInto('accounts')
      .values({
        realm: 'cliente',
        username: 'pendiente',
        email: 'pendiente@cliente.example',
        password_hash: await hashPassword('Pendiente2024!'),
        given_name: 'Ana',
        family_name: 'Pérez',
        last_name: 'Pérez Gómez',
        validated: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    const response = await login(t.app, CLIENTE, 'pendiente', 'Pendiente2024!');
    expect(response.statusCode).toBe(461);
    expect(response.json().code).toBe(461);
    // A wrong password must not reveal that the account exists.
    expect((await login(t.app, CLIENTE, 'pendiente', 'Otra2024!')).statusCode).toBe(400);
  });

  it('keeps passwords as scrypt strings, never in plain text', async () => {
    const accounts = await t.db.selectFrom('accounts').select(['username', 'password_hash']).execute();
    expect(accounts.length).toBeGreaterThanOrEqual(5);
    for (const account of accounts) {
      expect(account.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
      expect(account.password_hash).not.toContain('2024!');
    }
  });
});

describe('me', () => {
  it('returns the customer profile', async () => {
    const { access_token } = await customerToken();
    const response = await t.app.inject({
      method: 'GET',
      url: `${CLIENTE}/me`,
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(response.statusCode).toBe(200);
    const holder = await t.db
      .selectFrom('holders')
      .selectAll()
      .where('email', '=', 'maria.garcia@cliente.example')
      .executeTakeFirstOrThrow();
    expect(response.json()).toEqual({
      username: 'demo',
      ownercif: holder.nif,
      email: 'maria.garcia@cliente.example',
      telephoneNumber: holder.phone,
      given_name: 'María',
      family_name: 'García',
      lastName: 'García López',
    });
  });

  it('returns the administrator profile with the e-mail as user name and the administrator NIF', async () => {
    const { access_token } = (
      await login(t.app, FINCAS, 'admin@fincas.example', 'Fincas2024!')
    ).json<LoginAnswer>();
    const response = await t.app.inject({
      method: 'GET',
      url: `${FINCAS}/me`,
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.username).toBe('admin@fincas.example');
    expect(body.ownercif).toMatch(/^B\d{8}$/);
  });

  it('answers in one statement, the session lookup, owner NIF included (issue 30, the cheap call)', async () => {
    const { access_token } = await customerToken();
    // Every statement of every Kysely instance passes here, on either database.
    const statements = jest.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
    try {
      const response = await meWith(`Bearer ${access_token}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().ownercif).toMatch(/^\d{8}[A-Z]$/);
      expect(statements).toHaveBeenCalledTimes(1);
    } finally {
      statements.mockRestore();
    }
  });

  async function meWith(authorization: string | undefined, base = CLIENTE) {
    return t.app.inject({
      method: 'GET',
      url: `${base}/me`,
      headers: authorization ? { authorization } : {},
    });
  }

  function expectSessionExpired(response: Awaited<ReturnType<typeof meWith>>) {
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, message: 'Sesión caducada' });
  }

  it('answers 401 without a token or with a malformed one', async () => {
    expectSessionExpired(await meWith(undefined));
    expectSessionExpired(await meWith('Bearer no-es-un-jwt'));
    expectSessionExpired(await meWith('Basic ZGVtbzpEZW1vMjAyNCE='));
  });

  it('answers 401 to an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    const token = await signAccessToken(
      { accountId: 1, realm: 'cliente', sessionId: 's1' },
      { ...t.config, accessTokenTtl: 60 },
      past,
    );
    expectSessionExpired(await meWith(`Bearer ${token}`));
  });

  it('answers 401 once a token of 1 second has run out', async () => {
    const short = await createTestApp({ accessTokenTtl: 1 });
    try {
      const { access_token } = (await login(short.app, CLIENTE, 'demo', 'Demo2024!')).json<LoginAnswer>();
      const me = () =>
        short.app.inject({
          method: 'GET',
          url: `${CLIENTE}/me`,
          headers: { authorization: `Bearer ${access_token}` },
        });
      expect((await me()).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await me()).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('answers 401 to a token with a tampered signature or signed with another key', async () => {
    const { access_token } = await customerToken();
    const [header, payload, signature] = access_token.split('.');
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expectSessionExpired(await meWith(`Bearer ${header}.${payload}.${flipped}`));

    const forged = await new SignJWT({ realm: 'cliente' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('otra-clave-secreta-de-al-menos-32-bytes'));
    expectSessionExpired(await meWith(`Bearer ${forged}`));
  });

  it('answers 401 to a customer token on the fincas realm and the other way round', async () => {
    const customer = await customerToken();
    expectSessionExpired(await meWith(`Bearer ${customer.access_token}`, FINCAS));
    const admin = (await login(t.app, FINCAS, 'admin@fincas.example', 'Fincas2024!')).json<LoginAnswer>();
    expectSessionExpired(await meWith(`Bearer ${admin.access_token}`, CLIENTE));
  });
});

describe('logout', () => {
  async function revokedAt(refreshToken: string) {
    const row = await t.db
      .selectFrom('refresh_tokens')
      .select('revoked_at')
      .where('token_hash', '=', hashRefreshToken(refreshToken))
      .executeTakeFirstOrThrow();
    return row.revoked_at;
  }

  it('revokes the refresh token without a bearer token', async () => {
    const { refresh_token } = await customerToken();
    const response = await t.app.inject({
      method: 'POST',
      url: `${CLIENTE}/logout`,
      headers: { refresh_token },
    });
    expect(response.statusCode).toBe(204);
    expect(await revokedAt(refresh_token)).toEqual(expect.any(String));
  });

  it('revokes the refresh token when the bearer token has expired', async () => {
    const { refresh_token } = await customerToken();
    const expired = await signAccessToken(
      { accountId: 1, realm: 'cliente', sessionId: 's1' },
      t.config,
      1_000_000,
    );
    const response = await t.app.inject({
      method: 'POST',
      url: `${CLIENTE}/logout`,
      headers: { refresh_token, authorization: `Bearer ${expired}` },
    });
    expect(response.statusCode).toBe(204);
    expect(await revokedAt(refresh_token)).not.toBeNull();
  });

  it("leaves another realm's and another account's tokens alone", async () => {
    const customer = await customerToken();
    const other = (await login(t.app, CLIENTE, 'demo2', 'Demo2024!')).json<LoginAnswer>();

    const onFincas = await t.app.inject({
      method: 'POST',
      url: `${FINCAS}/logout`,
      headers: { refresh_token: customer.refresh_token },
    });
    expect(onFincas.statusCode).toBe(204);
    expect(await revokedAt(customer.refresh_token)).toBeNull();

    const asOther = await t.app.inject({
      method: 'POST',
      url: `${CLIENTE}/logout`,
      headers: { refresh_token: customer.refresh_token, authorization: `Bearer ${other.access_token}` },
    });
    expect(asOther.statusCode).toBe(204);
    expect(await revokedAt(customer.refresh_token)).toBeNull();
  });

  it('answers 204 to an unknown token or none', async () => {
    for (const headers of [{ refresh_token: 'desconocido' }, {}]) {
      const response = await t.app.inject({ method: 'POST', url: `${CLIENTE}/logout`, headers });
      expect(response.statusCode).toBe(204);
    }
  });
});

describe('login rate limit', () => {
  it('answers 429 JSON after the configured attempts for one user, and not for another', async () => {
    const limited = await createTestApp({ loginRateLimit: { ...t.config.loginRateLimit, max: 3 } });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await login(limited.app, CLIENTE, 'demo', 'mal')).statusCode).toBe(400);
      }
      const blocked = await login(limited.app, CLIENTE, 'demo', 'Demo2024!');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe(429);
      expect(blocked.json().message).toEqual(expect.any(String));
      expect((await login(limited.app, CLIENTE, 'demo2', 'Demo2024!')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
