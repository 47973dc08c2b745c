import { CLIENTE, createTestApp, FINCAS, login, type TestApp } from '../../test/testApp';
import { serverNow } from '../clock';
import { ISSUE_CATEGORIES } from '../db/seed/issues';
import { ISSUE_CUPS_NOT_OWNED, ISSUE_DAILY_LIMIT } from './issues';

let t: TestApp;
const tokens: Record<string, string> = {};
const API = '/ov/issues/api';

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['demo', 'demo2', 'sinproductos']) {
    tokens[username] = (await login(t.app, CLIENTE, username, 'Demo2024!')).json().access_token;
  }
  tokens.admin = (await login(t.app, FINCAS, 'admin@fincas.example', 'Fincas2024!')).json().access_token;
});

afterAll(async () => {
  await t.close();
});

function call(user: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const realm = user === 'admin' ? 'fincas' : 'cliente';
  return t.app.inject({
    method,
    url: `/api/${realm}${API}${url}`,
    headers: { authorization: `Bearer ${tokens[user]}` },
    payload,
  });
}

async function firstContractOf(username: string, line: 'Electricidad' | 'Gas' = 'Electricidad') {
  return t.db
    .selectFrom('contracts')
    .innerJoin('accounts', 'accounts.holder_id', 'contracts.holder_id')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .select(['contracts.code', 'contracts.line', 'supply_points.cups'])
    .where('accounts.username', '=', username)
    .where('contracts.line', '=', line)
    .orderBy('contracts.code')
    .executeTakeFirstOrThrow();
}

