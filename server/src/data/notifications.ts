import type { Realm } from '../auth/realm';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationPreferences } from '../contract/account';
import type { Db } from '../db/database';
import type { IssueStatus } from '../db/schema';
import { SUPPLY_POINT_COLUMNS } from './scope';

export { NOTIFICATION_KINDS, type NotificationKind, type NotificationPreferences };

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  NOTIFICATION_KINDS.includes(value as NotificationKind);

/** Every kind on: what an account that never chose gets. */
const ALL_ON = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) as NotificationPreferences;

/** The account's switches; a kind it never switched is on. */
export async function readPreferences(db: Db, accountId: number): Promise<NotificationPreferences> {
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['kind', 'enabled'])
    .where('account_id', '=', accountId)
    .execute();
  const preferences = { ...ALL_ON };
  for (const row of rows) if (isNotificationKind(row.kind)) preferences[row.kind] = row.enabled === 1;
  return preferences;
}

/** Sets the given switches of the account (one transaction: all of them or none). */
export async function writePreferences(
  db: Db,
  accountId: number,
  preferences: Partial<NotificationPreferences>,
): Promise<void> {
  const rows = Object.entries(preferences).map(([kind, enabled]) => ({
    account_id: accountId,
    kind,
    enabled: enabled ? 1 : 0,
  }));
  if (!rows.length) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notification_preferences')
      .values(rows)
      .onConflict((conflict) =>
        conflict
          .columns(['account_id', 'kind'])
          .doUpdateSet((eb) => ({ enabled: eb.ref('excluded.enabled') })),
      )
      .execute();
  });
}

/** An account a customer e-mail may go to: validated, so its address is known to be its holder's. */
export interface Recipient {
  id: number;
  realm: Realm;
  email: string;
  givenName: string;
  holderId: number | null;
  administratorId: number | null;
}

/** The validated accounts that see the holders' data: the holders' own and their administrators'. */
export async function recipientsOfHolders(db: Db, holderIds: readonly number[]): Promise<Recipient[]> {
  if (!holderIds.length) return [];
  const rows = await db
    .selectFrom('accounts')
    .leftJoin('administrator_clients', 'administrator_clients.administrator_id', 'accounts.administrator_id')
    .select([
      'accounts.id',
      'accounts.realm',
      'accounts.email',
      'accounts.given_name',
      'accounts.holder_id',
      'accounts.administrator_id',
    ])
    .distinct()
    .where('accounts.validated', '=', 1)
    .where((eb) =>
      eb.or([
        eb.and([eb('accounts.realm', '=', 'cliente'), eb('accounts.holder_id', 'in', [...holderIds])]),
        eb.and([
          eb('accounts.realm', '=', 'fincas'),
          eb('administrator_clients.holder_id', 'in', [...holderIds]),
        ]),
      ]),
    )
    .orderBy('accounts.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    realm: row.realm,
    email: row.email,
    givenName: row.given_name,
    holderId: row.holder_id,
    administratorId: row.administrator_id,
  }));
}

/** The holders an administrator manages among the given ones. */
export async function managedHolders(
  db: Db,
  administratorId: number,
  holderIds: readonly number[],
): Promise<Set<number>> {
  if (!holderIds.length) return new Set();
  const rows = await db
    .selectFrom('administrator_clients')
    .select('holder_id')
    .where('administrator_id', '=', administratorId)
    .where('holder_id', 'in', [...holderIds])
    .execute();
  return new Set(rows.map((row) => row.holder_id));
}

/** The invoices to announce with their contract and supply point: the ones the lists show (no proformas). */
export function invoicesToAnnounce(db: Db, invoiceIds: readonly number[]) {
  if (!invoiceIds.length) return Promise.resolve([]);
  return db
    .selectFrom('invoices')
    .innerJoin('contracts', 'contracts.id', 'invoices.contract_id')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .innerJoin('holders', 'holders.id', 'invoices.holder_id')
    .select([
      'invoices.id',
      'invoices.holder_id',
      'invoices.contract_id',
      'invoices.line',
      'invoices.kind',
      'invoices.serie',
      'invoices.bill_number',
      'invoices.category',
      'invoices.launch_date',
      'invoices.reading_from',
      'invoices.reading_until',
      'invoices.amount',
      'invoices.has_proformas',
      'invoices.serie_unica',
      'invoices.numero_unica',
      'contracts.code as contract_code',
      'supply_points.cups',
      'holders.name as holder_name',
    ])
    .where('invoices.id', 'in', [...invoiceIds])
    .orderBy('invoices.id')
    .execute();
}

