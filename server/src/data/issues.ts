import type { Db } from '../db/database';
import type { Account, IssueStatus, Line, RequestAuthorKind } from '../db/schema';
import { CLAIM_CATEGORY, receiptOf } from '../db/trackingCodes';
import { visibleContracts } from './scope';

/** Requests still being dealt with; Resuelta and Cerrada are finished. */
export const OPEN_STATUSES: readonly IssueStatus[] = ['Nueva', 'En curso'];

/** How many of the account's requests are still open. */
export async function countOpenIssues(db: Db, accountId: number): Promise<number> {
  const { count } = await db
    .selectFrom('issues')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('account_id', '=', accountId)
    .where('status', 'in', OPEN_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The account's requests, newest first. */
export function listIssues(db: Db, accountId: number) {
  return db
    .selectFrom('issues')
    .select([
      'id',
      'subject',
      'status',
      'created_at',
      'updated_at',
      'tracking_code',
      'deadline',
      'asked_for_person',
    ])
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Requests with their category names (every column of each): the account's, or with `accountId` null every
 * request (the retailer's staff).
 */
export function requestsWithCategories(db: Db, accountId: number | null) {
  const query = db
    .selectFrom('issues')
    .innerJoin('issue_categories', 'issue_categories.id', 'issues.category_id')
    .innerJoin('issue_subcategories', 'issue_subcategories.id', 'issues.subcategory_id')
    .selectAll('issues')
    .select(['issue_categories.name as category', 'issue_subcategories.name as subcategory']);
  return accountId === null ? query : query.where('issues.account_id', '=', accountId);
}

/** One request with its category names; undefined when it is not the account's (null: staff, see all). */
export function findIssue(db: Db, accountId: number | null, issueId: number) {
  return requestsWithCategories(db, accountId).where('issues.id', '=', issueId).executeTakeFirst();
}

export interface QueueFilters {
  status?: IssueStatus;
  categoryId?: number;
  overdue?: boolean;
  askedForPerson?: boolean;
}

/**
 * The staff's queue: every open request, overdue first (deadline before `today`), then by deadline and by
 * arrival; filtered by state, category, overdue and asked for a person.
 */
export function staffQueue(db: Db, filters: QueueFilters, today: string) {
  let query = db
    .selectFrom('issues')
    .innerJoin('issue_categories', 'issue_categories.id', 'issues.category_id')
    .select([
      'issues.id',
      'issues.tracking_code',
      'issues.subject',
      'issues.status',
      'issues.deadline',
      'issues.asked_for_person',
      'issues.received_at',
      'issue_categories.name as category',
    ])
    .where('issues.status', 'in', filters.status ? [filters.status] : OPEN_STATUSES);
  if (filters.categoryId !== undefined) query = query.where('issues.category_id', '=', filters.categoryId);
  if (filters.overdue !== undefined) {
    query = query.where('issues.deadline', filters.overdue ? '<' : '>=', today);
  }
  if (filters.askedForPerson !== undefined) {
    query = query.where('issues.asked_for_person', '=', filters.askedForPerson ? 1 : 0);
  }
  return query
    .orderBy((eb) => eb.case().when('issues.deadline', '<', today).then(0).else(1).end())
    .orderBy('issues.deadline')
    .orderBy('issues.id')
    .execute();
}

export function listCategories(db: Db) {
  return db.selectFrom('issue_categories').select(['id', 'name']).orderBy('id').execute();
}

/** The subcategories of a category; null when the category does not exist. */
export async function listSubcategories(db: Db, categoryId: number) {
  const category = await db
    .selectFrom('issue_categories')
    .select('id')
    .where('id', '=', categoryId)
    .executeTakeFirst();
  if (!category) return null;
  return db
    .selectFrom('issue_subcategories')
    .select(['id', 'name'])
    .where('category_id', '=', category.id)
    .orderBy('id')
    .execute();
}

/** The account's contracts on a supply point (code and line). */
export function contractsOnCups(db: Db, account: Account, cups: string) {
  return visibleContracts(db, account)
    .select(['contracts.code', 'contracts.line'])
    .where('supply_points.cups', '=', cups)
    .execute();
}

/** Whether the subcategory belongs to the category. */
export async function subcategoryBelongs(db: Db, categoryId: number, subcategoryId: number) {
  const row = await db
    .selectFrom('issue_subcategories')
    .select('id')
    .where('id', '=', subcategoryId)
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The caller's contact data, copied onto the request so support calls back on what was current then. */
async function contactOf(db: Db, account: Account) {
  const owner = account.holder_id
    ? await db.selectFrom('holders').select('nif').where('id', '=', account.holder_id).executeTakeFirst()
    : await db
        .selectFrom('administrators')
        .select('nif')
        .where('id', '=', account.administrator_id ?? -1)
        .executeTakeFirst();
  return { holder_nif: owner?.nif ?? '', email: account.email, telephone: account.telephone };
}

export interface NewIssue {
  subject: string;
  description: string;
  categoryId: number;
  subcategoryId: number;
  line: Line;
  cups: string;
  contractCode: string;
}

export interface CreatedIssue {
  id: number;
  tracking_code: string;
  deadline: string;
}

/** At most `max` requests per account in any `windowMs` (a day): abuse of one account stays bounded. */
export interface IssueQuota {
  max: number;
  windowMs: number;
}

/**
 * Records a new request unless the account already sent `quota.max` in the window: its id, or how long until
 * the oldest of them leaves the window. Counted in the database under a lock of the account's row (a no-op
 * update: a row lock on PostgreSQL, the write lock on SQLite), so simultaneous requests of one account, in
 * any process, cannot pass the quota together.
 */
export async function createIssueWithinQuota(
  db: Db,
  account: Account,
  issue: NewIssue,
  quota: IssueQuota,
  receivedAt: Date,
  /** Runs in the same transaction after the insert (the receipt e-mail): both are stored or neither. */
  alsoStore: (trx: Db, created: CreatedIssue) => Promise<unknown> = async () => undefined,
): Promise<CreatedIssue | { retryAfterMs: number }> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('accounts')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', account.id)
      .execute();
    const now = Date.now();
    const { count, oldest } = await trx
      .selectFrom('issues')
      .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('created_at').as('oldest')])
      .where('account_id', '=', account.id)
      .where('created_at', '>', new Date(now - quota.windowMs).toISOString())
      .executeTakeFirstOrThrow();
    if (Number(count) >= quota.max && oldest) {
      return { retryAfterMs: Math.max(1000, Date.parse(oldest) + quota.windowMs - now) };
    }
    const created = await createIssue(trx, account, issue, receivedAt);
    await alsoStore(trx, created);
    return created;
  });
}

