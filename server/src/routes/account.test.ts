import { createServer, type Server, type Socket } from 'node:net';

import { sql } from 'kysely';

import { hashRefreshToken } from '../auth/tokens';
import { DEFAULT_CLIENT_CREDENTIAL } from '../config';
import { readOutbox } from '../mail/outbox';
import { nifLetter } from '../db/seed/spanishIds';
import { CLIENTE, createTestApp, FINCAS, login, type TestApp } from '../../test/testApp';
import { TOKEN_INVALID_MESSAGE, TOKEN_VALID_MESSAGE } from './account/accountMessages';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    publicUrl: 'https://oficina.example',
    accountRateLimit: { max: 100000, windowMs: 60_000 },
  });
});

afterAll(async () => {
  await t.close();
});

const CLIENTE_ROOT = '/api/cliente';
/** Characters no flow may accept in a new password (DECISIONS "Passwords across flows"). */
const FORBIDDEN = ['=', '_', '&', '?', '-', '/', '\\', '"', '+', "'"];
const FINCAS_ROOT = '/api/fincas';
const PASSWORD = 'Segura2024!';

let serial = 0;

/** A holder with one electricity and one gas contract and no account, for sign-ups of its own. */
async function addHolder(db = t.db) {
  serial += 1;
  const number = String(70000000 + serial);
  const nif = `${number}${nifLetter(number)}`;
  const holder = await db
    .insertInto('holders')
    .values({
      nif,
      name: 'Ana',
      first_surname: 'Prueba',
      second_surname: 'Núñez',
      email: `ana${serial}@cliente.example`,
      phone: `6110000${String(serial).padStart(2, '0')}`,
      is_company: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const line of ['Electricidad', 'Gas'] as const) {
    const point = await db
      .insertInto('supply_points')
      .values({
        cups: `ES00990000${String(serial).padStart(4, '0')}${line === 'Gas' ? 'G' : 'E'}000XX`,
        line,
        street: 'Calle de Prueba',
        number: '1',
        extension: null,
        postal_code: '28001',
        city: 'Madrid',
        province: 'Madrid',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('contracts')
      .values({
        code: `T${serial}${line[0]}`,
        sicom_code: `S${serial}${line[0]}`,
        holder_id: holder.id,
        supply_point_id: point.id,
        line,
        tariff: line === 'Gas' ? 'RL.1' : '2.0TD',
        access_fee: line === 'Gas' ? '3.1' : '2.0TD',
        start_date: '2020-01-01',
        end_date: null,
        state: 'Contrato',
        power_p1: null,
        power_p2: null,
        power_p3: null,
        power_p4: null,
        power_p5: null,
        power_p6: null,
        caudal: null,
      })
      .execute();
  }
  return {
    nif,
    email: `ana${serial}@cliente.example`,
    telefono: `6110000${String(serial).padStart(2, '0')}`,
    username: `ana${serial}`,
  };
}

type Holder = Awaited<ReturnType<typeof addHolder>>;

const signupBody = (holder: Holder, overrides: Record<string, unknown> = {}) => ({
  username: holder.username,
  password: PASSWORD,
  nif: holder.nif,
  email: holder.email,
  telefono: holder.telefono,
  firstName: 'Ana',
  lastName: 'Prueba Núñez',
  language: 'es',
  ...overrides,
});

function signUp(payload: object, { root = CLIENTE_ROOT, admin = false, app = t.app } = {}) {
  return app.inject({
    method: 'POST',
    url: `${root}/ov/user/api/add${admin ? '?isAdministradorFinca=true' : ''}`,
    payload,
  });
}

async function latestMail(to: string, dataDir = t.config.dataDir) {
  const mail = (await readOutbox(dataDir)).find((message) => message.to === to);
  if (!mail) throw new Error(`no hay correo para ${to}`);
  return mail;
}

function tokenIn(link: string, parameter: string): string {
  return new URL(link).searchParams.get(parameter)!;
}

/** A validated customer account of its own, signed up and validated through the API. */
async function activeAccount() {
  const holder = await addHolder();
  expect((await signUp(signupBody(holder))).statusCode).toBe(201);
  const token = tokenIn((await latestMail(holder.email)).links[0], 'token');
  const validation = await t.app.inject({ url: `${CLIENTE_ROOT}/ov/users/validation?token=${token}` });
  expect(validation.headers.location).toContain('/user-validation?user=');
  return holder;
}

describe('userCups: the sign-up product lookup', () => {
  const lookup = (query: string, root = CLIENTE_ROOT) =>
    t.app.inject({ url: `${root}/ov/user/api/userCups?${query}` });

  it('200 with the products of the seeded sign-up holder (12345678Z, 600123456)', async () => {
    const response = await lookup('nif=12345678z&telefono=600123456&email=ALTA@cliente.example');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.cupsElectricidad).toBe(1);
    expect(body.cupsGas).toBe(1);
    expect(body.cupsAsociados.select).toEqual([
      { line: 'Electricidad', cups: expect.stringMatching(/^ES/) },
      { line: 'Gas', cups: expect.stringMatching(/^ES/) },
    ]);
  });

  it('the telephone is optional, but a wrong one is a verification failure (461)', async () => {
    expect((await lookup('nif=12345678Z&email=alta@cliente.example')).statusCode).toBe(200);
    const wrongPhone = await lookup('nif=12345678Z&telefono=699999999&email=alta@cliente.example');
    expect(wrongPhone.statusCode).toBe(461);
    expect(wrongPhone.json().code).toBe(461);
    const wrongEmail = await lookup('nif=12345678Z&telefono=600123456&email=otra@cliente.example');
    expect(wrongEmail.statusCode).toBe(461);
  });

  it('403 when no holder with contracts has that NIF', async () => {
    expect((await lookup('nif=00000000T&email=x@y.example')).statusCode).toBe(403);
    const noContracts = await t.db
      .selectFrom('holders')
      .select(['nif', 'email'])
      .where('email', '=', 'pablo.romero@cliente.example')
      .executeTakeFirstOrThrow();
    const response = await lookup(`nif=${noContracts.nif}&email=${noContracts.email}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(403);
  });

  it('administrators: only registered ones, matched by NIF and e-mail', async () => {
    const fresh = await lookup(
      'nif=B12345674&email=alta@fincas.example&isAdministradorFinca=true',
      FINCAS_ROOT,
    );
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ cupsElectricidad: 0, cupsGas: 0 });
    const managing = await t.db
      .selectFrom('administrators')
      .select('nif')
      .where('email', '=', 'admin@fincas.example')
      .executeTakeFirstOrThrow();
    const busy = await lookup(
      `nif=${managing.nif}&email=admin@fincas.example&isAdministradorFinca=true`,
      FINCAS_ROOT,
    );
    expect(busy.json().cupsElectricidad + busy.json().cupsGas).toBeGreaterThan(0);
    expect(
      (await lookup('nif=B00000000&email=alta@fincas.example&isAdministradorFinca=true', FINCAS_ROOT))
        .statusCode,
    ).toBe(403);
    expect(
      (await lookup('nif=B12345674&email=otro@fincas.example&isAdministradorFinca=true', FINCAS_ROOT))
        .statusCode,
    ).toBe(461);
  });

  it('404 when the administrator flag does not fit the realm; 400 without a NIF', async () => {
    expect(
      (await lookup('nif=12345678Z&email=alta@cliente.example&isAdministradorFinca=true')).statusCode,
    ).toBe(404);
    expect((await lookup('nif=B12345674&email=alta@fincas.example', FINCAS_ROOT)).statusCode).toBe(404);
    expect((await lookup('email=alta@cliente.example')).statusCode).toBe(400);
  });
});

describe('sign-up (POST /ov/user/api/add)', () => {
  it('201: the account starts unvalidated, cannot log in (461) and gets a validation e-mail', async () => {
    const holder = await addHolder();
    const response = await signUp(signupBody(holder), {});
    expect(response.statusCode).toBe(201);
    expect(response.json().code).toBe(201);

    const account = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('username', '=', holder.username)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ realm: 'cliente', validated: 0, email: holder.email });
    expect(account.password_hash).toMatch(/^scrypt\$/);
    expect((await login(t.app, CLIENTE, holder.username, PASSWORD)).statusCode).toBe(461);

    const mail = await latestMail(holder.email);
    expect(mail.subject).toBe('Active su cuenta de la Oficina Virtual de Energía Demo Ibérica, S.L.');
    expect(mail.text).toContain('Hola, Ana Prueba Núñez:');
    expect(mail.text).toContain('en las próximas 48 horas');
    expect(mail.text).toContain('acceder con su nombre de usuario y su contraseña');
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]).toMatch(/^https:\/\/oficina\.example\/user-validation-request\?token=[\w-]{43}$/);
  });

  it('stores only the SHA-256 of the validation token, with a 48-hour lifetime', async () => {
    const holder = await addHolder();
    await signUp(signupBody(holder));
    const token = tokenIn((await latestMail(holder.email)).links[0], 'token');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.db
      .selectFrom('account_tokens')
      .innerJoin('accounts', 'accounts.id', 'account_tokens.account_id')
      .select([
        'account_tokens.token_hash',
        'account_tokens.purpose',
        'account_tokens.expires_at',
        'account_tokens.created_at',
      ])
      .where('accounts.username', '=', holder.username)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].purpose).toBe('validation');
    expect(rows[0].token_hash).toBe(hashRefreshToken(token));
    expect(rows[0].token_hash).not.toContain(token);
    const hours = (Date.parse(rows[0].expires_at) - Date.parse(rows[0].created_at)) / 3_600_000;
    expect(hours).toBe(48);
  });

  it('links come from PUBLIC_URL, never from the Host header', async () => {
    const holder = await addHolder();
    await t.app.inject({
      method: 'POST',
      url: `${CLIENTE_ROOT}/ov/user/api/add`,
      headers: { host: 'atacante.example', 'x-forwarded-host': 'atacante.example' },
      payload: signupBody(holder),
    });
    const mail = await latestMail(holder.email);
    expect(mail.text).not.toContain('atacante');
    expect(mail.links[0].startsWith('https://oficina.example/')).toBe(true);
  });

  it('the validation link validates once and redirects with the base64 full name', async () => {
    const holder = await addHolder();
    await signUp(signupBody(holder));
    const token = tokenIn((await latestMail(holder.email)).links[0], 'token');
    const first = await t.app.inject({ url: `${CLIENTE_ROOT}/ov/users/validation?token=${token}` });
    expect(first.statusCode).toBe(302);
    const location = new URL(first.headers.location as string);
    expect(location.origin + location.pathname).toBe('https://oficina.example/user-validation');
    expect(Buffer.from(location.searchParams.get('user')!, 'base64').toString('utf8')).toBe(
      'Ana Prueba Núñez',
    );
    expect(first.headers.location).toBe(
      `https://oficina.example/user-validation?user=${encodeURIComponent(Buffer.from('Ana Prueba Núñez').toString('base64'))}`,
    );
    expect((await login(t.app, CLIENTE, holder.username, PASSWORD)).statusCode).toBe(200);

    const again = await t.app.inject({ url: `${CLIENTE_ROOT}/ov/users/validation?token=${token}` });
    expect(again.headers.location).toBe('https://oficina.example/user-validation-error');
  });

  it('an unknown, other-realm or expired validation token goes to /user-validation-error', async () => {
    const holder = await addHolder();
    await signUp(signupBody(holder));
    const token = tokenIn((await latestMail(holder.email)).links[0], 'token');
    const bogus = await t.app.inject({ url: `${CLIENTE_ROOT}/ov/users/validation?token=${'x'.repeat(43)}` });
    expect(bogus.headers.location).toBe('https://oficina.example/user-validation-error');
    const missing = await t.app.inject({ url: `${CLIENTE_ROOT}/ov/users/validation` });
    expect(missing.headers.location).toBe('https://oficina.example/user-validation-error');
    const otherRealm = await t.app.inject({ url: `${FINCAS_ROOT}/ov/users/validation?token=${token}` });
    expect(otherRealm.headers.location).toBe('https://oficina.example/user-validation-error');
    await t.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashRefreshToken(token))
      .execute();
    const expired = await t.app.inject({ url: `${CLIENTE_ROOT}/ov/users/validation?token=${token}` });
    expect(expired.headers.location).toBe('https://oficina.example/user-validation-error');
    expect((await login(t.app, CLIENTE, holder.username, PASSWORD)).statusCode).toBe(461);
  });

  it('207: signing up again while pending sends a new link and spends the old one', async () => {
    const holder = await addHolder();
    await signUp(signupBody(holder));
    const firstToken = tokenIn((await latestMail(holder.email)).links[0], 'token');
    const again = await signUp(signupBody(holder, { password: 'Otra2024!' }));
    expect(again.statusCode).toBe(207);
    expect(again.json().code).toBe(207);
    const secondToken = tokenIn((await latestMail(holder.email)).links[0], 'token');
    expect(secondToken).not.toBe(firstToken);
    const old = await t.app.inject({ url: `${CLIENTE_ROOT}/ov/users/validation?token=${firstToken}` });
    expect(old.headers.location).toContain('/user-validation-error');
    await t.app.inject({ url: `${CLIENTE_ROOT}/ov/users/validation?token=${secondToken}` });
    // The first password stays.
    expect((await login(t.app, CLIENTE, holder.username, PASSWORD)).statusCode).toBe(200);
  });

  it('500 with code 103 when the user name or the e-mail already has an account', async () => {
    const holder = await addHolder();
    const taken = await signUp(signupBody(holder, { username: 'DEMO' }));
    expect(taken.statusCode).toBe(500);
    expect(taken.json().code).toBe(103);
    await activeAccount().then(async (active) => {
      const sameEmail = await signUp(signupBody(active, { username: 'otronombre' }));
      expect(sameEmail.statusCode).toBe(500);
      expect(sameEmail.json().code).toBe(103);
      const validatedAgain = await signUp(signupBody(active));
      expect(validatedAgain.json().code).toBe(103);
    });
  });

  it('403 without contracts for the NIF, 461 when the holder data do not match', async () => {
    const holder = await addHolder();
    const unknown = await signUp(signupBody(holder, { nif: '00000000T' }));
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().code).toBe(403);
    const wrongPhone = await signUp(signupBody(holder, { telefono: '699000000' }));
    expect(wrongPhone.statusCode).toBe(461);
    expect(wrongPhone.json().code).toBe(461);
    const wrongEmail = await signUp(signupBody(holder, { email: 'otra@cliente.example' }));
    expect(wrongEmail.statusCode).toBe(461);
  });

  it('464 for missing or invalid fields', async () => {
    const holder = await addHolder();
    const { password: _omitted, ...withoutPassword } = signupBody(holder);
    for (const payload of [
      withoutPassword,
      signupBody(holder, { firstName: '  ' }),
      signupBody(holder, { email: 'no-es-un-correo' }),
      signupBody(holder, { nif: '12-34' }),
      signupBody(holder, { firstName: '"'.repeat(26) }),
      signupBody(holder, { lastName: 'x'.repeat(201) }),
    ]) {
      const response = await signUp(payload);
      expect(response.statusCode).toBe(464);
      expect(response.json().code).toBe(464);
    }
  });

  it('470 for prohibited characters in the names or the user name', async () => {
    const holder = await addHolder();
    for (const overrides of [
      { firstName: 'Ana<script>' },
      { lastName: 'Pérez; DROP' },
      { username: 'ana.b' },
    ]) {
      const response = await signUp(signupBody(holder, overrides));
      expect(response.statusCode).toBe(470);
      expect(response.json().code).toBe(470);
    }
  });

  it('465 for forbidden characters in the password (= _ & ? - / \\ " + \') or a weak one', async () => {
    const holder = await addHolder();
    for (const password of [...FORBIDDEN.map((character) => `Segura${character}2024`), 'corta1!']) {
      const response = await signUp(signupBody(holder, { password }));
      expect(response.statusCode).toBe(465);
      expect(response.json().code).toBe(465);
    }
  });

  it('404 when the administrator flag does not fit the realm, 405 for other methods', async () => {
    const holder = await addHolder();
    expect((await signUp(signupBody(holder), { admin: true })).statusCode).toBe(404);
    const get = await t.app.inject({ url: `${CLIENTE_ROOT}/ov/user/api/add` });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(get.json().code).toBe(405);
  });

  it('500 (code 500) on an unexpected failure, leaving no account behind', async () => {
    const holder = await addHolder();
    await sql`ALTER TABLE account_tokens RENAME TO account_tokens_away`.execute(t.db);
    try {
      const response = await signUp(signupBody(holder));
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 500, message: 'Error interno' });
    } finally {
      await sql`ALTER TABLE account_tokens_away RENAME TO account_tokens`.execute(t.db);
    }
  });

  it("stores the signer's own document, the holder's CIF and the role access (spec 01 §3)", async () => {
    const holder = await addHolder();
    const response = await signUp(
      signupBody(holder, {
        identification: { typeDoc: 'nie', idDoc: 'x1234567l' },
        ownerCif: holder.nif.toLowerCase(),
        role: 'access',
      }),
    );
    expect(response.statusCode).toBe(201);
    const account = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('username', '=', holder.username)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      document_type: 'nie',
      document_number: 'X1234567L',
      owner_cif: holder.nif,
      role: 'access',
    });
  });

  it('464, with no account made, for another role, an unknown document type or a holder CIF that is not the NIF', async () => {
    const holder = await addHolder();
    for (const overrides of [
      { role: 'admin' },
      { identification: { typeDoc: 'dni', idDoc: '12345678Z' } },
      { identification: { typeDoc: 'nif', idDoc: '12-34' } },
      { ownerCif: 'B12345674' },
    ]) {
      const response = await signUp(signupBody(holder, overrides));
      expect(response.statusCode).toBe(464);
      expect(response.json().code).toBe(464);
    }
    const made = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', holder.username)
      .executeTakeFirst();
    expect(made).toBeUndefined();
  });

  it('administrators: only registered ones; the user name is the e-mail', async () => {
    const body = {
      username: 'alta-fincas.example',
      password: PASSWORD,
      nif: 'b12345674',
      email: 'alta@fincas.example',
      telefono: 0,
      firstName: 'Administraciones Alta S.L.',
      lastName: '',
      language: 'es',
      identification: { typeDoc: 'cif', idDoc: 'b12345674' },
      ownerCif: 'b12345674',
      role: 'access',
    };
    // An administrator's document is the NIF the account is claimed for.
    const otherDocument = { ...body, identification: { typeDoc: 'cif', idDoc: 'B87654321' } };
    expect((await signUp(otherDocument, { root: FINCAS_ROOT, admin: true })).statusCode).toBe(464);
    const unregistered = { ...body, nif: 'B00000000', identification: undefined, ownerCif: undefined };
    expect((await signUp(unregistered, { root: FINCAS_ROOT, admin: true })).statusCode).toBe(403);
    expect(
      (await signUp({ ...body, email: 'otro@fincas.example' }, { root: FINCAS_ROOT, admin: true }))
        .statusCode,
    ).toBe(461);
    expect((await signUp(body, { root: FINCAS_ROOT })).statusCode).toBe(404);

    const created = await signUp(body, { root: FINCAS_ROOT, admin: true });
    expect(created.statusCode).toBe(201);
    const account = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('email', '=', 'alta@fincas.example')
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ realm: 'fincas', username: 'alta@fincas.example', validated: 0 });
    expect(account.administrator_id).not.toBeNull();
    expect(account).toMatchObject({
      document_type: 'cif',
      document_number: 'B12345674',
      owner_cif: 'B12345674',
      role: 'access',
    });

    const adminMail = await latestMail('alta@fincas.example');
    // Administrators sign in with their e-mail (spec 01 §2): the message must not send them to a user name.
    expect(adminMail.text).toContain('acceder con su correo electrónico y su contraseña');
    expect(adminMail.text).not.toContain('nombre de usuario');
    const link = adminMail.links[0];
    expect(link).toMatch(/\/user-validation-request\?token=[\w-]{43}&isAdministradorFinca=true$/);
    const validation = await t.app.inject({
      url: `${FINCAS_ROOT}/ov/users/validation?token=${tokenIn(link, 'token')}`,
    });
    expect(validation.headers.location).toContain('/user-validation?user=');
    const signedIn = await t.app.inject({
      method: 'POST',
      url: `${FINCAS}/privateToken`,
      payload: { username: 'alta@fincas.example', password: PASSWORD, isAdministradorFinca: true },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().isAdministrador).toBe(true);
  });
});