export type AnnouncedInvoice = Awaited<ReturnType<typeof invoicesToAnnounce>>[number];

/**
 * The electricity contracts billed by the invoices for a period (simple invoices and the proformas of unified
 * ones; not rectifying or Varios invoices), with what the explorer needs to read their hours.
 */
export function billedElectricity(db: Db, invoiceIds: readonly number[]) {
  if (!invoiceIds.length) return Promise.resolve([]);
  return db
    .selectFrom('invoices')
    .innerJoin('contracts', 'contracts.id', 'invoices.contract_id')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .innerJoin('holders', 'holders.id', 'contracts.holder_id')
    .selectAll('contracts')
    .select([...SUPPLY_POINT_COLUMNS, 'holders.nif as holder_nif', 'holders.name as holder_name'])
    .select([
      'holders.first_surname as holder_first_surname',
      'holders.second_surname as holder_second_surname',
      'invoices.reading_from',
      'invoices.reading_until',
    ])
    .where('invoices.id', 'in', [...invoiceIds])
    .where('invoices.line', '=', 'Electricidad')
    .where('invoices.category', '=', 'NO')
    .where('invoices.serie', 'in', ['ENERGIA', 'PF'])
    .where('invoices.reading_from', 'is not', null)
    .where('invoices.reading_until', 'is not', null)
    .orderBy('invoices.id')
    .execute();
}

/** Subject keys per statement: within both databases' bound parameters. */
const KEYS_PER_STATEMENT = 1_000;

/**
 * Records that a message of this kind about these subjects goes to the account; answers the subjects claimed
 * now, leaving out those a message already went about (the primary key refuses a second). Pass the transaction
 * that queues the message, so both happen or neither. One statement per 1,000 subjects: an administrator's
 * digest of a run at scale names thousands.
 */
export async function claimNotifications(
  db: Db,
  claim: { kind: NotificationKind; accountId: number; subjectKeys: readonly string[]; createdAt: string },
): Promise<string[]> {
  const claimed: string[] = [];
  for (let i = 0; i < claim.subjectKeys.length; i += KEYS_PER_STATEMENT) {
    const rows = await db
      .insertInto('notifications_sent')
      .values(
        claim.subjectKeys.slice(i, i + KEYS_PER_STATEMENT).map((subjectKey) => ({
          kind: claim.kind,
          account_id: claim.accountId,
          subject_key: subjectKey,
          mail_id: null,
          created_at: claim.createdAt,
        })),
      )
      .onConflict((conflict) => conflict.columns(['kind', 'account_id', 'subject_key']).doNothing())
      .returning('subject_key')
      .execute();
    const fresh = new Set(rows.map((row) => row.subject_key));
    // In the caller's order, whatever order the database answers in.
    claimed.push(...claim.subjectKeys.slice(i, i + KEYS_PER_STATEMENT).filter((key) => fresh.has(key)));
  }
  return claimed;
}

/** Links the subjects claimed to the message queued about them. */
export async function recordNotificationMail(
  db: Db,
  claim: { kind: NotificationKind; accountId: number; subjectKeys: readonly string[] },
  mailId: number,
): Promise<void> {
  for (let i = 0; i < claim.subjectKeys.length; i += KEYS_PER_STATEMENT) {
    await db
      .updateTable('notifications_sent')
      .set({ mail_id: mailId })
      .where('kind', '=', claim.kind)
      .where('account_id', '=', claim.accountId)
      .where('subject_key', 'in', claim.subjectKeys.slice(i, i + KEYS_PER_STATEMENT))
      .execute();
  }
}

/** Requests whose scheduled change of state is due at `now`, oldest first. */
export function dueRequestChanges(db: Db, now: string) {
  return db
    .selectFrom('issues')
    .select(['id', 'account_id', 'next_status', 'next_status_at'])
    .where('next_status', 'is not', null)
    .where('next_status_at', '<=', now)
    .orderBy('next_status_at')
    .orderBy('id')
    .execute();
}

