import { createTestApp, demoTokens, type TestApp } from '../../test/testApp';
import { ensureMeasurementDays } from '../data/measurementDays';
import { profileOf } from '../data/measurements';
import { createMailer } from '../mail/mailer';
import { MAIL_VIEW_CSP } from '../http/security';
import { readOutbox } from '../mail/outbox';
import { createMailQueue } from '../mail/queue';
import { addMonths } from '../measurements/dates';
import { madridToday } from '../measurements/madridTime';
import { advanceSupportRequests, changeSupportRequestState, notifyNewInvoices } from '.';
import { isUnusualConsumption } from './thresholds';
import { checkUnsubscribeToken, unsubscribeToken, UNSUBSCRIBE_TTL_MS } from './unsubscribe';

let t: TestApp;
let tokens: Record<'cliente' | 'fincas', string>;
const NOW = new Date();

beforeAll(async () => {
  t = await createTestApp();
  tokens = await demoTokens(t.app);
});

afterAll(async () => {
  await t.close();
});

const account = (username: string) =>
  t.db.selectFrom('accounts').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

/** The messages queued for a recipient since the queue's id `after`, oldest first. */
const queuedFor = (email: string, after = 0) =>
  t.db
    .selectFrom('mail_queue')
    .selectAll()
    .where('recipient', '=', email)
    .where('id', '>', after)
    .orderBy('id')
    .execute();

