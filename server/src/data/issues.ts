import type { Db } from '../db/database';
import type { Account, IssueStatus, Line } from '../db/schema';
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
    .select(['id', 'subject', 'status', 'created_at', 'updated_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The account's requests with their category names (every column of each). */
export function requestsWithCategories(db: Db, accountId: number) {
  return db
    .selectFrom('issues')
    .innerJoin('issue_categories', 'issue_categories.id', 'issues.category_id')
    .innerJoin('issue_subcategories', 'issue_subcategories.id', 'issues.subcategory_id')
    .selectAll('issues')
    .select(['issue_categories.name as category', 'issue_subcategories.name as subcategory'])
    .where('issues.account_id', '=', accountId);
}

/** One request of the account with its category names; undefined when it is not the account's. */
export function findIssue(db: Db, accountId: number, issueId: number) {
  return requestsWithCategories(db, accountId).where('issues.id', '=', issueId).executeTakeFirst();
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
): Promise<{ id: number } | { retryAfterMs: number }> {
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
    return { id: await createIssue(trx, account, issue) };
  });
}

/** Records a new request of the account (status Nueva, with its contact data); its id. */
export async function createIssue(db: Db, account: Account, issue: NewIssue): Promise<number> {
  const now = new Date().toISOString();
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
