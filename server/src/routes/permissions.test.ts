import { contractsOf, customerTokens, type TestContract } from '../../test/contracts';
import { createTestApp, type TestApp } from '../../test/testApp';
import { setClockOffsetMs, serverNow, serverToday } from '../clock';
import { GRANT_ERRORS, GRANTEE_REFUSALS } from '../data/grants';
import { addMonths } from '../measurements/dates';
import { announceExpiredPermissions } from '../notifications';
import { GRANT_CREATED } from './permissions';

let t: TestApp;
let tokens: Record<string, string>;
let demoDocument: string;
let demo2Document: string;
let granted: TestContract;
let today: string;

const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

async function documentOf(username: string) {
  const row = await t.db
    .selectFrom('accounts')
    .innerJoin('holders', 'holders.id', 'accounts.holder_id')
    .select('holders.nif')
    .where('accounts.username', '=', username)
    .executeTakeFirstOrThrow();
  return row.nif;
}

beforeAll(async () => {
  t = await createTestApp();
  tokens = await customerTokens(t.app);
  demoDocument = await documentOf('demo');
  demo2Document = await documentOf('demo2');
  const electricity = (await contractsOf(t.db, 'demo')).filter((row) => row.line === 'Electricidad');
  // A supply with invoices, so that reading them shows something.
  const billed = await t.db
    .selectFrom('invoices')
    .select('contract_id')
    .where(
      'contract_id',
      'in',
      electricity.map((row) => row.id),
    )
    .executeTakeFirstOrThrow();
  granted = electricity.find((row) => row.id === billed.contract_id)!;
  today = serverToday();
});

afterAll(async () => {
  setClockOffsetMs(0);
  await t.close();
});

