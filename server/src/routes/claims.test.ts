import { pdfLines } from '../../test/pdfText';
import { CLIENTE, createTestApp, FINCAS, login, type TestApp } from '../../test/testApp';
import { serverNow } from '../clock';
import { createDatabase } from '../db/database';
import { CLAIM_CATEGORY, nextTrackingCode } from '../db/trackingCodes';
import { responseDeadline } from '../measurements/holidays';
import { sendRequestReceipt } from '../notifications';
import { ISSUE_CLOSED, ISSUE_MESSAGE_EMPTY } from './requestViews';

/** Issue 27: tracking codes, deadlines, the request's history and the customer's messages. */
let t: TestApp;
const tokens: Record<string, string> = {};
const API = '/ov/issues/api';

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['demo', 'demo2']) {
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

async function newRequest(user: string, categoryName: string) {
  const contract = await t.db
    .selectFrom('contracts')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .innerJoin('accounts', (join) =>
      join.on((eb) =>
        eb.or([
          eb('accounts.holder_id', '=', eb.ref('contracts.holder_id')),
          eb.exists(
            eb
              .selectFrom('administrator_clients')
              .select('administrator_clients.holder_id')
              .whereRef('administrator_clients.administrator_id', '=', 'accounts.administrator_id')
              .whereRef('administrator_clients.holder_id', '=', 'contracts.holder_id'),
          ),
        ]),
      ),
    )
    .select(['contracts.code', 'contracts.line', 'supply_points.cups'])
    .where('accounts.username', '=', user === 'admin' ? 'admin@fincas.example' : user)
    .orderBy('contracts.code')
    .executeTakeFirstOrThrow();
  const category = await t.db
    .selectFrom('issue_categories')
    .innerJoin('issue_subcategories', 'issue_subcategories.category_id', 'issue_categories.id')
    .select(['issue_categories.id as category', 'issue_subcategories.id as subcategory'])
    .where('issue_categories.name', '=', categoryName)
    .executeTakeFirstOrThrow();
  const response = await call(user, 'POST', '/add', {
    title: 'Lectura mal tomada',
    description: 'La lectura de octubre no es la real.',
    ...category,
    line: contract.line,
    cups: contract.cups,
    contractCode: contract.code,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ issue: number; tracking_code: string; deadline: string }>();
}

const detail = async (user: string, id: number) => (await call(user, 'GET', `/issue?issueId=${id}`)).json();

describe('tracking code and deadline', () => {
  it('gives a claim a REC- code and any other request a SOL- code, with the deadline, at creation', async () => {
    const year = serverNow().getFullYear();
    const claim = await newRequest('demo', CLAIM_CATEGORY);
    expect(claim.tracking_code).toMatch(new RegExp(`^REC-${year}-\\d{6}$`));
    expect(claim.deadline).toBe(responseDeadline(serverNow()));
    const other = await newRequest('admin', 'Lecturas');
    expect(other.tracking_code).toMatch(new RegExp(`^SOL-${year}-\\d{6}$`));

    const listed = (await call('demo', 'GET', '/issues'))
      .json()
      .items.find((i: { id: number }) => i.id === claim.issue);
    expect(listed).toMatchObject({
      tracking_code: claim.tracking_code,
      deadline: claim.deadline,
      overdue: false,
      asked_for_person: false,
    });
    const shown = await detail('demo', claim.issue);
    expect(shown).toMatchObject({
      tracking_code: claim.tracking_code,
      deadline: claim.deadline,
      overdue: false,
    });
    expect(shown.history).toEqual([
      { kind: 'state', author: 'customer', text: null, from: null, to: 'Nueva', at: shown.received_at },
    ]);
  });

  it('gives every demo request made before the codes one of its own', async () => {
    const rows = await t.db.selectFrom('issues').select(['tracking_code', 'deadline']).execute();
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((row) => /^(REC|SOL)-\d{4}-\d{6}$/.test(row.tracking_code ?? ''))).toBe(true);
    expect(new Set(rows.map((row) => row.tracking_code)).size).toBe(rows.length);
  });

  it('marks an open request whose deadline has passed as overdue, and a finished one not', async () => {
    const { issue } = await newRequest('demo', CLAIM_CATEGORY);
    await t.db.updateTable('issues').set({ deadline: '2025-01-10' }).where('id', '=', issue).execute();
    expect((await detail('demo', issue)).overdue).toBe(true);
    await t.db.updateTable('issues').set({ status: 'Resuelta' }).where('id', '=', issue).execute();
    expect((await detail('demo', issue)).overdue).toBe(false);
  });

  it('never hands out one code twice, even to two processes at once', async () => {
    // On PostgreSQL a second pool, as a second process has; on SQLite a second connection to the file.
    const other = createDatabase(t.config);
    try {
      const codes = await Promise.all(
        Array.from({ length: 40 }, (_, i) => nextTrackingCode(i % 2 ? other : t.db, true, 2031)),
      );
      expect(new Set(codes).size).toBe(40);
      expect(codes.map((code) => Number(code.slice(-6))).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
    } finally {
      await other.destroy();
    }
  });
});

describe('messages of the customer', () => {
  it('adds a message to the history of an open request, quotes back as typed', async () => {
    const { issue } = await newRequest('demo', CLAIM_CATEGORY);
    const response = await call('demo', 'POST', '/message', {
      issueId: issue,
      text: ' Dice &quot;estimada&quot; ',
    });
    expect(response.statusCode).toBe(204);
    const history = (await detail('demo', issue)).history;
    expect(history).toHaveLength(2);
    expect(history[1]).toEqual({
      kind: 'message',
      author: 'customer',
      text: 'Dice "estimada"',
      from: null,
      to: null,
      at: expect.any(String),
    });
  });

  it("refuses an empty or too long message, and another customer's request, changing nothing", async () => {
    const { issue } = await newRequest('demo', CLAIM_CATEGORY);
    const empty = await call('demo', 'POST', '/message', { issueId: issue, text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ISSUE_MESSAGE_EMPTY);
    const long = await call('demo', 'POST', '/message', { issueId: issue, text: 'a'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/como mucho 1000 caracteres/);
    const foreign = await call('demo2', 'POST', '/message', { issueId: issue, text: 'Hola' });
    expect(foreign.statusCode).toBe(404);
    expect((await call('demo2', 'GET', `/issue?issueId=${issue}`)).statusCode).toBe(404);
    expect((await detail('demo', issue)).history).toHaveLength(1);
  });

  it('refuses a message or a change to a finished request with 409', async () => {
    const { issue } = await newRequest('demo', CLAIM_CATEGORY);
    await t.db.updateTable('issues').set({ status: 'Cerrada' }).where('id', '=', issue).execute();
    const message = await call('demo', 'POST', '/message', { issueId: issue, text: 'Otra cosa' });
    expect(message.statusCode).toBe(409);
    expect(message.json().message).toBe(ISSUE_CLOSED);
    const person = await call('demo', 'POST', '/person', { issueId: issue });
    expect(person.statusCode).toBe(409);
    const shown = await detail('demo', issue);
    expect(shown.history).toHaveLength(1);
    expect(shown.asked_for_person).toBe(false);
  });

  it('marks the request when the customer asks to be attended by a person', async () => {
    const { issue } = await newRequest('admin', 'Otros');
    expect((await call('admin', 'POST', '/person', { issueId: issue })).statusCode).toBe(204);
    expect((await detail('admin', issue)).asked_for_person).toBe(true);
    expect((await call('demo', 'POST', '/person', { issueId: issue })).statusCode).toBe(404);
  });
});

describe('the receipt', () => {
  const lastMailId = async () =>
    (await t.db.selectFrom('mail_queue').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;

  it('e-mails "Justificante de su solicitud" with the code, the receipt and the deadline to a validated address', async () => {
    const before = await lastMailId();
    const { issue, tracking_code } = await newRequest('demo', CLAIM_CATEGORY);
    const account = await t.db
      .selectFrom('accounts')
      .select('email')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    const mails = await t.db.selectFrom('mail_queue').selectAll().where('id', '>', before).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0].recipient).toBe(account.email);
    expect(mails[0].subject).toBe(`Justificante de su solicitud ${tracking_code}`);
    const { deadline } = await detail('demo', issue);
    const day = `${deadline.slice(8, 10)}/${deadline.slice(5, 7)}/${deadline.slice(0, 4)}`;
    expect(mails[0].text).toContain(`Código de seguimiento: ${tracking_code}`);
    expect(mails[0].text).toContain(`Plazo máximo de respuesta: ${day}`);
    expect(mails[0].text).toMatch(/Fecha y hora de recepción: \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    expect(mails[0].text).toContain(`/issues/${issue}`);
  });

  it('sends no receipt to an address not validated', async () => {
    const { issue } = await newRequest('demo2', 'Lecturas');
    const { id } = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', 'demo2')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('accounts').set({ validated: 0 }).where('id', '=', id).execute();
    try {
      const before = await lastMailId();
      expect(await sendRequestReceipt(t.db, id, issue, serverNow())).toBe(0);
      expect(await lastMailId()).toBe(before);
    } finally {
      await t.db.updateTable('accounts').set({ validated: 1 }).where('id', '=', id).execute();
    }
  });

  it("downloads the receipt PDF of the caller's own request only", async () => {
    const { issue, tracking_code, deadline } = await newRequest('demo', CLAIM_CATEGORY);
    const response = await call('demo', 'GET', `/receipt?issueId=${issue}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = (await pdfLines(response.rawPayload)).join('\n');
    expect(text).toContain('Justificante de su solicitud');
    expect(text).toContain(`Código de seguimiento: ${tracking_code}`);
    expect(text).toContain('Asunto: Lectura mal tomada');
    expect(text).toContain(`Categoría: ${CLAIM_CATEGORY}`);
    expect(text).toContain('CUPS ES');
    expect(text).toContain(
      `Plazo máximo de respuesta: ${deadline.slice(8, 10)}/${deadline.slice(5, 7)}/${deadline.slice(0, 4)}`,
    );
    expect((await call('demo2', 'GET', `/receipt?issueId=${issue}`)).statusCode).toBe(404);
  });
});