describe('resendEmailVerification and the verify-email link', () => {
  const resend = (payload: object, { root = CLIENTE_ROOT, admin = false } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${root}/ov/user/api/resendEmailVerification?isAdministradorFinca=${admin}`,
      payload,
    });

  it('202 for a pending account; the link verifies it once (204), then 400 code 147', async () => {
    const holder = await addHolder();
    await signUp(signupBody(holder));
    const response = await resend({
      username: holder.username,
      email: holder.email,
      telefono: holder.telefono,
    });
    expect(response.statusCode).toBe(202);
    const mail = await latestMail(holder.email);
    expect(mail.subject).toBe('Verifique su correo electrónico en la Oficina Virtual');
    const link = mail.links[0];
    expect(link).toMatch(/^https:\/\/oficina\.example\/user-verify-email\?token=[\w-]{43}$/);
    const token = tokenIn(link, 'token');

    const check = (value: string) =>
      t.app.inject({ url: `${CLIENTE_ROOT}/ov/user/api/validateEmailToken/`, headers: { token: value } });
    expect((await check(token)).json()).toEqual({ mensaje: TOKEN_VALID_MESSAGE });
    const verify = () =>
      t.app.inject({ url: `${CLIENTE_ROOT}/ov/user/api/verifyUserEmail/`, headers: { token } });
    expect((await verify()).statusCode).toBe(204);
    expect((await login(t.app, CLIENTE, holder.username, PASSWORD)).statusCode).toBe(200);
    const reused = await verify();
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe(147);
    expect((await check(token)).json()).toEqual({ mensaje: 'Error al validar usuario.' });
    expect(TOKEN_INVALID_MESSAGE).toBe('Error al validar usuario.');
  });

  it('409 for an account that is already active', async () => {
    const demo = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    const response = await resend({ username: 'demo', email: demo.email, telefono: demo.telephone });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe(409);
  });

  it('404 when no user has these data', async () => {
    const holder = await addHolder();
    await signUp(signupBody(holder));
    for (const payload of [
      { username: 'nadie', email: holder.email, telefono: holder.telefono },
      { username: holder.username, email: 'otra@cliente.example', telefono: holder.telefono },
      { username: holder.username, email: holder.email, telefono: '600000000' },
    ]) {
      const response = await resend(payload);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(404);
    }
    const wrongRealm = await resend(
      { username: holder.username, email: holder.email, telefono: holder.telefono },
      { admin: true },
    );
    expect(wrongRealm.statusCode).toBe(404);
  });

  it('administrators use only the e-mail, in both fields', async () => {
    const response = await resend(
      { username: 'admin@fincas.example', email: 'admin@fincas.example', telefono: '0' },
      { root: FINCAS_ROOT, admin: true },
    );
    expect(response.statusCode).toBe(409);
  });
});

describe('password reset by e-mailed link', () => {
  const requestReset = (payload: object, { root = CLIENTE_ROOT, admin = false } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${root}/ov/user/api/resendPasswordVerification?isAdministradorFinca=${admin}`,
      payload,
    });
  const update = (token: string, newpassword: string) =>
    t.app.inject({
      method: 'PUT',
      url: `${CLIENTE_ROOT}/ov/user/api/updatePassword/`,
      headers: { token, newpassword },
    });

  it('204 and a one-hour link; the new password works once, the old one no more', async () => {
    const holder = await activeAccount();
    const before = await login(t.app, CLIENTE, holder.username, PASSWORD);
    const response = await requestReset({
      username: holder.username,
      email: holder.email,
      telefono: holder.telefono,
    });
    expect(response.statusCode).toBe(204);
    const mail = await latestMail(holder.email);
    expect(mail.subject).toBe('Cambie su contraseña de la Oficina Virtual');
    expect(mail.text).toContain('en la próxima hora');
    const token = tokenIn(mail.links[0], 'token');
    expect(mail.links[0]).toMatch(/^https:\/\/oficina\.example\/user-change-password\?token=/);
    const row = await t.db
      .selectFrom('account_tokens')
      .select(['expires_at', 'created_at', 'purpose'])
      .where('token_hash', '=', hashRefreshToken(token))
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('reset');
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(3_600_000);

    const weak = await update(token, 'debil');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe(176);
    for (const character of FORBIDDEN) {
      expect((await update(token, `Nueva${character}2024`)).statusCode).toBe(465);
    }
    expect((await update(token, 'Nueva2024!')).statusCode).toBe(204);
    expect((await login(t.app, CLIENTE, holder.username, 'Nueva2024!')).statusCode).toBe(200);
    expect((await login(t.app, CLIENTE, holder.username, PASSWORD)).statusCode).toBe(400);
    const revoked = await t.db
      .selectFrom('refresh_tokens')
      .select('revoked_at')
      .where('token_hash', '=', hashRefreshToken(before.json().refresh_token))
      .executeTakeFirstOrThrow();
    expect(revoked.revoked_at).not.toBeNull();

    const reused = await update(token, 'Otra2024!x');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe(147);
  });

  it('a newer reset link spends the older one; an expired one fails', async () => {
    const holder = await activeAccount();
    const payload = { username: holder.username, email: holder.email, telefono: holder.telefono };
    await requestReset(payload);
    const first = tokenIn((await latestMail(holder.email)).links[0], 'token');
    await requestReset(payload);
    const second = tokenIn((await latestMail(holder.email)).links[0], 'token');
    expect((await update(first, 'Nueva2024!')).json().code).toBe(147);
    await t.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('token_hash', '=', hashRefreshToken(second))
      .execute();
    const check = await t.app.inject({
      url: `${CLIENTE_ROOT}/ov/user/api/validateEmailToken/`,
      headers: { token: second },
    });
    expect(check.json().mensaje).toBe('Error al validar usuario.');
    expect((await update(second, 'Nueva2024!')).json().code).toBe(147);
  });

  it('body codes 174, 169 and 170; 464 for a pending account; 465 and 400 for bad input', async () => {
    const holder = await activeAccount();
    const codeOf = async (payload: object, options = {}) => {
      const response = await requestReset(payload, options);
      return [response.statusCode, response.json().code];
    };
    const base = { username: holder.username, email: holder.email, telefono: holder.telefono };
    expect(await codeOf({ ...base, username: 'nadie' })).toEqual([400, 174]);
    expect(await codeOf({ ...base, email: 'otra@cliente.example' })).toEqual([400, 169]);
    expect(await codeOf({ ...base, telefono: '600000000' })).toEqual([400, 170]);
    expect(await codeOf(base, { admin: true })).toEqual([400, 174]);
    expect(await codeOf({ ...base, username: 'ana!"' })).toEqual([465, 465]);
    expect(await codeOf({ username: holder.username })).toEqual([400, 400]);

    const pending = await addHolder();
    await signUp(signupBody(pending));
    expect(
      await codeOf({ username: pending.username, email: pending.email, telefono: pending.telefono }),
    ).toEqual([464, 464]);
  });

  it('administrators: the e-mail is the user name and the telephone is not compared', async () => {
    const response = await requestReset(
      { username: 'admin@fincas.example', email: 'admin@fincas.example', telefono: '0' },
      { root: FINCAS_ROOT, admin: true },
    );
    expect(response.statusCode).toBe(204);
    const link = (await latestMail('admin@fincas.example')).links[0];
    expect(link).toMatch(/\/user-change-password\?token=[\w-]{43}&isAdministradorFinca=true$/);
    const otherRealm = await t.app.inject({
      url: `${CLIENTE_ROOT}/ov/user/api/validateEmailToken/`,
      headers: { token: tokenIn(link, 'token') },
    });
    expect(otherRealm.json().mensaje).toBe('Error al validar usuario.');
  });
});