/**
 * Records a new request of the account (status Nueva, with its contact data, its tracking code and deadline
 * from `receivedAt`, the server clock) and its opening in the history.
 */
export async function createIssue(
  db: Db,
  account: Account,
  issue: NewIssue,
  receivedAt: Date,
): Promise<CreatedIssue> {
  const now = new Date().toISOString();
  const category = await db
    .selectFrom('issue_categories')
    .select('name')
    .where('id', '=', issue.categoryId)
    .executeTakeFirst();
  const receipt = await receiptOf(db, category?.name === CLAIM_CATEGORY, receivedAt);
  const { id } = await db
    .insertInto('issues')
    .values({
      account_id: account.id,
      subject: issue.subject,
      description: issue.description,
      category_id: issue.categoryId,
      subcategory_id: issue.subcategoryId,
      line: issue.line,
      cups: issue.cups,
      contract_code: issue.contractCode,
      ...(await contactOf(db, account)),
      status: 'Nueva',
      created_at: now,
      updated_at: now,
      ...receipt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('request_events')
    .values({
      issue_id: id,
      from_status: null,
      to_status: 'Nueva',
      actor_kind: 'customer',
      staff_account_id: null,
      created_at: receipt.received_at,
    })
    .execute();
  return { id, tracking_code: receipt.tracking_code, deadline: receipt.deadline };
}

/**
 * One entry of a request's history: a message, or a change of state (from null: its opening). staffName: the
 * staff member who wrote it or made the change, for the desk only (null for the customer and the schedule, or
 * an account since removed).
 */
export type HistoryEntry = { staffName: string | null } & (
  | { kind: 'message'; author: RequestAuthorKind; text: string; at: string }
  | {
      kind: 'state';
      author: RequestAuthorKind | 'system';
      from: IssueStatus | null;
      to: IssueStatus;
      at: string;
    }
);

/** A staff member's name as people say it: given name and surnames (the seed's staff keep theirs in family_name). */
function staffNameOf(row: {
  given_name: string | null;
  family_name: string | null;
  last_name: string | null;
}) {
  if (row.given_name === null) return null;
  return [row.given_name, row.last_name || row.family_name].filter(Boolean).join(' ') || null;
}

/** A request's messages and changes of state, oldest first (an opening before the messages of its instant). */
export async function issueHistory(db: Db, issueId: number): Promise<HistoryEntry[]> {
  const [messages, events] = await Promise.all([
    db
      .selectFrom('request_messages')
      .leftJoin('accounts', 'accounts.id', 'request_messages.staff_account_id')
      .select([
        'request_messages.author_kind',
        'request_messages.text',
        'request_messages.created_at',
        'accounts.given_name',
        'accounts.family_name',
        'accounts.last_name',
      ])
      .where('request_messages.issue_id', '=', issueId)
      .orderBy('request_messages.id')
      .execute(),
    db
      .selectFrom('request_events')
      .leftJoin('accounts', 'accounts.id', 'request_events.staff_account_id')
      .select([
        'request_events.actor_kind',
        'request_events.from_status',
        'request_events.to_status',
        'request_events.created_at',
        'accounts.given_name',
        'accounts.family_name',
        'accounts.last_name',
      ])
      .where('request_events.issue_id', '=', issueId)
      .orderBy('request_events.id')
      .execute(),
  ]);
  const entries: HistoryEntry[] = [
    ...events.map((row) => ({
      kind: 'state' as const,
      author: row.actor_kind,
      from: row.from_status,
      to: row.to_status,
      at: row.created_at,
      staffName: staffNameOf(row),
    })),
    ...messages.map((row) => ({
      kind: 'message' as const,
      author: row.author_kind,
      text: row.text,
      at: row.created_at,
      staffName: staffNameOf(row),
    })),
  ];
  // A stable sort: events first at one instant, each kind in its own order.
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** What a write to a request found: done, not the caller's (or no such request), or no longer open. */
export type RequestWrite = 'done' | 'not-found' | 'closed';

/**
 * Runs `write` on the caller's request while it is open, under a lock of its row (a no-op update), so a state
 * change in another process cannot close it in between: a closed request's history never changes.
 */
async function whileOpen(
  db: Db,
  issueId: number,
  accountId: number | null,
  write: (trx: Db) => Promise<void>,
): Promise<RequestWrite> {
  return db.transaction().execute(async (trx) => {
    let locked = trx
      .updateTable('issues')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', issueId);
    if (accountId !== null) locked = locked.where('account_id', '=', accountId);
    if (Number((await locked.executeTakeFirst()).numUpdatedRows) !== 1) return 'not-found';
    const { status } = await trx
      .selectFrom('issues')
      .select('status')
      .where('id', '=', issueId)
      .executeTakeFirstOrThrow();
    if (!OPEN_STATUSES.includes(status)) return 'closed';
    await write(trx);
    return 'done';
  });
}

/** Adds a message to an open request; `accountId` null is the staff, who may write to any request. */
export function addRequestMessage(
  db: Db,
  issueId: number,
  author: { accountId: number; staff: boolean },
  text: string,
  at: Date,
  /** Runs in the same transaction after the message (the e-mail that announces it): both or neither. */
  alsoStore: (trx: Db) => Promise<unknown> = async () => undefined,
): Promise<RequestWrite> {
  return whileOpen(db, issueId, author.staff ? null : author.accountId, async (trx) => {
    await trx
      .insertInto('request_messages')
      .values({
        issue_id: issueId,
        author_kind: author.staff ? 'staff' : 'customer',
        staff_account_id: author.staff ? author.accountId : null,
        text,
        created_at: at.toISOString(),
      })
      .execute();
    await trx.updateTable('issues').set({ updated_at: at.toISOString() }).where('id', '=', issueId).execute();
    await alsoStore(trx);
  });
}

/** Marks the caller's open request as asked to be attended by a person (again: no change). */
export function askForPerson(db: Db, accountId: number, issueId: number): Promise<RequestWrite> {
  return whileOpen(db, issueId, accountId, async (trx) => {
    await trx.updateTable('issues').set({ asked_for_person: 1 }).where('id', '=', issueId).execute();
  });
}
