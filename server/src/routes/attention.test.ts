import { bearerCall, fileRequest, lastMailId } from '../../test/requests';
import { CLIENTE, createTestApp, login, type TestApp } from '../../test/testApp';
import { CLAIM_CATEGORY } from '../db/trackingCodes';
import { DEMO_STAFF } from '../db/seed/staff';
import { ISSUE_CLOSED } from './requestViews';
import * as mailQueue from '../mail/queue';
import { STATE_NOT_ALLOWED } from './attention';

/** Issue 27: the retailer's attention desk, a realm of its own. */
let t: TestApp;
let staffToken: string;
let customerToken: string;
const STAFF = '/api/atencion/ov/user/api';
const DESK = '/api/atencion/ov/attention/api';
const STAFF_NAME = `${DEMO_STAFF.givenName} ${DEMO_STAFF.familyName}`;

beforeAll(async () => {
  t = await createTestApp();
  staffToken = (await login(t.app, STAFF, DEMO_STAFF.username, DEMO_STAFF.password)).json().access_token;
  customerToken = (await login(t.app, CLIENTE, 'demo', 'Demo2024!')).json().access_token;
});

afterAll(async () => {
  await t.close();
});

const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  bearerCall(t.app, token, method, url, payload);

const newClaim = (title = 'Me cobran de más') =>
  fileRequest(t, customerToken, { username: 'demo', category: CLAIM_CATEGORY, title });

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
    expect(queue.items[0].business_days_left).toBeLessThan(0);
    const future = queue.items.find((item: { deadline: string }) => item.deadline === '2099-01-15');
    expect(future.business_days_left).toBeGreaterThan(0);
    expect(future.business_days_left).toBeLessThan(future.days_left);
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

describe('the categories of the queue filter', () => {
  it('lists every category, the claims among them, to staff only', async () => {
    const answer = await as(staffToken, 'GET', `${DESK}/categories`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().map((row: { name: string }) => row.name)).toContain(CLAIM_CATEGORY);
    expect((await as(customerToken, 'GET', `${DESK}/categories`)).statusCode).toBe(401);
  });
});

describe('reply and change of state', () => {
  it('records the reply with the staff member, shows it to the customer and e-mails them', async () => {
    const { issue, tracking_code } = await newClaim();
    const before = await lastMailId(t.db);
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
    // Staff read who answered; the customer reads "the company", never a staff member's name.
    const staffView = (await as(staffToken, 'GET', `${DESK}/request?issueId=${issue}`)).json();
    expect(staffView.history.map((entry: { staff_name: string | null }) => entry.staff_name)).toEqual([
      null,
      STAFF_NAME,
    ]);
    expect(customerView.history[1]).not.toHaveProperty('staff_name');
    expect(JSON.stringify(customerView)).not.toContain(DEMO_STAFF.familyName);
    const mails = await t.db.selectFrom('mail_queue').selectAll().where('id', '>', before).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`Hemos respondido a su solicitud ${tracking_code}`);
  });

  it('stores a reply and its e-mail together or neither: a failure after the insert leaves no trace', async () => {
    const { issue } = await newClaim();
    const before = await lastMailId(t.db);
    // The process "dies" while queueing the e-mail, after the reply's row is written.
    const queueing = jest.spyOn(mailQueue, 'enqueueMail').mockRejectedValueOnce(new Error('caída simulada'));
    try {
      const response = await as(staffToken, 'POST', `${DESK}/reply`, { issueId: issue, text: 'Perdida' });
      expect(response.statusCode).toBe(500);
    } finally {
      queueing.mockRestore();
    }
    const messages = await t.db
      .selectFrom('request_messages')
      .select('id')
      .where('issue_id', '=', issue)
      .execute();
    expect(messages).toHaveLength(0);
    expect(await lastMailId(t.db)).toBe(before);
  });

  it('allows only Nueva → En curso → Resuelta / Cerrada, records who and when, and then freezes the history', async () => {
    const { issue } = await newClaim();
    const fresh = (await as(staffToken, 'GET', `${DESK}/request?issueId=${issue}`)).json();
    expect(fresh.next_states).toEqual(['En curso']);
    const skip = await as(staffToken, 'POST', `${DESK}/state`, { issueId: issue, status: 'Resuelta' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe(STATE_NOT_ALLOWED('Nueva', 'Resuelta'));
    expect(
      (await as(staffToken, 'POST', `${DESK}/state`, { issueId: issue, status: 'En curso' })).statusCode,
    ).toBe(204);
    const working = (await as(staffToken, 'GET', `${DESK}/request?issueId=${issue}`)).json();
    expect(working.next_states).toEqual(['Resuelta', 'Cerrada']);
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
    expect(detail.history.map((entry: { staff_name: string | null }) => entry.staff_name)).toEqual([
      null,
      STAFF_NAME,
      STAFF_NAME,
    ]);
    expect(detail.next_states).toEqual([]);
    expect((await as(staffToken, 'GET', `${DESK}/request?issueId=999999`)).statusCode).toBe(404);
  });
});