describe('user name recovery and set password by confirmation code', () => {
  const recover = (email: string, { root = CLIENTE_ROOT, admin = false } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${root}/ov/user/api/recovery/username?isAdministradorFinca=${admin}`,
      payload: { email },
    });
  const clientToken = async (credential = DEFAULT_CLIENT_CREDENTIAL, root = CLIENTE_ROOT) =>
    t.app.inject({
      method: 'POST',
      url: `${root}/token?grant_type=client_credentials`,
      headers: { authorization: `Basic ${Buffer.from(credential).toString('base64')}` },
    });
  const setPassword = (bearer: string | null, payload: object, root = CLIENTE_ROOT) =>
    t.app.inject({
      method: 'POST',
      url: `${root}/ov/users/set-password`,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      payload,
    });

  it('200 sends the user name and a set-password link; 204 for an unknown e-mail; 400 for a bad one', async () => {
    const holder = await activeAccount();
    const response = await recover(holder.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    const mail = await latestMail(holder.email);
    expect(mail.subject).toBe('Su nombre de usuario de la Oficina Virtual');
    expect(mail.text).toContain(
      `Su nombre de usuario de la Oficina Virtual de Energía Demo Ibérica, S.L. es: ${holder.username}`,
    );
    expect(mail.links[0]).toMatch(/^https:\/\/oficina\.example\/password-change\?confirmation=[\w-]{43}$/);
    expect((await recover('nadie@cliente.example')).statusCode).toBe(204);
    expect((await recover(holder.email, { admin: true })).statusCode).toBe(204);
    expect((await recover('no-es-correo')).statusCode).toBe(400);
  });

  it('the client-credentials token: 200 with the configured credential, 401 otherwise, 400 for another grant', async () => {
    const good = await clientToken();
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ token_type: 'Bearer', expires_in: 300 });
    expect((await clientToken('oficina-virtual-spa:otra')).statusCode).toBe(401);
    const noGrant = await t.app.inject({ method: 'POST', url: `${CLIENTE_ROOT}/token` });
    expect(noGrant.statusCode).toBe(400);
  });

  it('202 with a client token and a live code; 412, 400/147, 400/176 and 465 otherwise', async () => {
    const holder = await activeAccount();
    await recover(holder.email);
    const confirmation = tokenIn((await latestMail(holder.email)).links[0], 'confirmation');
    const bearer = (await clientToken()).json().access_token as string;

    expect((await setPassword(null, { token: confirmation, password: 'Nueva2024!' })).statusCode).toBe(412);
    const userToken = (await login(t.app, CLIENTE, holder.username, PASSWORD)).json().access_token;
    expect((await setPassword(userToken, { token: confirmation, password: 'Nueva2024!' })).statusCode).toBe(
      412,
    );
    const fincasBearer = (await clientToken(DEFAULT_CLIENT_CREDENTIAL, FINCAS_ROOT)).json().access_token;
    expect(
      (await setPassword(fincasBearer, { token: confirmation, password: 'Nueva2024!' })).statusCode,
    ).toBe(412);

    const wrongCode = await setPassword(bearer, { token: 'y'.repeat(43), password: 'Nueva2024!' });
    expect([wrongCode.statusCode, wrongCode.json().code]).toEqual([400, 147]);
    const format = await setPassword(bearer, { token: confirmation, password: 'corta' });
    expect([format.statusCode, format.json().code]).toEqual([400, 176]);
    for (const character of FORBIDDEN) {
      const refused = await setPassword(bearer, { token: confirmation, password: `Nueva${character}2024` });
      expect([refused.statusCode, refused.json().code]).toEqual([465, 465]);
    }
    expect((await setPassword(bearer, { token: confirmation })).statusCode).toBe(400);

    const done = await setPassword(bearer, { token: confirmation, password: 'Nueva2024!' });
    expect(done.statusCode).toBe(202);
    expect((await login(t.app, CLIENTE, holder.username, 'Nueva2024!')).statusCode).toBe(200);
    const reused = await setPassword(bearer, { token: confirmation, password: 'Otra2024!x' });
    expect([reused.statusCode, reused.json().code]).toEqual([400, 147]);
  });
});

describe('changePasswordBackend (/admin)', () => {
  const change = (bearer: string | null, payload: object, root = CLIENTE_ROOT) =>
    t.app.inject({
      method: 'POST',
      url: `${root}/ov/user/api/changePasswordBackend`,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      payload,
    });

  it('200 changes the password; 403, 400 and 465 otherwise; 401 without a session', async () => {
    const holder = await activeAccount();
    const bearer = (await login(t.app, CLIENTE, holder.username, PASSWORD)).json().access_token as string;
    const base = { username: holder.username, password: PASSWORD, newPassword: 'Cambiada2024!' };
    expect((await change(null, base)).statusCode).toBe(401);
    expect((await change(bearer, { ...base, password: 'Mala2024!' })).statusCode).toBe(403);
    expect((await change(bearer, { ...base, username: 'demo' })).statusCode).toBe(400);
    expect((await change(bearer, { ...base, newPassword: PASSWORD })).statusCode).toBe(400);
    for (const character of FORBIDDEN) {
      const refused = await change(bearer, { ...base, newPassword: `Cambiada${character}2024` });
      expect([refused.statusCode, refused.json().code]).toEqual([465, 465]);
    }
    expect((await change(bearer, { ...base, newPassword: 'debil' })).statusCode).toBe(400);
    expect((await change(bearer, { username: holder.username })).statusCode).toBe(400);

    const done = await change(bearer, base);
    expect(done.statusCode).toBe(200);
    expect(done.json().code).toBe(200);
    expect((await login(t.app, CLIENTE, holder.username, 'Cambiada2024!')).statusCode).toBe(200);
  });

  it('administrators send their e-mail as the user name', async () => {
    const bearer = (
      await t.app.inject({
        method: 'POST',
        url: `${FINCAS}/privateToken`,
        payload: { username: 'admin@fincas.example', password: 'Fincas2024!' },
      })
    ).json().access_token as string;
    const response = await change(
      bearer,
      { username: 'admin@fincas.example', password: 'Mala2024!', newPassword: 'Cambiada2024!' },
      FINCAS_ROOT,
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('the development outbox', () => {
  it('lists the messages newest first as JSON and as a page with clickable links', async () => {
    const holder = await addHolder();
    await signUp(signupBody(holder));
    const json = await t.app.inject({ url: '/dev/outbox.json' });
    expect(json.statusCode).toBe(200);
    const messages = json.json<{ createdAt: string; to: string; links: string[] }[]>();
    expect(messages[0].to).toBe(holder.email);
    const dates = messages.map((m) => m.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const page = await t.app.inject({ url: '/dev/outbox', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<h1>Correo saliente</h1>');
    expect(page.body).toContain(`<a href="${messages[0].links[0]}">`);
    expect(page.body).not.toMatch(/<script|style=/);
    expect((await t.app.inject({ url: '/dev/outbox.css' })).headers['content-type']).toContain('text/css');
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ nodeEnv: 'production' }, { seed: false });
    try {
      const response = await production.app.inject({ url: '/dev/outbox.json' });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('guest calls are rate limited', () => {
  it('429 after ACCOUNT_RATE_LIMIT calls in a minute from one address', async () => {
    const limited = await createTestApp({ accountRateLimit: { max: 2, windowMs: 60_000 } }, { seed: false });
    try {
      const call = () =>
        limited.app.inject({
          method: 'POST',
          url: `${CLIENTE_ROOT}/ov/user/api/recovery/username?isAdministradorFinca=false`,
          payload: { email: 'x@y.example' },
        });
      expect((await call()).statusCode).toBe(204);
      expect((await call()).statusCode).toBe(204);
      const third = await call();
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

/** A fake SMTP server that fails the way a real one can. */
function fakeSmtp(behaviour: 'reject' | 'silent'): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (behaviour === 'silent') return;
    socket.write('220 prueba ESMTP\r\n');
    socket.on('data', (data) => {
      const command = data.toString().toUpperCase();
      if (command.startsWith('EHLO') || command.startsWith('HELO')) socket.write('250 prueba\r\n');
      else if (command.startsWith('QUIT')) socket.end('221 adiós\r\n');
      else socket.write('554 5.7.1 Mensaje rechazado\r\n');
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `smtp://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

describe('mail failures answer like a gateway and undo the new account', () => {
  async function signUpWithSmtp(smtpUrl: string) {
    const app = await createTestApp({ smtpUrl, smtpTimeoutMs: 300 });
    try {
      const holder = await addHolder(app.db);
      const response = await signUp(signupBody(holder), { app: app.app });
      const left = await app.db
        .selectFrom('accounts')
        .select('id')
        .where('username', '=', holder.username)
        .execute();
      return { status: response.statusCode, code: response.json().code, accounts: left.length };
    } finally {
      await app.close();
    }
  }

  it('503 when the mail server cannot be reached', async () => {
    const closed = await fakeSmtp('reject');
    await closed.close();
    expect(await signUpWithSmtp(closed.url)).toEqual({ status: 503, code: 503, accounts: 0 });
  });

  it('502 when the mail server refuses the message', async () => {
    const smtp = await fakeSmtp('reject');
    try {
      expect(await signUpWithSmtp(smtp.url)).toEqual({ status: 502, code: 502, accounts: 0 });
    } finally {
      await smtp.close();
    }
  });

  it('504 when the mail server does not answer in time', async () => {
    const smtp = await fakeSmtp('silent');
    try {
      expect(await signUpWithSmtp(smtp.url)).toEqual({ status: 504, code: 504, accounts: 0 });
    } finally {
      await smtp.close();
    }
  });
});