async function categoryIds(name = 'Facturación') {
  const category = await t.db
    .selectFrom('issue_categories')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  const subcategory = await t.db
    .selectFrom('issue_subcategories')
    .select('id')
    .where('category_id', '=', category.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { category: category.id, subcategory: subcategory.id };
}

async function validIssue(username = 'demo') {
  const contract = await firstContractOf(username);
  return {
    title: 'Consulta sobre mi factura',
    description: 'Quisiera saber por qué ha subido el importe.',
    ...(await categoryIds()),
    line: contract.line,
    cups: contract.cups,
    contractCode: contract.code,
  };
}

describe('categories and subcategories', () => {
  it('answers the categories as a map of id to Spanish name', async () => {
    const response = await call('demo', 'GET', '/categories');
    expect(response.statusCode).toBe(200);
    const map = response.json<Record<string, string>>();
    expect(Object.values(map)).toEqual(ISSUE_CATEGORIES.map((c) => c.name));
    expect(Object.values(map)).toEqual(
      expect.arrayContaining([
        'Facturación',
        'Contratación',
        'Lecturas',
        'Averías y suministro',
        'Datos personales',
      ]),
    );
    for (const key of Object.keys(map)) expect(key).toMatch(/^\d+$/);
  });

  it('answers the subcategories of one category as a list', async () => {
    const { category } = await categoryIds('Lecturas');
    const response = await call('demo', 'GET', `/subcategories?category=${category}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((s: { name: string }) => s.name)).toEqual(
      ISSUE_CATEGORIES.find((c) => c.name === 'Lecturas')!.subcategories,
    );
    expect(response.json()[0]).toEqual({ id: expect.any(Number), name: 'Lectura estimada' });
  });

  it('answers 404 for an unknown category and 400 for a malformed or missing one', async () => {
    expect((await call('demo', 'GET', '/subcategories?category=99999')).statusCode).toBe(404);
    expect((await call('demo', 'GET', '/subcategories?category=abc')).statusCode).toBe(400);
    expect((await call('demo', 'GET', '/subcategories')).statusCode).toBe(400);
  });
});

describe('the seeded requests of demo', () => {
  it('lists them newest first with id, subject and status name, in several states', async () => {
    const response = await call('demo', 'GET', '/issues');
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{
      items: { id: number; subject: string; status: { name: string } }[];
    }>();
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items[0]).toMatchObject({ id: expect.any(Number), subject: expect.any(String) });
    expect(new Set(items.map((item) => item.status.name))).toEqual(
      new Set(['Nueva', 'En curso', 'Resuelta', 'Cerrada']),
    );
  });

  it('dates each one: opened, and last changed (later for one being handled)', async () => {
    const { items } = (await call('demo', 'GET', '/issues')).json<{
      items: { id: number; subject: string; created_on: string; updated_on: string }[];
    }>();
    const handled = items.find((item) => item.subject === 'Duplicado de la factura de marzo')!;
    // As recent as the demo's invoices: opened 9 days before the seeding, taken up 5 days before it.
    const today = serverNow().toISOString().slice(0, 10);
    const daysAgo = (iso: string) => (Date.parse(today) - Date.parse(iso.slice(0, 10))) / 86_400_000;
    expect([daysAgo(handled.created_on), daysAgo(handled.updated_on)]).toEqual([9, 5]);
    const detail = (await call('demo', 'GET', `/issue?issueId=${handled.id}`)).json();
    expect(detail).toMatchObject({
      fecha_creacion: handled.created_on,
      fecha_actualizacion: handled.updated_on,
    });
  });

  it('counts the open ones (Nueva and En curso)', async () => {
    const response = await call('demo', 'GET', '/status/open');
    expect(response.statusCode).toBe(200);
    const { items } = (await call('demo', 'GET', '/issues')).json();
    const open = items.filter((i: { status: { name: string } }) =>
      ['Nueva', 'En curso'].includes(i.status.name),
    );
    expect(response.json()).toEqual({ total_count: open.length });
    expect(open.length).toBeGreaterThanOrEqual(3);
  });

  it('sinproductos has none', async () => {
    expect((await call('sinproductos', 'GET', '/issues')).json()).toEqual({ total_count: 0, items: [] });
    expect((await call('sinproductos', 'GET', '/status/open')).json()).toEqual({ total_count: 0 });
  });
});

describe('new request', () => {
  it('stores it for the caller, answers 201 with the new id and shows every field in the detail', async () => {
    const before = (await call('demo', 'GET', '/status/open')).json().total_count;
    const body = await validIssue();
    const response = await call('demo', 'POST', '/add', {
      ...body,
      title: 'Factura &quot;rara&quot;',
      description: 'Línea 1\nDice &quot;estimada&quot;',
    });
    expect(response.statusCode).toBe(201);
    const { issue } = response.json();
    expect(issue).toEqual(expect.any(Number));

    expect((await call('demo', 'GET', '/status/open')).json().total_count).toBe(before + 1);
    const list = (await call('demo', 'GET', '/issues')).json();
    expect(list.items[0]).toEqual({
      id: issue,
      subject: 'Factura "rara"',
      status: { name: 'Nueva' },
      created_on: expect.any(String),
      updated_on: list.items[0].created_on,
      tracking_code: expect.stringMatching(/^SOL-\d{4}-\d{6}$/),
      deadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      overdue: false,
      asked_for_person: false,
    });

    const detail = await call('demo', 'GET', `/issue?issueId=${issue}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({
      numero: issue,
      asunto: 'Factura "rara"',
      estado: 'Nueva',
      categoria: 'Facturación',
      subcategoria: 'Duda sobre una factura',
      linea: 'Electricidad',
      cups: body.cups,
      codigo_contrato: body.contractCode,
      cif: expect.stringMatching(/^\d{8}[A-Z]$/),
      email: 'maria.garcia@cliente.example',
      telefono_cliente: expect.stringMatching(/^6\d{8}$/),
      descripcion: 'Línea 1\nDice "estimada"',
      fecha_creacion: list.items[0].created_on,
      fecha_actualizacion: list.items[0].created_on,
      tracking_code: list.items[0].tracking_code,
      deadline: list.items[0].deadline,
      overdue: false,
      asked_for_person: false,
      received_at: expect.any(String),
      history: [expect.objectContaining({ kind: 'state', to: 'Nueva' })],
    });
  });

  it('accepts ids sent as text, as a form sends them', async () => {
    const body = await validIssue();
    const response = await call('demo', 'POST', '/add', {
      ...body,
      category: String(body.category),
      subcategory: String(body.subcategory),
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a CUPS that is not among the caller’s, with the spec’s message', async () => {
    const foreign = await firstContractOf('demo2');
    const response = await call('demo', 'POST', '/add', {
      ...(await validIssue()),
      cups: foreign.cups,
      contractCode: foreign.code,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, message: ISSUE_CUPS_NOT_OWNED });
  });

  it.each([
    ['a contract that is not the CUPS’s', async () => ({ contractCode: '100000000' })],
    ['the wrong line for the CUPS', async () => ({ line: 'Gas' })],
    [
      'a subcategory of another category',
      async () => ({ subcategory: (await categoryIds('Lecturas')).subcategory }),
    ],
    ['a subject of 201 characters', async () => ({ title: 'a'.repeat(201) })],
    ['a description of 1001 characters', async () => ({ description: 'a'.repeat(1001) })],
    ['a blank subject', async () => ({ title: '   ' })],
    ['an unknown line', async () => ({ line: 'Agua' })],
    ['a category that is not a number', async () => ({ category: 'Facturación' })],
    ['no description', async () => ({ description: undefined })],
  ])('refuses %s with 400', async (_, change) => {
    const response = await call('demo', 'POST', '/add', { ...(await validIssue()), ...(await change()) });
    expect(response.statusCode).toBe(400);
  });

  it('lets an administrator file one about a managed client’s CUPS, kept as its own', async () => {
    const managed = await t.db
      .selectFrom('contracts')
      .innerJoin('administrator_clients', 'administrator_clients.holder_id', 'contracts.holder_id')
      .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
      .select(['contracts.code', 'contracts.line', 'supply_points.cups'])
      .executeTakeFirstOrThrow();
    const response = await call('admin', 'POST', '/add', {
      ...(await validIssue()),
      line: managed.line,
      cups: managed.cups,
      contractCode: managed.code,
    });
    expect(response.statusCode).toBe(201);
    const { issue } = response.json();
    const own = (await call('admin', 'GET', '/issues')).json();
    expect(own.items.map((item: { id: number }) => item.id)).toEqual([issue]);
    expect((await call('admin', 'GET', `/issue?issueId=${issue}`)).json().cif).toMatch(/^B/);
    expect((await call('demo', 'GET', `/issue?issueId=${issue}`)).statusCode).toBe(404);
  });
});

describe('scoping of the detail', () => {
  it('answers 404 for another customer’s request, the same as for a missing one', async () => {
    const others = (await call('demo2', 'GET', '/issues')).json();
    expect(others.items.length).toBeGreaterThan(0);
    const foreign = await call('demo', 'GET', `/issue?issueId=${others.items[0].id}`);
    const missing = await call('demo', 'GET', '/issue?issueId=999999');
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    const mine = (await call('demo', 'GET', '/issues')).json();
    expect(mine.items.map((i: { id: number }) => i.id)).not.toContain(others.items[0].id);
  });

  it('rejects a malformed or missing issueId with 400', async () => {
    expect((await call('demo', 'GET', '/issue?issueId=abc')).statusCode).toBe(400);
    expect((await call('demo', 'GET', '/issue')).statusCode).toBe(400);
  });

  it('needs a session for every call', async () => {
    for (const url of ['/status/open', '/issues', '/issue?issueId=1', '/categories']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/cliente${API}${url}` });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('requests per day', () => {
  const recentOf = async (username: string) => {
    const { n } = await t.db
      .selectFrom('issues')
      .innerJoin('accounts', 'accounts.id', 'issues.account_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('accounts.username', '=', username)
      .where('issues.created_at', '>', new Date(Date.now() - 24 * 60 * 60_000).toISOString())
      .executeTakeFirstOrThrow();
    return Number(n);
  };

  it('the 21st of a day is 429 with a Spanish message and Retry-After, and stores nothing; others are not held', async () => {
    const body = await validIssue('demo2');
    const already = await recentOf('demo2');
    expect(already).toBeLessThan(20);
    // Sent all at once: the count is kept in the database under a lock, so none slips past it.
    const statuses = (
      await Promise.all(Array.from({ length: 22 - already }, () => call('demo2', 'POST', '/add', body)))
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20 - already);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    expect(await recentOf('demo2')).toBe(20);

    const refused = await call('demo2', 'POST', '/add', body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 429, message: ISSUE_DAILY_LIMIT });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect(await recentOf('demo2')).toBe(20);
    // Another customer still may.
    expect((await call('demo', 'POST', '/add', await validIssue())).statusCode).toBe(201);

    // A day later the oldest have left the window.
    const ids = await t.db
      .selectFrom('issues')
      .innerJoin('accounts', 'accounts.id', 'issues.account_id')
      .select('issues.id')
      .where('accounts.username', '=', 'demo2')
      .execute();
    await t.db
      .updateTable('issues')
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60_000).toISOString() })
      .where(
        'id',
        'in',
        ids.map((row) => row.id),
      )
      .execute();
    expect((await call('demo2', 'POST', '/add', body)).statusCode).toBe(201);
  }, 120_000);
});