function call(method: 'GET' | 'POST', url: string, token: string, payload?: object, realm = 'cliente') {
  return t.app.inject({
    method,
    url: `/api/${realm}${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

const give = (body: object, token = tokens.demo) => call('POST', '/ov/permisos/api/permisos', token, body);

/** A permission for demo2 from demo, on the chosen contracts, with the scope; answers its id. */
async function grant(scope: 'consumo' | 'consumo_facturas', contracts = [granted.code], from = today) {
  const answer = await give({
    documento: demo2Document,
    todos: false,
    contratos: contracts,
    desde: from,
    hasta: addMonths(from, 6),
    alcance: scope,
  });
  expect(answer.statusCode).toBe(201);
  const row = await t.db
    .selectFrom('access_grants')
    .select('id')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

const revoke = (id: number, token = tokens.demo) =>
  call('POST', `/ov/permisos/api/permisos/${id}/revocar`, token);

const recordCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('access_records')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

const lastMailId = async () =>
  (await t.db.selectFrom('mail_queue').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;

// Every test starts with no permission in force.
beforeEach(async () => {
  setClockOffsetMs(0);
  await t.db
    .updateTable('access_grants')
    .set({ revoked_at: serverNow().toISOString() })
    .where('revoked_at', 'is', null)
    .execute();
});

const DAY = 'startDate=10-01-2026&endDate=10-01-2026';
const curve = (contract: { code: string }) => `/ov/cups/api/curvas?contractCode=${contract.code}&${DAY}`;
const READS = (contract: TestContract): [string, string][] => [
  [curve(contract), 'Curva de carga'],
  [`/ov/cups/api/telemetry?contractCode=${contract.code}&${DAY}`, 'Telemedida'],
  [`/ov/contracts/api/consumptionsCertified?contractCode=${contract.code}&${DAY}`, 'Certificado'],
  [`/ov/contracts/${contract.code}`, 'Datos del contrato'],
];
const INVOICE_READS = (contract: TestContract): [string, string][] => [
  [
    `/ov/contracts/api/contractCode/invoices/?line=Electricidad&contractCode=${contract.code}&defaultQuery=true`,
    'Facturas',
  ],
  [`/ov/contracts/${contract.code}?output=pdf`, 'Descarga de documento'],
];

describe('Permisos de acceso: the holder gives, lists and revokes', () => {
  it.each([
    [{ documento: '12345678A' }, GRANT_ERRORS.document],
    [{ hasta: 'BEFORE' }, GRANT_ERRORS.endBeforeStart],
    [{ hasta: 'OVER' }, GRANT_ERRORS.overTwoYears],
    [{ contratos: ['OTHER'] }, GRANT_ERRORS.notTheirs],
    [{ documento: 'SELF' }, GRANT_ERRORS.themselves],
    [{ desde: 'PAST' }, GRANT_ERRORS.startInPast],
  ])('refuses %j in Spanish and stores nothing', async (change, message) => {
    const other = (await contractsOf(t.db, 'demo2'))[0].code;
    const body = {
      documento: demo2Document,
      todos: false,
      contratos: [granted.code],
      desde: today,
      hasta: addMonths(today, 1),
      alcance: 'consumo',
      ...change,
    };
    if (body.hasta === 'BEFORE') body.hasta = addDays(today, -1);
    if (body.hasta === 'OVER') body.hasta = addDays(addMonths(today, 24), 1);
    if (body.documento === 'SELF') body.documento = demoDocument.toLowerCase();
    if (body.desde === 'PAST') body.desde = addDays(today, -1);
    if (body.contratos[0] === 'OTHER') body.contratos = [granted.code, other];
    const before = await t.db.selectFrom('access_grants').select('id').execute();
    const mails = await t.db.selectFrom('mail_queue').select('id').execute();
    const answer = await give(body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(message);
    expect(await t.db.selectFrom('access_grants').select('id').execute()).toHaveLength(before.length);
    expect(await t.db.selectFrom('mail_queue').select('id').execute()).toHaveLength(mails.length);
  });

  it('accepts exactly two years, lists the permission, e-mails both people and writes the history', async () => {
    const records = await recordCount();
    const mails = await lastMailId();
    const answer = await give({
      documento: ` ${demo2Document.toLowerCase()} `,
      todos: true,
      contratos: [],
      desde: today,
      hasta: addMonths(today, 24),
      alcance: 'consumo_facturas',
    });
    expect(answer.json()).toEqual({ code: 201, message: GRANT_CREATED });
    const list = (await call('GET', '/ov/permisos/api/permisos', tokens.demo)).json();
    const all = (await contractsOf(t.db, 'demo')).length;
    expect(list.suministros).toHaveLength(all);
    expect(list.permisos[0]).toMatchObject({
      documento: `***${demo2Document.slice(-5)}`,
      todos: true,
      alcance: 'consumo_facturas',
      estado: 'vigente',
      revocado: null,
    });
    expect(list.permisos[0].suministros).toHaveLength(all);
    const queued = await t.db
      .selectFrom('mail_queue')
      .select(['recipient', 'subject'])
      .where('id', '>', mails)
      .orderBy('id')
      .execute();
    expect(queued.map((mail) => mail.subject)).toEqual([
      'Ha dado permiso para consultar sus suministros',
      'Le han dado permiso para consultar unos suministros',
    ]);
    // One history line per supply in the holder's record, as "Permiso concedido".
    expect(await recordCount()).toBe(records + all);
    const history = (await call('GET', '/ov/accesos/api/registro', tokens.demo)).json();
    expect(history.registros[0]).toMatchObject({
      quien: { tipo: 'Persona autorizada', documento: `***${demo2Document.slice(-5)}` },
      datos: 'Permiso concedido',
    });

    // Revoked: e-mail to the holder, history line, and a second revocation finds nothing to revoke.
    expect((await revoke(list.permisos[0].id)).statusCode).toBe(200);
    expect((await revoke(list.permisos[0].id)).statusCode).toBe(404);
    const after = (await call('GET', '/ov/permisos/api/permisos', tokens.demo)).json();
    expect(after.permisos[0].estado).toBe('revocado');
    const last = await t.db
      .selectFrom('mail_queue')
      .select('subject')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.subject).toBe('Ha revocado un permiso de acceso');
    expect((await call('GET', '/ov/accesos/api/registro', tokens.demo)).json().registros[0].datos).toBe(
      'Permiso revocado',
    );
  });

  it('lets nobody else revoke a permission', async () => {
    const id = await grant('consumo');
    expect((await revoke(id, tokens.demo2)).statusCode).toBe(404);
    expect((await revoke(id)).statusCode).toBe(200);
  });
});

describe('Suministros autorizados: the authorization matrix of a grantee', () => {
  it('shows the holder as initials, the supplies and the scope', async () => {
    await grant('consumo');
    const answer = (await call('GET', '/ov/permisos/api/autorizados', tokens.demo2)).json();
    expect(answer.autorizados).toHaveLength(1);
    expect(answer.autorizados[0]).toMatchObject({
      titular: expect.stringMatching(/^(\p{Lu}\. ?){1,3}$/u),
      alcance: 'consumo',
      suministros: [{ codigoContrato: granted.code, cups: granted.cups }],
    });
    // The holder sees none.
    expect((await call('GET', '/ov/permisos/api/autorizados', tokens.demo)).json().autorizados).toEqual([]);
  });

  it('opens a granted supply by its contract code (cupsMe), and says why once revoked', async () => {
    const id = await grant('consumo');
    const url = `/ov/cups/api/cupsMe?contract=${granted.code}`;
    const answer = await call('GET', url, tokens.demo2);
    expect(answer.json().cupsAsociados.select).toMatchObject({
      codAbonado: granted.code,
      cups: granted.cups,
    });
    // The grantee's own list does not hold it.
    expect(JSON.stringify((await call('GET', '/ov/cups/api/cupsMe', tokens.demo2)).json())).not.toContain(
      granted.cups,
    );
    expect((await revoke(id)).statusCode).toBe(200);
    expect((await call('GET', url, tokens.demo2)).json()).toEqual({
      code: 403,
      message: GRANTEE_REFUSALS.revoked,
    });
  });

  it('consumption only: reads consumption, one record per read; refuses invoices and the contract PDF', async () => {
    await grant('consumo');
    for (const [url, data] of READS(granted)) {
      const before = await recordCount();
      const answer = await call('GET', url, tokens.demo2);
      expect([200, 204]).toContain(answer.statusCode);
      expect(await recordCount()).toBe(before + 1);
      const row = await t.db
        .selectFrom('access_records')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        cups: granted.cups,
        actor_kind: 'Persona autorizada',
        actor_initials: expect.stringMatching(/^(\p{Lu}\. ?){1,3}$/u),
        actor_document: `***${demo2Document.slice(-5)}`,
        data_kind: data,
      });
    }
    for (const [url] of INVOICE_READS(granted)) {
      const before = await recordCount();
      const answer = await call('GET', url, tokens.demo2);
      expect(answer.json()).toEqual({ code: 403, message: GRANTEE_REFUSALS.noInvoices });
      expect(await recordCount()).toBe(before);
    }
  });

  it('consumption and invoices: reads invoices and the contract PDF too, one record each', async () => {
    await grant('consumo_facturas');
    for (const [url, data] of [...READS(granted), ...INVOICE_READS(granted)]) {
      const before = await recordCount();
      const answer = await call('GET', url, tokens.demo2);
      // The invoices are the holder's, of this contract only; the certificate may be empty (204).
      if (data === 'Certificado') expect([200, 204]).toContain(answer.statusCode);
      else expect(answer.statusCode).toBe(200);
      // The same answer the holder gets.
      if (data === 'Facturas') expect(answer.json()).toEqual((await call('GET', url, tokens.demo)).json());
      expect(await recordCount()).toBe(before + 1);
      const row = await t.db
        .selectFrom('access_records')
        .select('data_kind')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.data_kind).toBe(data);
    }
  });

  it('another holder’s supply never granted stays invisible (404), and nothing is recorded', async () => {
    await grant('consumo_facturas');
    const holders = await t.db
      .selectFrom('accounts')
      .select('holder_id')
      .where('username', 'in', ['demo', 'demo2'])
      .execute();
    const notGranted = await t.db
      .selectFrom('contracts')
      .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
      .select(['contracts.code', 'supply_points.cups'])
      .where('contracts.line', '=', 'Electricidad')
      .where(
        'contracts.holder_id',
        'not in',
        holders.map((row) => row.holder_id!),
      )
      .executeTakeFirstOrThrow();
    const before = await recordCount();
    expect((await call('GET', curve(notGranted), tokens.demo2)).statusCode).toBe(404);
    expect((await call('GET', `/ov/contracts/${notGranted.code}`, tokens.demo2)).statusCode).toBe(404);
    expect(await recordCount()).toBe(before);
  });

  it('refuses every read before the start and after the end, in Spanish', async () => {
    await grant('consumo', [granted.code], addDays(today, 2));
    let answer = await call('GET', curve(granted), tokens.demo2);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(GRANTEE_REFUSALS.notStarted);
    // Seven months on, past its six-month end.
    setClockOffsetMs(210 * DAY_MS);
    answer = await call('GET', curve(granted), tokens.demo2);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(GRANTEE_REFUSALS.expired);
    expect((await call('GET', '/ov/permisos/api/autorizados', tokens.demo2)).json().autorizados).toEqual([]);
  });

  it('a revocation takes effect on the next call: not one more answer', async () => {
    const id = await grant('consumo_facturas');
    expect((await call('GET', curve(granted), tokens.demo2)).statusCode).toBe(200);
    expect((await revoke(id)).statusCode).toBe(200);
    const before = await recordCount();
    for (const [url] of [...READS(granted), ...INVOICE_READS(granted)]) {
      const answer = await call('GET', url, tokens.demo2);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe(GRANTEE_REFUSALS.revoked);
    }
    expect(await recordCount()).toBe(before);
  });

  it('refuses writes on a granted supply with a Spanish 403', async () => {
    await grant('consumo_facturas');
    const issues = await t.db.selectFrom('issues').select('id').execute();
    const answer = await call('POST', '/ov/issues/api/add', tokens.demo2, {
      title: 'Prueba',
      description: 'Una solicitud sobre un suministro ajeno',
      category: 1,
      subcategory: 1,
      line: granted.line,
      cups: granted.cups,
      contractCode: granted.code,
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(GRANTEE_REFUSALS.readOnly);
    expect(await t.db.selectFrom('issues').select('id').execute()).toHaveLength(issues.length);
  });

  it('the daily job finds an expired permission once: history line and e-mail to the holder', async () => {
    await grant('consumo');
    const later = new Date(serverNow().getTime() + 210 * DAY_MS);
    // Unrevoked and past its end.
    await t.db
      .updateTable('access_grants')
      .set({ revoked_at: null })
      .where('ends_on', '<', later.toISOString().slice(0, 10))
      .where('revoked_at', 'is', null)
      .execute();
    const queued = await announceExpiredPermissions(t.db, later);
    expect(queued).toBeGreaterThanOrEqual(1);
    const last = await t.db
      .selectFrom('mail_queue')
      .select('subject')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.subject).toBe('Un permiso de acceso ha caducado');
    expect(await announceExpiredPermissions(t.db, later)).toBe(0);
    const row = await t.db
      .selectFrom('access_records')
      .select('data_kind')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.data_kind).toBe('Permiso caducado');
  });
});