const lastMailId = async () =>
  (await t.db.selectFrom('mail_queue').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;

const forget = () => t.db.deleteFrom('notifications_sent').execute();

/** An electricity invoice of the holder (kind F, with a period) from about 14 months ago, not in February. */
async function pastElectricityInvoice(holderId: number) {
  let month = addMonths(`${madridToday().slice(0, 8)}01`, -14);
  if (month.slice(5, 7) === '02') month = addMonths(month, -1);
  return t.db
    .selectFrom('invoices')
    .innerJoin('contracts', 'contracts.id', 'invoices.contract_id')
    .select(['invoices.id', 'invoices.contract_id', 'invoices.reading_from', 'invoices.reading_until'])
    .select(['contracts.code', 'contracts.power_p1', 'contracts.tariff'])
    .where('invoices.holder_id', '=', holderId)
    .where('invoices.kind', '=', 'F')
    .where('invoices.serie', '=', 'ENERGIA')
    .where('invoices.line', '=', 'Electricidad')
    .where('contracts.tariff', '=', '2.0TD')
    .where('invoices.reading_from', '=', month)
    .executeTakeFirstOrThrow();
}

describe('thresholds', () => {
  it('counts exactly 25 % and exactly 1 kWh/day, and nothing below either', () => {
    expect(isUnusualConsumption(12.5, 10)).toBe(true);
    expect(isUnusualConsumption(12.499, 10)).toBe(false);
    expect(isUnusualConsumption(3, 2)).toBe(true);
    expect(isUnusualConsumption(2.999, 2)).toBe(false);
    expect(isUnusualConsumption(5, 0)).toBe(false);
  });
});

describe('unsubscribe tokens', () => {
  const secret = new Uint8Array(32).fill(7);
  const claim = { kind: 'nuevaFactura' as const, accountId: 12, expiresAt: NOW.getTime() + 60_000 };

  it('a valid token names its kind and account', () => {
    expect(checkUnsubscribeToken(secret, unsubscribeToken(secret, claim), NOW)).toEqual({
      ok: true,
      kind: 'nuevaFactura',
      accountId: 12,
    });
  });

  it('a forged, altered, other-kind or expired token opens nothing', () => {
    const token = unsubscribeToken(secret, claim);
    const other = new Uint8Array(32).fill(8);
    expect(checkUnsubscribeToken(secret, unsubscribeToken(other, claim), NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(checkUnsubscribeToken(secret, token.replace('nuevaFactura', 'consumoInusual'), NOW).ok).toBe(
      false,
    );
    expect(checkUnsubscribeToken(secret, token.replace('.12.', '.13.'), NOW).ok).toBe(false);
    expect(checkUnsubscribeToken(secret, 'nuevaFactura.12.1.x', NOW).ok).toBe(false);
    expect(
      checkUnsubscribeToken(secret, unsubscribeToken(secret, { ...claim, expiresAt: NOW.getTime() }), NOW),
    ).toEqual({ ok: false, reason: 'expired' });
  });
});

describe('Nueva factura', () => {
  it('tells the holder once, with the facts and a one-click unsubscribe, never a token or the NIF', async () => {
    const demo = await account('demo');
    const invoice = await pastElectricityInvoice(demo.holder_id!);
    await forget();
    const before = await lastMailId();
    expect(await notifyNewInvoices(t.db, [invoice.id], NOW)).toBeGreaterThanOrEqual(1);
    const [mail] = (await queuedFor(demo.email, before)).filter((row) =>
      row.subject.includes('Nueva factura'),
    );
    expect(mail.subject).toBe(`Nueva factura del contrato ${invoice.code}`);
    expect(mail.text).toContain(`Contrato: ${invoice.code}`);
    expect(mail.text).toMatch(/CUPS: ES\w+/);
    expect(mail.text).toMatch(/Periodo: del \d\d\/\d\d\/\d{4} al \d\d\/\d\d\/\d{4}/);
    expect(mail.text).toMatch(/Importe: [\d.]+,\d\d €/);
    expect(mail.text).toMatch(/Fecha de cargo: \d\d\/\d\d\/\d{4}/);
    expect(mail.text).toContain(`${t.config.publicUrl}/invoices/${invoice.code}`);
    expect(mail.html).toContain('<img src="http://localhost');
    expect(mail.html).toContain('Energía Demo Ibérica');
    const headers = JSON.parse(mail.headers!) as Record<string, string>;
    expect(headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/avisos\/baja\?token=/);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const holder = await t.db
      .selectFrom('holders')
      .select('nif')
      .where('id', '=', demo.holder_id!)
      .executeTakeFirstOrThrow();
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain(holder.nif);
      expect(body).not.toContain(tokens.cliente);
      expect(body).not.toContain('Demo2024!');
      // No session token (a JWT) of any kind.
      expect(body).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    }
    // A second call queues nothing.
    const after = await lastMailId();
    expect(await notifyNewInvoices(t.db, [invoice.id], NOW)).toBe(0);
    expect(await queuedFor(demo.email, after)).toEqual([]);
  });

  it('is not sent to an unvalidated address, nor when the kind is switched off', async () => {
    const demo = await account('demo');
    const invoice = await pastElectricityInvoice(demo.holder_id!);
    await forget();
    await t.db.updateTable('accounts').set({ validated: 0 }).where('id', '=', demo.id).execute();
    try {
      const before = await lastMailId();
      await notifyNewInvoices(t.db, [invoice.id], NOW);
      expect(await queuedFor(demo.email, before)).toEqual([]);
    } finally {
      await t.db.updateTable('accounts').set({ validated: 1 }).where('id', '=', demo.id).execute();
    }
    await t.db
      .insertInto('notification_preferences')
      .values({ account_id: demo.id, kind: 'nuevaFactura', enabled: 0 })
      .execute();
    try {
      const before = await lastMailId();
      await notifyNewInvoices(t.db, [invoice.id], NOW);
      expect((await queuedFor(demo.email, before)).map((row) => row.subject)).not.toContain(
        `Nueva factura del contrato ${invoice.code}`,
      );
    } finally {
      await t.db.deleteFrom('notification_preferences').where('account_id', '=', demo.id).execute();
    }
  });

  it('sends an administrator one digest per call listing its communities’ new invoices', async () => {
    const admin = await account('admin@fincas.example');
    const invoices = await t.db
      .selectFrom('invoices')
      .innerJoin('administrator_clients', 'administrator_clients.holder_id', 'invoices.holder_id')
      .select(['invoices.id', 'invoices.amount'])
      .where('administrator_clients.administrator_id', '=', admin.administrator_id!)
      .where('invoices.kind', '=', 'F')
      .where('invoices.reading_from', 'is not', null)
      .orderBy('invoices.id', 'desc')
      .limit(2)
      .execute();
    await forget();
    const before = await lastMailId();
    await notifyNewInvoices(
      t.db,
      invoices.map((invoice) => invoice.id),
      NOW,
    );
    const digests = await queuedFor(admin.email, before);
    expect(digests.map((row) => row.subject)).toEqual(['2 nuevas facturas de sus comunidades']);
    expect(digests[0].text).toContain('Comunidad de Propietarios');
    expect(await notifyNewInvoices(t.db, [invoices[0].id], NOW)).toBe(0);
  });
});

describe('Consumo inusual and Potencia superada, from the hours of the billed period', () => {
  /** Sets the daily kWh of the period and of the same days a year before, and every hour's peak. */
  async function shape(
    invoice: Awaited<ReturnType<typeof pastElectricityInvoice>>,
    { current, previous, peaks }: { current: number; previous: number; peaks: [number, number, number] },
  ) {
    const where = (from: string, to: string) =>
      t.db
        .updateTable('measurement_days')
        .where('contract_id', '=', invoice.contract_id)
        .where('date', '>=', from)
        .where('date', '<=', to);
    const [from, until] = [invoice.reading_from!, invoice.reading_until!];
    await where(addMonths(from, -12), addMonths(until, -12)).set({ active: previous }).execute();
    await where(from, until)
      .set({ active: current, p1_max: peaks[0], p2_max: peaks[1], p3_max: peaks[2] })
      .execute();
  }

  async function noticesFor(invoice: { id: number }) {
    const demo = await account('demo');
    await forget();
    const before = await lastMailId();
    await notifyNewInvoices(t.db, [invoice.id], NOW);
    return (await queuedFor(demo.email, before)).filter((row) => !row.subject.startsWith('Nueva factura'));
  }

  let invoice: Awaited<ReturnType<typeof pastElectricityInvoice>>;

  beforeAll(async () => {
    const demo = await account('demo');
    invoice = await pastElectricityInvoice(demo.holder_id!);
    const contract = await t.db
      .selectFrom('contracts')
      .selectAll()
      .where('id', '=', invoice.contract_id)
      .executeTakeFirstOrThrow();
    await ensureMeasurementDays(t.db, contract, (await profileOf(t.db, contract.id))!);
    // Power P2 (the P3 hours') below power P1 (the P1 and P2 hours'), as the explorer compares them.
    await t.db.updateTable('contracts').set({ power_p2: 2 }).where('id', '=', contract.id).execute();
  });

  it('names both figures when the kWh per day is exactly 25 % and ≥ 1 kWh/day above a year before', async () => {
    await shape(invoice, { current: 12.5, previous: 10, peaks: [1, 1, 1] });
    const [mail] = await noticesFor(invoice);
    expect(mail.subject).toBe(`Consumo inusual en el contrato ${invoice.code}`);
    expect(mail.text).toContain('12,50 kWh/día');
    expect(mail.text).toContain('10,00 kWh/día');
    expect(mail.text).toContain('un 25 % más');
    await shape(invoice, { current: 12.499, previous: 10, peaks: [1, 1, 1] });
    expect(await noticesFor(invoice)).toEqual([]);
  });

  it('needs at least 1 kWh/day more: exactly 1 counts, 0,999 does not', async () => {
    await shape(invoice, { current: 3, previous: 2, peaks: [1, 1, 1] });
    expect((await noticesFor(invoice)).map((row) => row.subject)).toEqual([
      `Consumo inusual en el contrato ${invoice.code}`,
    ]);
    await shape(invoice, { current: 2.999, previous: 2, peaks: [1, 1, 1] });
    expect(await noticesFor(invoice)).toEqual([]);
  });

  it('an hour exactly at the contracted power is not above it; a watt more is, per power period', async () => {
    const p1 = invoice.power_p1!;
    await shape(invoice, { current: 5, previous: 5, peaks: [p1, p1, 2] });
    expect(await noticesFor(invoice)).toEqual([]);
    await shape(invoice, { current: 5, previous: 5, peaks: [p1 + 0.001, 1, 2] });
    const [mail] = await noticesFor(invoice);
    expect(mail.subject).toBe(`Potencia superada en el contrato ${invoice.code}`);
    const kw = (value: number) => `${value.toFixed(2).replace('.', ',')} kW`;
    expect(mail.text).toMatch(
      new RegExp(`Potencia P1: ${kw(p1 + 0.001)} el \\d\\d/\\d\\d/\\d{4} de \\d\\d:00 a \\d\\d:00`),
    );
    expect(mail.text).toContain(`(potencia contratada: ${kw(p1)})`);
    // P3 hours are compared with power P2 (2 kW): 2,5 kW is above it although far below power P1.
    await shape(invoice, { current: 5, previous: 5, peaks: [1, 1, 2.5] });
    const [p3] = await noticesFor(invoice);
    expect(p3.text).toContain('Potencia P2: 2,50 kW');
    expect(p3.text).not.toContain('Potencia P1');
  });
});

describe('Solicitud actualizada', () => {
  it('a scheduled change is applied when due and told once; a change to the same state tells nothing', async () => {
    const demo = await account('demo');
    const issue = await t.db
      .selectFrom('issues')
      .select(['id', 'subject'])
      .where('account_id', '=', demo.id)
      .where('status', '=', 'Nueva')
      .executeTakeFirstOrThrow();
    const due = new Date(NOW.getTime() - 3_600_000).toISOString();
    await t.db
      .updateTable('issues')
      .set({ next_status: 'En curso', next_status_at: due })
      .where('id', '=', issue.id)
      .execute();
    const before = await lastMailId();
    expect(await advanceSupportRequests(t.db, new Date(NOW.getTime() - 7_200_000))).toBe(0);
    expect(await advanceSupportRequests(t.db, NOW)).toBe(1);
    expect(await advanceSupportRequests(t.db, NOW)).toBe(0);
    const row = await t.db
      .selectFrom('issues')
      .select(['status', 'updated_at', 'next_status'])
      .where('id', '=', issue.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'En curso', updated_at: due, next_status: null });
    const [mail] = await queuedFor(demo.email, before);
    expect(mail.subject).toBe(`Solicitud actualizada: ${issue.subject}`);
    expect(mail.text).toContain('Estado actual: En curso.');
    expect(await changeSupportRequestState(t.db, issue.id, 'En curso', NOW)).toBe(0);
    expect(await changeSupportRequestState(t.db, issue.id, 'Resuelta', NOW)).toBe(1);
  });
});

describe('the one-click unsubscribe link and the outbox', () => {
  async function deliveredNotice() {
    const demo = await account('demo');
    await forget();
    await t.db.deleteFrom('notification_preferences').execute();
    await notifyNewInvoices(t.db, [(await pastElectricityInvoice(demo.holder_id!)).id], NOW);
    const queue = createMailQueue(t.db, createMailer(t.config), { warn: () => undefined } as never);
    while ((await queue.deliverDue(new Date())) > 0);
    const [mail] = (await readOutbox(t.config.dataDir)).filter((message) =>
      message.subject.startsWith('Nueva factura'),
    );
    return { demo, mail };
  }

  const nuevaFacturaOf = async (accountId: number) =>
    (
      await t.db
        .selectFrom('notification_preferences')
        .select('enabled')
        .where('account_id', '=', accountId)
        .where('kind', '=', 'nuevaFactura')
        .executeTakeFirst()
    )?.enabled;

  it('the outbox shows the headers; GET asks, POST (one click) switches the kind off', async () => {
    const { demo, mail } = await deliveredNotice();
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = mail.headers['List-Unsubscribe'].slice(1, -1);
    expect(mail.links).toContain(url);
    expect(mail.headers.Subject).toBe(mail.subject);
    const page = await t.app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(page.body).toContain('List-Unsubscribe-Post');
    const html = await t.app.inject({ url: `/dev/outbox/html/${mail.id}`, remoteAddress: '127.0.0.1' });
    expect(html.body).toContain('<img src=');
    // Shown as a mail program shows it: inline styles allowed on this page only, and no script at all.
    expect(html.body).toContain('style="');
    expect(html.headers['content-security-policy']).toBe(MAIL_VIEW_CSP);
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');

    const path = url.replace(t.config.publicUrl, '');
    const asked = await t.app.inject({ url: path });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('¿Quiere dejar de recibir los avisos de «Nueva factura»');
    // Styled by a file of its own (the Content-Security-Policy allows no inline style).
    const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(asked.body)?.[1];
    const css = await t.app.inject({ url: stylesheet ?? '/none' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(await nuevaFacturaOf(demo.id)).toBeUndefined();
    const clicked = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(200);
    expect(clicked.body).toContain('ya no recibirá avisos de «Nueva factura»');
    expect(await nuevaFacturaOf(demo.id)).toBe(0);
  });

  it('a forged, altered or expired link answers a Spanish page and changes nothing', async () => {
    const { demo, mail } = await deliveredNotice();
    const path = mail.headers['List-Unsubscribe'].slice(1, -1).replace(t.config.publicUrl, '');
    const token = new URL(`http://x${path}`).searchParams.get('token')!;
    const expired = unsubscribeToken(t.config.jwtSecret, {
      kind: 'nuevaFactura',
      accountId: demo.id,
      expiresAt: Date.now() - 1,
    });
    const forged = unsubscribeToken(new Uint8Array(32), {
      kind: 'nuevaFactura',
      accountId: demo.id,
      expiresAt: Date.now() + UNSUBSCRIBE_TTL_MS,
    });
    for (const [bad, text] of [
      [forged, 'no es válido'],
      [token.replace('nuevaFactura', 'potenciaSuperada'), 'no es válido'],
      [`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'no es válido'],
      [expired, 'ha caducado'],
    ]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/avisos/baja?token=${encodeURIComponent(bad)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain(text);
    }
    expect(await t.db.selectFrom('notification_preferences').selectAll().execute()).toEqual([]);
  });
});

describe('preferences API', () => {
  const call = (realm: 'cliente' | 'fincas', method: 'GET' | 'PUT', payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/${realm}/ov/user/api/notifications`,
      headers: { authorization: `Bearer ${tokens[realm]}` },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  const ALL_ON = {
    nuevaFactura: true,
    consumoInusual: true,
    potenciaSuperada: true,
    solicitudActualizada: true,
  };

  it('all on by default, saved per account in both realms, a bad body 400 with no change', async () => {
    await t.db.deleteFrom('notification_preferences').execute();
    for (const realm of ['cliente', 'fincas'] as const) {
      expect((await call(realm, 'GET')).json()).toEqual(ALL_ON);
      const chosen = { ...ALL_ON, consumoInusual: false };
      expect((await call(realm, 'PUT', chosen)).json()).toEqual(chosen);
      expect((await call(realm, 'GET')).json()).toEqual(chosen);
      for (const bad of [
        { ...ALL_ON, consumoInusual: 'true' },
        { ...ALL_ON, consumoInusual: 1 },
        { ...ALL_ON, consumoInusual: null },
        { ...ALL_ON, otro: true },
        { nuevaFactura: false },
        [],
      ]) {
        const answer = await call(realm, 'PUT', bad);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().message).toMatch(/[áéíóúñ]|\b(el|la|de)\b/i);
      }
      expect((await call(realm, 'GET')).json()).toEqual(chosen);
    }
    expect((await t.app.inject({ url: '/api/cliente/ov/user/api/notifications' })).statusCode).toBe(401);
  });
});
