import type { FastifyInstance } from 'fastify';

import { CLIENTE, createTestApp, type TestApp } from '../../test/testApp';
import { buildApp } from '../app';
import { readOutbox } from '../mail/outbox';
import { redactUrl } from './logging';

let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp({ ...t.config, logger: true, logLevel: 'info' }, t.db, {
    logStream: { write: (line) => lines.push(line) },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await t.close();
});

async function linkTo(email: string, page: string): Promise<URL> {
  const link = (await readOutbox(t.config.dataDir))
    .filter((message) => message.to === email)
    .flatMap((message) => message.links)
    .find((candidate) => candidate.includes(page));
  if (!link) throw new Error(`no hay enlace a ${page} para ${email}`);
  return new URL(link);
}

describe('the log', () => {
  it('holds no token, NIF, e-mail, telephone or password after a full password reset and a session', async () => {
    const account = await t.db
      .selectFrom('accounts')
      .innerJoin('holders', 'holders.id', 'accounts.holder_id')
      .select(['accounts.email', 'accounts.telephone', 'holders.nif'])
      .where('accounts.username', '=', 'demo2')
      .executeTakeFirstOrThrow();
    const secrets: string[] = [account.email, account.nif, account.telephone!, 'Nueva2024!'];
    const spa = (url: string) => app.inject({ url, headers: { accept: 'text/html' } });

    // The sign-up lookup carries a NIF, an e-mail and a telephone in its query string.
    const lookup = await app.inject({
      url: `${CLIENTE}/userCups?nif=${account.nif}&email=${encodeURIComponent(account.email)}&telefono=${account.telephone}`,
    });
    expect(lookup.statusCode).toBe(200);

    // Reset by e-mailed link: the link is opened, its token checked and spent.
    const requested = await app.inject({
      method: 'POST',
      url: `${CLIENTE}/resendPasswordVerification`,
      payload: { username: 'demo2', email: account.email, telefono: account.telephone },
    });
    expect(requested.statusCode).toBe(204);
    const resetLink = await linkTo(account.email, '/user-change-password');
    const token = resetLink.searchParams.get('token')!;
    secrets.push(token);
    await spa(`${resetLink.pathname}${resetLink.search}`);
    expect(
      (await app.inject({ url: `${CLIENTE}/validateEmailToken/`, headers: { token } })).json().mensaje,
    ).toBe('Token válido');
    // Also a token sent where it does not belong, in the query string.
    await app.inject({ url: `${CLIENTE}/validateEmailToken/?token=${token}` });
    const reset = await app.inject({
      method: 'PUT',
      url: `${CLIENTE}/updatePassword/`,
      headers: { token, newpassword: 'Nueva2024!' },
    });
    expect(reset.statusCode).toBe(204);

    // User name recovery: its confirmation link is opened too.
    await app.inject({
      method: 'POST',
      url: `${CLIENTE}/recovery/username?isAdministradorFinca=false`,
      payload: { email: account.email },
    });
    const confirmationLink = await linkTo(account.email, '/password-change');
    secrets.push(confirmationLink.searchParams.get('confirmation')!);
    await spa(`${confirmationLink.pathname}${confirmationLink.search}`);

    // A session: sign in with the new password, one call, log out.
    const signedIn = await app.inject({
      method: 'POST',
      url: `${CLIENTE}/privateToken`,
      payload: { username: 'demo2', password: 'Nueva2024!' },
    });
    expect(signedIn.statusCode).toBe(200);
    const { access_token, refresh_token } = signedIn.json<{ access_token: string; refresh_token: string }>();
    secrets.push(access_token, refresh_token);
    const authorization = `Bearer ${access_token}`;
    expect((await app.inject({ url: `${CLIENTE}/me`, headers: { authorization } })).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: `${CLIENTE}/logout`, headers: { authorization, refresh_token } });

    const log = lines.join('');
    // The log did record these requests, with the parameters' names.
    expect(log).toContain('/user-change-password?token=[oculto]');
    expect(log).toContain('nif=[oculto]&email=[oculto]&telefono=[oculto]');
    for (const secret of secrets) {
      expect({ secret, found: log.includes(secret) }).toEqual({ secret, found: false });
    }
    expect(log).not.toContain(encodeURIComponent(account.email));
  });
});

describe('CUPS in the log', () => {
  it('are hidden as NIFs are, in query strings, page paths and error lines', async () => {
    const { cups } = await t.db
      .selectFrom('supply_points')
      .select('cups')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const signedIn = await app.inject({
      method: 'POST',
      url: `${CLIENTE}/privateToken`,
      payload: { username: 'demo', password: 'Demo2024!' },
    });
    const authorization = `Bearer ${signedIn.json<{ access_token: string }>().access_token}`;
    const before = lines.length;
    const api = '/api/cliente/ov';
    for (const url of [
      `${api}/cups/api/cupsMe?cups=${cups}`,
      `${api}/cups/api/cupsMe?cups=${cups.toLowerCase()}`,
      `${api}/invoices/api/invoices?line=Electricidad&CUPS=${cups}`,
      `${api}/cups/api/curvas/explorar?cups=${encodeURIComponent(` ${cups.slice(0, 10)} ${cups.slice(10)} `)}`,
      `${api}/cups/api/otra/${cups}0F`,
    ]) {
      await app.inject({ url, headers: { authorization } });
    }
    await app.inject({ url: `/suministros/${cups}`, headers: { accept: 'text/html' } });
    app.log.error({ err: new Error(`fallo con ${cups}`) }, 'prueba');

    const log = lines.slice(before).join('');
    expect(log).toContain('cupsMe?cups=[oculto]');
    expect(log).toContain('/suministros/[oculto]');
    for (const form of [cups, cups.toLowerCase(), cups.slice(10), cups.slice(0, 10)]) {
      expect({ form, found: log.includes(form) }).toEqual({ form, found: false });
    }
  });
});

describe('redactUrl', () => {
  it('hides the values of the listed parameters however they are spelt, and keeps the rest', () => {
    expect(redactUrl('/x?Token=abc&%74oken=def&line=gas&email&NIF[]=1&a=b')).toBe(
      '/x?Token=[oculto]&%74oken=[oculto]&line=gas&email&NIF[]=[oculto]&a=b',
    );
    expect(redactUrl('/ov/users/validation?token=abc%')).toBe('/ov/users/validation?token=[oculto]');
    expect(redactUrl('/sin/consulta')).toBe('/sin/consulta');
    expect(redactUrl('/a/ES0021000000000001RK0F/b?x=es0021000000000001rk&cups=nada')).toBe(
      '/a/[oculto]/b?x=[oculto]&cups=[oculto]',
    );
  });
});
