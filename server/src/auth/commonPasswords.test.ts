import { DEFAULT_CLIENT_CREDENTIAL } from '../config';
import { readOutbox } from '../mail/outbox';
import { CLIENTE, createTestApp, login, type TestApp } from '../../test/testApp';
import { COMMON_PASSWORD, CONTEXT_PASSWORD, isCommonPassword } from './commonPasswords';
import { containsContextWord } from './passwordRule';

let t: TestApp;
const ROOT = '/api/cliente';
// Meet every character and class rule, and are on the list once lower-cased.
const COMMON = ['Password1', 'Qwerty123', 'Iloveyou1'];
const REFUSED = { code: 466, message: COMMON_PASSWORD };

beforeAll(async () => {
  t = await createTestApp({ accountRateLimit: { max: 100000, windowMs: 60_000 } });
});

afterAll(async () => {
  await t.close();
});

async function demo() {
  return t.db
    .selectFrom('accounts')
    .select(['username', 'email', 'telephone', 'password_hash'])
    .where('username', '=', 'demo')
    .executeTakeFirstOrThrow();
}

async function linkTo(email: string, parameter: string) {
  const mail = (await readOutbox(t.config.dataDir)).find((message) => message.to === email);
  return new URL(mail!.links[0]).searchParams.get(parameter)!;
}

describe('common passwords', () => {
  it('the list holds the 10,000 most common, compared without case', () => {
    expect(COMMON.every(isCommonPassword)).toBe(true);
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('Demo2024!')).toBe(false);
    expect(isCommonPassword('abc123456')).toBe(false); // number 10,082 of the ranking
  });

  it('sign-up refuses them with 466 and creates no account', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${ROOT}/ov/user/api/add`,
      payload: {
        username: 'comun1',
        password: COMMON[0],
        nif: '12345678Z',
        email: 'alta@cliente.example',
        telefono: '600123456',
        firstName: 'Ana',
        lastName: 'Prueba',
        language: 'es',
      },
    });
    expect([response.statusCode, response.json()]).toEqual([466, REFUSED]);
    const created = await t.db.selectFrom('accounts').select('id').where('username', '=', 'comun1').execute();
    expect(created).toEqual([]);
  });

  it('/admin (changePasswordBackend) refuses them and keeps the password', async () => {
    const bearer = (await login(t.app, CLIENTE, 'demo', 'Demo2024!')).json().access_token;
    for (const newPassword of COMMON) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${ROOT}/ov/user/api/changePasswordBackend`,
        headers: { authorization: `Bearer ${bearer}` },
        payload: { username: 'demo', password: 'Demo2024!', newPassword },
      });
      expect([response.statusCode, response.json()]).toEqual([466, REFUSED]);
    }
    expect((await login(t.app, CLIENTE, 'demo', 'Demo2024!')).statusCode).toBe(200);
  });

  it('the e-mailed link (updatePassword) refuses them and the link stays usable', async () => {
    const account = await demo();
    const reset = await t.app.inject({
      method: 'POST',
      url: `${ROOT}/ov/user/api/resendPasswordVerification?isAdministradorFinca=false`,
      payload: { username: 'demo', email: account.email, telefono: account.telephone },
    });
    expect(reset.statusCode).toBe(204);
    const token = await linkTo(account.email, 'token');
    const update = (newpassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: `${ROOT}/ov/user/api/updatePassword/`,
        headers: { token, newpassword },
      });
    const refused = await update(COMMON[1]);
    expect([refused.statusCode, refused.json()]).toEqual([466, REFUSED]);
    expect((await demo()).password_hash).toBe(account.password_hash);
    expect((await update('Lucero2024!')).statusCode).toBe(204);
  });

  it('set-password by confirmation code refuses them', async () => {
    const account = await demo();
    await t.app.inject({
      method: 'POST',
      url: `${ROOT}/ov/user/api/recovery/username?isAdministradorFinca=false`,
      payload: { email: account.email },
    });
    const confirmation = await linkTo(account.email, 'confirmation');
    const client = await t.app.inject({
      method: 'POST',
      url: `${ROOT}/token?grant_type=client_credentials`,
      headers: { authorization: `Basic ${Buffer.from(DEFAULT_CLIENT_CREDENTIAL).toString('base64')}` },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `${ROOT}/ov/users/set-password`,
      headers: { authorization: `Bearer ${client.json().access_token}` },
      payload: { token: confirmation, password: COMMON[2] },
    });
    expect([response.statusCode, response.json()]).toEqual([466, REFUSED]);
    expect((await demo()).password_hash).toBe(account.password_hash);
  });
});

describe("passwords with the account's own words (NIST SP 800-63B context-specific words)", () => {
  const OWN_WORDS = { code: 467, message: CONTEXT_PASSWORD };

  it('contain the user name or the e-mail local part, ignoring case; short words do not count', () => {
    const context = { username: 'Lucia88', email: 'maria.p@correo.example' };
    expect(
      ['xLUCIA88x!A', 'Lucia88!Az', 'Ab1!MARIA.P', 'ｌｕｃｉａ88Ab!'].map((p) =>
        containsContextWord(p, context),
      ),
    ).toEqual([true, true, true, true]);
    expect(containsContextWord('Correo2024!', context)).toBe(false);
    expect(containsContextWord('Ab1!xyz', { username: 'ab', email: 'x@y.example' })).toBe(false);
  });

  it('sign-up refuses one with the user name or the e-mail local part (467) and creates no account', async () => {
    const body = {
      username: 'contexto1',
      nif: '12345678Z',
      email: 'rosa.vidal@cliente.example',
      telefono: '600123456',
      firstName: 'Ana',
      lastName: 'Prueba',
      language: 'es',
    };
    for (const password of ['Contexto1!Ab', 'Ab1!ROSA.VIDAL']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${ROOT}/ov/user/api/add`,
        payload: { ...body, password },
      });
      expect([response.statusCode, response.json()]).toEqual([467, OWN_WORDS]);
    }
    const created = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', 'contexto1')
      .execute();
    expect(created).toEqual([]);
  });

  it('/admin and the e-mailed link refuse them and keep the password', async () => {
    const account = await demo();
    const local = account.email.split('@')[0];
    const bearer = (await login(t.app, CLIENTE, 'demo', 'Lucero2024!')).json().access_token;
    for (const newPassword of ['X9!DEMOabc', `Z9!${local.toUpperCase()}`]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${ROOT}/ov/user/api/changePasswordBackend`,
        headers: { authorization: `Bearer ${bearer}` },
        payload: { username: 'demo', password: 'Lucero2024!', newPassword },
      });
      expect([response.statusCode, response.json()]).toEqual([467, OWN_WORDS]);
    }

    await t.app.inject({
      method: 'POST',
      url: `${ROOT}/ov/user/api/resendPasswordVerification?isAdministradorFinca=false`,
      payload: { username: 'demo', email: account.email, telefono: account.telephone },
    });
    const token = await linkTo(account.email, 'token');
    const update = await t.app.inject({
      method: 'PUT',
      url: `${ROOT}/ov/user/api/updatePassword/`,
      headers: { token, newpassword: 'Mi!Demo2030' },
    });
    expect([update.statusCode, update.json()]).toEqual([467, OWN_WORDS]);
    expect((await demo()).password_hash).toBe(account.password_hash);
    expect((await login(t.app, CLIENTE, 'demo', 'Lucero2024!')).statusCode).toBe(200);
  });
});
