import { createServer, type Server, type Socket } from 'node:net';

import { buildApp } from '../app';
import { CLIENTE, createTestApp, login, type TestApp } from '../../test/testApp';
import { createMailer } from './mailer';
import { readOutbox } from './outbox';
import { createMailQueue, MAX_ATTEMPTS, retryDelayMs } from './queue';

const ROOT = '/api/cliente';
const silentLog = { warn: () => undefined, error: () => undefined } as never;

/**
 * An SMTP server that greets and then never answers: a send hangs like a dying process's. (Greeting first:
 * nodemailer keeps its greeting timer running after a connection closed before the greeting.)
 */
function silentSmtp(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.write('220 prueba ESMTP\r\n');
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

async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error('no llegó a ocurrir');
}

const queued = (t: TestApp) =>
  t.db.selectFrom('mail_queue').selectAll().orderBy('id', 'desc').executeTakeFirst();

describe('mail queue', () => {
  it('a failed send stays queued, answers like a gateway, and is delivered by a retry', async () => {
    // The mail server is down: nothing listens on this port.
    const down = await silentSmtp();
    await down.close();
    const t = await createTestApp({ smtpUrl: down.url, smtpTimeoutMs: 300 });
    try {
      const email = (await login(t.app, CLIENTE, 'demo', 'Demo2024!')).json().email as string;
      const response = await t.app.inject({
        method: 'POST',
        url: `${ROOT}/ov/user/api/recovery/username?isAdministradorFinca=false`,
        payload: { email },
      });
      expect([response.statusCode, response.json().code]).toEqual([503, 503]);
      const failed = await queued(t);
      expect(failed).toMatchObject({
        recipient: email,
        attempts: 1,
        last_error: 'unavailable',
        sent_at: null,
      });
      expect(await readOutbox(t.config.dataDir)).toEqual([]);

      // Not before its retry is due; then, with the mail server back (the file outbox here), it leaves.
      const back = createMailQueue(t.db, createMailer({ ...t.config, smtpUrl: undefined }), silentLog);
      expect(await back.deliverDue(new Date())).toBe(0);
      expect(await back.deliverDue(new Date(Date.now() + retryDelayMs(1) + 1000))).toBe(1);
      const [mail] = await readOutbox(t.config.dataDir);
      expect(mail).toMatchObject({ to: email, subject: 'Su nombre de usuario de la Oficina Virtual' });
      expect((await queued(t))?.sent_at).not.toBeNull();
      // Sent once only.
      expect(await back.deliverDue(new Date(Date.now() + 10 * 3_600_000))).toBe(0);
      expect(await readOutbox(t.config.dataDir)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('a sign-up stopped after its account is written but before its e-mail leaves is delivered later', async () => {
    const smtp = await silentSmtp();
    const t = await createTestApp({ smtpUrl: smtp.url, smtpTimeoutMs: 120_000 });
    // The process hangs in the send (as one that dies there): the request does not answer.
    const hanging = t.app.inject({
      method: 'POST',
      url: `${ROOT}/ov/user/api/add`,
      payload: {
        username: 'colgada',
        password: 'Segura2024!',
        nif: '12345678Z',
        email: 'alta@cliente.example',
        telefono: '600123456',
        firstName: 'Ana',
        lastName: 'Prueba',
        language: 'es',
      },
    });
    try {
      const message = await until(async () =>
        (await queued(t))?.recipient === 'alta@cliente.example' ? queued(t) : undefined,
      );
      const account = await t.db
        .selectFrom('accounts')
        .select(['id', 'validated'])
        .where('username', '=', 'colgada')
        .executeTakeFirstOrThrow();
      expect(account.validated).toBe(0);
      expect(message).toMatchObject({ sent_at: null, attempts: 0 });

      // Another process on the same database (restarted, with the file outbox) sends it once the claim of the
      // stopped one has lapsed; its link validates the account.
      const restarted = await buildApp({ ...t.config, smtpUrl: undefined }, t.db);
      try {
        const worker = createMailQueue(t.db, createMailer({ ...t.config, smtpUrl: undefined }), silentLog);
        expect(await worker.deliverDue(new Date(Date.now() + 10 * 60_000))).toBe(1);
        const [mail] = await readOutbox(t.config.dataDir);
        expect(mail.to).toBe('alta@cliente.example');
        const token = new URL(mail.links[0]).searchParams.get('token');
        const validation = await restarted.inject({ url: `${ROOT}/ov/users/validation?token=${token}` });
        expect(validation.headers.location).toContain('/user-validation?user=');
        expect((await login(restarted, CLIENTE, 'colgada', 'Segura2024!')).statusCode).toBe(200);
      } finally {
        await restarted.close();
      }
    } finally {
      await smtp.close();
      await hanging.catch(() => undefined);
      await t.close();
    }
  });

  it('keeps no usable link once a message is sent, and a token read from the database opens nothing', async () => {
    const t = await createTestApp();
    try {
      const account = await t.db
        .selectFrom('accounts')
        .select(['email', 'telephone'])
        .where('username', '=', 'demo2')
        .executeTakeFirstOrThrow();
      const requested = await t.app.inject({
        method: 'POST',
        url: `${ROOT}/ov/user/api/resendPasswordVerification`,
        payload: { username: 'demo2', email: account.email, telefono: account.telephone },
      });
      expect(requested.statusCode).toBe(204);
      const [mail] = await readOutbox(t.config.dataDir);
      const token = new URL(mail.links[0]).searchParams.get('token')!;
      expect(token.length).toBeGreaterThan(20);

      // The queue row is sent and holds neither the token nor the link any more.
      const rows = await t.db.selectFrom('mail_queue').selectAll().execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.sent_at).not.toBeNull();
        expect(JSON.stringify(row)).not.toContain(token);
        expect(JSON.stringify(row)).not.toContain('token=');
      }
      // What the database keeps of the token (its hash) is refused where the token is accepted.
      const stored = await t.db.selectFrom('account_tokens').select('token_hash').execute();
      expect(stored.length).toBeGreaterThan(0);
      const check = (value: string) =>
        t.app.inject({ url: `${ROOT}/ov/user/api/validateEmailToken/`, headers: { token: value } });
      for (const { token_hash } of stored) {
        expect(token_hash).not.toBe(token);
        expect((await check(token_hash)).json().mensaje).not.toBe('Token válido');
      }
      // While the e-mailed token itself still works.
      expect((await check(token)).json().mensaje).toBe('Token válido');
    } finally {
      await t.close();
    }
  });

  it('gives up after MAX_ATTEMPTS with waits that double up to an hour', () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(20)).toBe(3_600_000);
    expect(MAX_ATTEMPTS).toBeGreaterThan(5);
  });
});
