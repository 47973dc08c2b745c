import { CLIENTE, createTestApp, login, type TestApp } from '../../test/testApp';
import { CLAIM_CATEGORY } from '../db/trackingCodes';
import { DEMO_STAFF } from '../db/seed/staff';
import { ISSUE_CLOSED } from './requestViews';
import { STATE_NOT_ALLOWED } from './attention';

/** Issue 27: the retailer's attention desk, a realm of its own. */
let t: TestApp;
let staffToken: string;
let customerToken: string;
const STAFF = '/api/atencion/ov/user/api';
const DESK = '/api/atencion/ov/attention/api';

beforeAll(async () => {
  t = await createTestApp();
  staffToken = (await login(t.app, STAFF, DEMO_STAFF.username, DEMO_STAFF.password)).json().access_token;
  customerToken = (await login(t.app, CLIENTE, 'demo', 'Demo2024!')).json().access_token;
});

afterAll(async () => {
  await t.close();
});

const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

async function newClaim(subject = 'Me cobran de más') {
  const contract = await t.db
    .selectFrom('contracts')
    .innerJoin('accounts', 'accounts.holder_id', 'contracts.holder_id')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .select(['contracts.code', 'contracts.line', 'supply_points.cups'])
    .where('accounts.username', '=', 'demo')
    .orderBy('contracts.code')
    .executeTakeFirstOrThrow();
  const category = await t.db
    .selectFrom('issue_categories')
    .innerJoin('issue_subcategories', 'issue_subcategories.category_id', 'issue_categories.id')
    .select(['issue_categories.id as category', 'issue_subcategories.id as subcategory'])
    .where('issue_categories.name', '=', CLAIM_CATEGORY)
    .executeTakeFirstOrThrow();
  const response = await as(customerToken, 'POST', '/api/cliente/ov/issues/api/add', {
    title: subject,
    description: 'La factura de octubre duplica el consumo.',
    ...category,
    line: contract.line,
    cups: contract.cups,
    contractCode: contract.code,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ issue: number; tracking_code: string; deadline: string }>();
}

describe('the staff realm', () => {
  it('signs staff in with their own accounts and keeps their tokens out of the other realms', async () => {
    expect(staffToken).toEqual(expect.any(String));
    expect((await as(staffToken, 'GET', `${DESK}/queue`)).statusCode).toBe(200);
    expect((await as(staffToken, 'GET', '/api/cliente/ov/issues/api/issues')).statusCode).toBe(401);
    expect((await as(staffToken, 'GET', '/api/fincas/ov/issues/api/issues')).statusCode).toBe(401);
    expect((await as(customerToken, 'GET', `${DESK}/queue`)).statusCode).toBe(401);
    // Staff credentials open nothing in the customers' realm, and customers' nothing in the staff's.
    expect((await login(t.app, CLIENTE, DEMO_STAFF.username, DEMO_STAFF.password)).statusCode).toBe(400);
    expect((await login(t.app, STAFF, 'demo', 'Demo2024!')).statusCode).toBe(400);
  });

  it('offers no customer resource and no sign-up under /api/atencion', async () => {
    expect((await as(staffToken, 'GET', '/api/atencion/ov/issues/api/issues')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/atencion/ov/user/api/userCups' })).statusCode,
    ).toBe(404);
  });
});

describe('the queue', () => {
  it('lists open requests, overdue first then by deadline, with the days left and the filters', async () => {
    const late = await newClaim('Reclamación atrasada');
    const soon = await newClaim('Reclamación con plazo corto');
    await t.db.updateTable('issues').set({ deadline: '2020-01-10' }).where('id', '=', late.issue).execute();
    await t.db.updateTable('issues').set({ deadline: '2020-01-15' }).where('id', '=', soon.issue).execute();
    await t.db
      .updateTable('issues')
      .set({ deadline: '2099-01-15' })
      .where('id', '!=', late.issue)
      .where('id', '!=', soon.issue)
      .execute();
    const queue = (await as(staffToken, 'GET', `${DESK}/queue`)).json();
    expect(queue.items.slice(0, 2).map((item: { id: number }) => item.id)).toEqual([late.issue, soon.issue]);
    expect(queue.items[0]).toMatchObject({
      tracking_code: late.tracking_code,
      overdue: true,
      category: CLAIM_CATEGORY,
      status: 'Nueva',
    });
    expect(queue.items[0].days_left).toBeLessThan(0);
    expect(queue.items.every((item: { status: string }) => ['Nueva', 'En curso'].includes(item.status))).toBe(
      true,
    );

    const overdue = (await as(staffToken, 'GET', `${DESK}/queue?overdue=true`)).json();
    expect(overdue.items.map((item: { id: number }) => item.id)).toEqual([late.issue, soon.issue]);
    await as(customerToken, 'POST', '/api/cliente/ov/issues/api/person', { issueId: soon.issue });
    const person = (await as(staffToken, 'GET', `${DESK}/queue?person=true`)).json();
    expect(person.items.map((item: { id: number }) => item.id)).toEqual([soon.issue]);
    const bad = await as(staffToken, 'GET', `${DESK}/queue?status=Cerrada`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('reply and change of state', () => {
  it('records the reply with the staff member, shows it to the customer and e-mails them', async () => {
    const { issue, tracking_code } = await newClaim();
    const before = (await t.db
      .selectFrom('mail_queue')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirst())!.id;
    const response = await as(staffToken, 'POST', `${DESK}/reply`, {
      issueId: issue,
      text: 'Revisamos su factura.',
    });
    expect(response.statusCode).toBe(204);
    const customerView = (
      await as(customerToken, 'GET', `/api/cliente/ov/issues/api/issue?issueId=${issue}`)
    ).json();
    expect(customerView.history[1]).toMatchObject({
      kind: 'message',
      author: 'staff',
      text: 'Revisamos su factura.',
    });
    const row = await t.db
      .selectFrom('request_messages')
      .innerJoin('accounts', 'accounts.id', 'request_messages.staff_account_id')
      .select('accounts.username')
      .where('issue_id', '=', issue)
      .executeTakeFirstOrThrow();
    expect(row.username).toBe(DEMO_STAFF.username);
    const mails = await t.db.selectFrom('mail_queue').selectAll().where('id', '>', before).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`Hemos respondido a su solicitud ${tracking_code}`);
  });

  it('allows only Nueva → En curso → Resuelta / Cerrada, records who and when, and then freezes the history', async () => {
    const { issue } = await newClaim();
    const skip = await as(staffToken, 'POST', `${DESK}/state`, { issueId: issue, status: 'Resuelta' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe(STATE_NOT_ALLOWED('Nueva', 'Resuelta'));
    expect(
      (await as(staffToken, 'POST', `${DESK}/state`, { issueId: issue, status: 'En curso' })).statusCode,
    ).toBe(204);
    expect(
      (await as(staffToken, 'POST', `${DESK}/state`, { issueId: issue, status: 'Resuelta' })).statusCode,
    ).toBe(204);

    const events = await t.db
      .selectFrom('request_events')
      .select(['from_status', 'to_status', 'actor_kind', 'staff_account_id'])
      .where('issue_id', '=', issue)
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.from_status, e.to_status, e.actor_kind])).toEqual([
      [null, 'Nueva', 'customer'],
      ['Nueva', 'En curso', 'staff'],
      ['En curso', 'Resuelta', 'staff'],
    ]);
    expect(events[2].staff_account_id).toEqual(expect.any(Number));

    const again = await as(staffToken, 'POST', `${DESK}/state`, { issueId: issue, status: 'Cerrada' });
    expect(again.statusCode).toBe(409);
    const reply = await as(staffToken, 'POST', `${DESK}/reply`, { issueId: issue, text: 'Otra cosa' });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(ISSUE_CLOSED);
    const detail = (await as(staffToken, 'GET', `${DESK}/request?issueId=${issue}`)).json();
    expect(detail.estado).toBe('Resuelta');
    expect(detail.history).toHaveLength(3);
    expect((await as(staffToken, 'GET', `${DESK}/request?issueId=999999`)).statusCode).toBe(404);
  });
});