/** The request's id and author, or undefined when there is no such request. */
export function requestOwner(db: Db, issueId: number) {
  return db.selectFrom('issues').select(['id', 'account_id']).where('id', '=', issueId).executeTakeFirst();
}

/**
 * Moves a request to `status` at `at` unless it is already there, clearing a scheduled change it meets;
 * answers the request (with its account) when it changed, undefined otherwise. Guarded by the state it had,
 * so two processes applying the same change change it once.
 */
export async function changeRequestStatus(
  db: Db,
  issueId: number,
  status: IssueStatus,
  at: string,
  actor: StateActor = SCHEDULE,
) {
  const issue = await db
    .selectFrom('issues')
    .select(['id', 'status', 'next_status'])
    .where('id', '=', issueId)
    .executeTakeFirst();
  if (!issue) return undefined;
  const clearsSchedule = issue.next_status === status;
  if (issue.status === status) {
    if (clearsSchedule) await clearSchedule(db, issueId);
    return undefined;
  }
  const changed = await db
    .updateTable('issues')
    .set({
      status,
      updated_at: at,
      ...(clearsSchedule ? { next_status: null, next_status_at: null } : {}),
    })
    .where('id', '=', issueId)
    .where('status', '=', issue.status)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) return undefined;
  // The request's history (issue 27) records every change with who made it and when.
  await db
    .insertInto('request_events')
    .values({
      issue_id: issueId,
      from_status: issue.status,
      to_status: status,
      actor_kind: actor.kind,
      staff_account_id: actor.staffAccountId,
      created_at: at,
    })
    .execute();
  return db
    .selectFrom('issues')
    .select(['id', 'account_id', 'subject', 'status', 'updated_at', 'tracking_code'])
    .where('id', '=', issueId)
    .executeTakeFirst();
}

/** What the notices about a request name: its author, code, subject and state. */
export function requestFacts(db: Db, issueId: number) {
  return db
    .selectFrom('issues')
    .select(['id', 'account_id', 'subject', 'status', 'updated_at', 'tracking_code'])
    .where('id', '=', issueId)
    .executeTakeFirst();
}

/** Who changes a request's state: the retailer's schedule, or a member of its staff. */
export interface StateActor {
  kind: 'system' | 'staff';
  staffAccountId: number | null;
}

const SCHEDULE: StateActor = { kind: 'system', staffAccountId: null };

async function clearSchedule(db: Db, issueId: number) {
  await db
    .updateTable('issues')
    .set({ next_status: null, next_status_at: null })
    .where('id', '=', issueId)
    .execute();
}

/** A validated account by id (the recipient of a request's news), or undefined. */
export async function validatedAccount(db: Db, accountId: number): Promise<Recipient | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select(['id', 'realm', 'email', 'given_name', 'holder_id', 'administrator_id'])
    .where('id', '=', accountId)
    .where('validated', '=', 1)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      realm: row.realm,
      email: row.email,
      givenName: row.given_name,
      holderId: row.holder_id,
      administratorId: row.administrator_id,
    }
  );
}

/** A sign-in: the last one becomes the previous one (the home marks what is new since then). */
export async function recordSignIn(db: Db, accountId: number, at: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set((eb) => ({ previous_sign_in_at: eb.ref('last_sign_in_at'), last_sign_in_at: at }))
    .where('id', '=', accountId)
    .execute();
}

/**
 * Since when the home marks news for the account: its previous sign-in, or, before its second one, its creation.
 */
export async function newsSince(db: Db, accountId: number): Promise<string> {
  const row = await db
    .selectFrom('accounts')
    .select(['previous_sign_in_at', 'created_at'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.previous_sign_in_at ?? row.created_at;
}

/**
 * The account's requests the retailer changed after `since` (state or handling), newest first; one the customer
 * just sent is not news to them.
 */
export function requestsChangedSince(db: Db, accountId: number, since: string) {
  return db
    .selectFrom('issues')
    .select(['id', 'subject', 'status', 'updated_at'])
    .where('account_id', '=', accountId)
    .where('updated_at', '>', since)
    .whereRef('updated_at', '>', 'created_at')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
