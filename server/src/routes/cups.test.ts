import { CLIENTE, createTestApp, FINCAS, login, type TestApp } from '../../test/testApp';

let t: TestApp;
const tokens: Record<string, string> = {};

const CUPS_ME = '/api/cliente/ov/cups/api/cupsMe';

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['demo', 'demo2', 'gasonly', 'sinproductos']) {
    tokens[username] = (await login(t.app, CLIENTE, username, 'Demo2024!')).json().access_token;
  }
  tokens.admin = (await login(t.app, FINCAS, 'admin@fincas.example', 'Fincas2024!')).json().access_token;
});

afterAll(async () => {
  await t.close();
});

interface ContractRow {
  codAbonado: string;
  cups: string;
  estado: string;
  tarifa: string;
  calle: string;
  fechaAlta: string;
}

interface CupsMeAnswer {
  cupsAsociados: { select: Record<string, unknown>[] | Record<string, unknown> };
  totalElectricidad: number;
  totalGas: number;
  contratos: Record<'Electricidad' | 'Gas', { activePage: number; totalPages: number; pages: ContractRow[] }>;
}

async function cupsMe(user: string, query = '', base = CUPS_ME) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${base}${query ? `?${query}` : ''}`,
    headers: { authorization: `Bearer ${tokens[user]}` },
  });
  return { status: response.statusCode, body: response.json<CupsMeAnswer>() };
}

async function holderContracts(username: string) {
  return t.db
    .selectFrom('contracts')
    .innerJoin('accounts', 'accounts.holder_id', 'contracts.holder_id')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .select(['contracts.code', 'contracts.line', 'supply_points.cups'])
    .where('accounts.username', '=', username)
    .orderBy('contracts.code')
    .execute();
}

describe('cupsMe', () => {
  it('answers the whole CUPS list, the totals and the first page of each line', async () => {
    const { status, body } = await cupsMe('demo');
    expect(status).toBe(200);
    expect(body.totalElectricidad).toBe(12);
    expect(body.totalGas).toBe(11);
    const select = body.cupsAsociados.select as Record<string, unknown>[];
    expect(select).toHaveLength(23);
    expect(Object.keys(select[0]).sort()).toEqual(
      [
        'accessFee',
        'ampExtension1',
        'ciudad',
        'codAbonado',
        'cups',
        'domicilio',
        'fechaAlta',
        'fechaBaja',
        'line',
        'numDomicilio',
      ].sort(),
    );
    expect(select[0]).toMatchObject({
      cups: expect.stringMatching(/^ES\d{16}[A-Z]{2}(0F)?$/),
      codAbonado: expect.any(String),
      line: 'Electricidad',
      domicilio: expect.any(String),
      numDomicilio: expect.any(String),
      ciudad: expect.any(String),
      fechaAlta: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      accessFee: { fee: expect.any(String) },
    });
    expect(body.contratos.Electricidad).toMatchObject({ activePage: 1, totalPages: 2 });
    expect(body.contratos.Electricidad.pages).toHaveLength(10);
    expect(body.contratos.Gas).toMatchObject({ activePage: 1, totalPages: 2 });
    expect(body.contratos.Gas.pages).toHaveLength(10);
    const row = body.contratos.Electricidad.pages[0];
    expect(Object.keys(row)).toHaveLength(12);
    expect(row).toMatchObject({
      codAbonado: expect.any(String),
      codigoContratoSICOM: expect.stringMatching(/^S\d{9}$/),
      cups: expect.any(String),
      calle: expect.any(String),
      numDomicilio: expect.any(String),
      codPostal: expect.any(String),
      ciudad: expect.any(String),
      fechaAlta: expect.any(String),
      estado: expect.stringMatching(/^(Contrato|Baja|En tramitación)$/),
      tarifa: expect.any(String),
    });
  });

  it('lists every supply point with its own values, nulls included, line by line in contract order', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: CUPS_ME,
      headers: { authorization: `Bearer ${tokens.demo}` },
    });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const rows = await t.db
      .selectFrom('contracts')
      .innerJoin('accounts', 'accounts.holder_id', 'contracts.holder_id')
      .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
      .select([
        'contracts.code',
        'contracts.line',
        'contracts.access_fee',
        'contracts.start_date',
        'contracts.end_date',
        'supply_points.cups',
        'supply_points.street',
        'supply_points.number',
        'supply_points.extension',
        'supply_points.city',
      ])
      .where('accounts.username', '=', 'demo')
      .orderBy('contracts.line')
      .orderBy('contracts.code')
      .execute();
    expect(rows.some((row) => row.extension === null)).toBe(true);
    expect(rows.some((row) => row.end_date !== null)).toBe(true);
    expect(response.json().cupsAsociados.select).toEqual(
      rows.map((row) => ({
        cups: row.cups,
        codAbonado: row.code,
        line: row.line,
        domicilio: row.street,
        numDomicilio: row.number,
        ampExtension1: row.extension,
        ciudad: row.city,
        fechaAlta: row.start_date,
        fechaBaja: row.end_date,
        accessFee: { fee: row.access_fee },
      })),
    );
  });

  it('pages each line from its own start row, in contract order', async () => {
    const own = await holderContracts('demo');
    const electricity = own.filter((row) => row.line === 'Electricidad').map((row) => row.code);
    const gas = own.filter((row) => row.line === 'Gas').map((row) => row.code);
    const { body } = await cupsMe('demo', 'startPaginationElectricidad=10&startPaginationGas=0');
    expect(body.contratos.Electricidad.activePage).toBe(2);
    expect(body.contratos.Electricidad.pages.map((row) => row.codAbonado)).toEqual(electricity.slice(10));
    expect(body.contratos.Gas.activePage).toBe(1);
    expect(body.contratos.Gas.pages.map((row) => row.codAbonado)).toEqual(gas.slice(0, 10));
    // A paged answer lists only the supply points of the rows it returns.
    const select = body.cupsAsociados.select as { codAbonado: string }[];
    expect(select.map((point) => point.codAbonado)).toEqual([...electricity.slice(10), ...gas.slice(0, 10)]);
    // Built here rather than by the database, each point is the one the whole list carries, field for field.
    const whole = (await cupsMe('demo')).body.cupsAsociados.select as { codAbonado: string }[];
    const shown = new Set(select.map((point) => point.codAbonado));
    expect(select).toEqual(whole.filter((point) => shown.has(point.codAbonado)));
    const second = await cupsMe('demo', 'startPaginationGas=10');
    expect(second.body.contratos.Gas.pages.map((row) => row.codAbonado)).toEqual(gas.slice(10));
    expect(second.body.contratos.Electricidad.activePage).toBe(1);
  });

  it('filters by CUPS (any part, any case) and answers a single object when one matches', async () => {
    const [target] = await holderContracts('demo');
    const { body } = await cupsMe('demo', `cups=${target.cups.slice(4, 16).toLowerCase()}`);
    expect(body.cupsAsociados.select).toMatchObject({ cups: target.cups, codAbonado: target.code });
    expect(Array.isArray(body.cupsAsociados.select)).toBe(false);
    expect(body.totalElectricidad + body.totalGas).toBe(1);
    const line = target.line;
    expect(body.contratos[line].pages.map((row) => row.cups)).toEqual([target.cups]);
    expect(body.contratos[line].totalPages).toBe(1);
  });

  it('filters by contract code and combines both filters', async () => {
    const own = await holderContracts('demo');
    const target = own[5];
    const byContract = await cupsMe('demo', `contract=${target.code}`);
    expect(byContract.body.cupsAsociados.select).toMatchObject({ codAbonado: target.code });
    const both = await cupsMe('demo', `contract=${target.code}&cups=${own[6].cups}`);
    expect(both.body.cupsAsociados.select).toEqual([]);
    expect(both.body).toMatchObject({ totalElectricidad: 0, totalGas: 0 });
    expect(both.body.contratos.Electricidad).toEqual({ activePage: 1, totalPages: 0, pages: [] });
  });

  it('treats % and _ in a filter as plain characters', async () => {
    const { body } = await cupsMe('demo', 'cups=%25');
    expect(body.cupsAsociados.select).toEqual([]);
    const underscore = await cupsMe('demo', 'contract=_');
    expect(underscore.body.totalElectricidad + underscore.body.totalGas).toBe(0);
  });

  it('never shows another customer’s supply points, even when filtering by them', async () => {
    const [foreign] = await holderContracts('demo2');
    const { body } = await cupsMe('demo', `cups=${foreign.cups}`);
    expect(body.cupsAsociados.select).toEqual([]);
    const byCode = await cupsMe('demo', `contract=${foreign.code}`);
    expect(byCode.body.cupsAsociados.select).toEqual([]);
    const own = await cupsMe('demo2');
    expect(own.body).toMatchObject({ totalElectricidad: 2, totalGas: 1 });
  });

  it('answers gas only for gasonly and nothing for sinproductos', async () => {
    const gas = await cupsMe('gasonly');
    expect(gas.body).toMatchObject({ totalElectricidad: 0, totalGas: 2 });
    const none = await cupsMe('sinproductos');
    expect(none.status).toBe(200);
    expect(none.body.cupsAsociados.select).toEqual([]);
    expect(none.body.contratos.Gas.pages).toEqual([]);
  });

  it('shows an administrator the contracts of the clients it manages', async () => {
    const { status, body } = await cupsMe('admin', '', '/api/fincas/ov/cups/api/cupsMe');
    expect(status).toBe(200);
    expect(body.totalElectricidad).toBe(6);
    expect(body.totalGas).toBe(6);
  });

  it.each([
    ['a negative start', 'startPaginationElectricidad=-10'],
    ['a non-numeric start', 'startPaginationGas=abc'],
    ['a CUPS filter that is too long', `cups=${'E'.repeat(31)}`],
  ])('rejects %s with 400', async (_, query) => {
    const { status, body } = await cupsMe('demo', query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400 });
  });

  it('needs a session, and a token of its own realm', async () => {
    const none = await t.app.inject({ method: 'GET', url: CUPS_ME });
    expect(none.statusCode).toBe(401);
    const otherRealm = await cupsMe('admin');
    expect(otherRealm.status).toBe(401);
  });
});

describe('communities', () => {
  const COMMUNITIES = '/ov/cups/api/communities';

  it('lists the communities the administrator manages with name, CIF and number of supplies', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/fincas${COMMUNITIES}`,
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(response.statusCode).toBe(200);
    const { comunidades } = response.json<{
      comunidades: { cif: string; nombre: string; suministros: number }[];
    }>();
    expect(comunidades).toHaveLength(4);
    for (const community of comunidades) {
      expect(community.cif).toMatch(/^H\d{8}$/);
      expect(community.nombre).toMatch(/^Comunidad de Propietarios /);
    }
    // Every supply point of the administrator's contracts, each counted once under its community.
    const { body } = await cupsMe('admin', '', '/api/fincas/ov/cups/api/cupsMe');
    const points = body.cupsAsociados.select as { cups: string }[];
    const total = comunidades.reduce((sum, community) => sum + community.suministros, 0);
    expect(total).toBe(new Set(points.map((point) => point.cups)).size);
    expect(comunidades.map((community) => community.nombre)).toEqual(
      comunidades.map((community) => community.nombre).sort((a, b) => a.localeCompare(b, 'es')),
    );
  });

  it('exists only for administrators, and needs a session', async () => {
    const customer = await t.app.inject({
      method: 'GET',
      url: `/api/cliente${COMMUNITIES}`,
      headers: { authorization: `Bearer ${tokens.demo}` },
    });
    expect(customer.statusCode).toBe(404);
    const none = await t.app.inject({ method: 'GET', url: `/api/fincas${COMMUNITIES}` });
    expect(none.statusCode).toBe(401);
  });
});

describe('createdebuglog', () => {
  const url = '/api/cliente/ov/cups/api/createdebuglog';

  it('stores the event with the account id and numeric details only', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${tokens.sinproductos}` },
      payload: { event: 'cupsMe.vacio', details: { cupsRequestCount: 1, electricidad: 0 } },
    });
    expect(response.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('debug_logs')
      .selectAll()
      .where('id', '=', response.json().id)
      .executeTakeFirstOrThrow();
    const account = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', 'sinproductos')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ account_id: account.id, realm: 'cliente', event: 'cupsMe.vacio' });
    expect(JSON.parse(row.details!)).toEqual({ cupsRequestCount: 1, electricidad: 0 });
  });

  it.each([
    ['free text in the details', { event: 'x', details: { note: 'María García, 600123456' } }],
    ['an event with spaces', { event: 'mi evento' }],
    ['no event', { details: { a: 1 } }],
  ])('rejects %s with 400', async (_, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${tokens.demo}` },
      payload,
    });
    expect(response.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'POST', url, payload: { event: 'x' } });
    expect(response.statusCode).toBe(401);
  });
});
