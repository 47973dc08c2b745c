import type { Db } from '../db/database';
import type { Account } from '../db/schema';
import { serverToday } from '../clock';
import { contractOn } from '../measurements/tolls';
import { invoiceDetails, LISTED_KINDS } from './invoices';
import { issueHistory, requestsWithCategories } from './issues';
import { HOLDER_COLUMNS, SUPPLY_POINT_COLUMNS, visibleContracts } from './scope';

/**
 * What "Descargar todos mis datos" reads (issue 28): every contract the account reaches, each with its toll in
 * force as every screen shows it, ordered by supply; per contract its invoices; the account's requests. No
 * 12-month limit applies: the archive holds everything the portal holds.
 */
export async function archiveContracts(db: Db, account: Account, today = serverToday()) {
  const rows = await visibleContracts(db, account)
    .selectAll('contracts')
    .select([...SUPPLY_POINT_COLUMNS, ...HOLDER_COLUMNS])
    .orderBy('supply_points.cups')
    .orderBy('contracts.code')
    .execute();
  return rows.map((row) => contractOn(row, today));
}

/** How many contracts the account reaches: whether its archive is made at once or in the background. */
export async function countArchiveContracts(db: Db, account: Account): Promise<number> {
  const { count } = await visibleContracts(db, account)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A contract's invoices as the lists show them (simple and unified, no proformas), oldest first. */
export function contractInvoices(db: Db, contractId: number) {
  return invoiceDetails(db)
    .where('invoices.contract_id', '=', contractId)
    .where('invoices.kind', 'in', LISTED_KINDS)
    .orderBy('invoices.launch_date')
    .orderBy('invoices.id')
    .execute();
}

/** The account's requests with their category names, their text and their history, newest first. */
export async function accountRequests(db: Db, accountId: number) {
  const requests = await requestsWithCategories(db, accountId)
    .orderBy('issues.created_at', 'desc')
    .orderBy('issues.id', 'desc')
    .execute();
  // One after the other: an account has a handful of requests, and SQLite answers one statement at a time.
  const withHistory = [];
  for (const request of requests)
    withHistory.push({ ...request, history: await issueHistory(db, request.id) });
  return withHistory;
}

export type ArchiveContract = Awaited<ReturnType<typeof archiveContracts>>[number];
export type ArchiveRequest = Awaited<ReturnType<typeof accountRequests>>[number];

/** A "preparing" row older than this is a preparation whose process died: it no longer holds the account's turn. */
const STALE_PREPARATION_MS = 60 * 60 * 1000;

/**
 * Takes the account's one turn to prepare an archive in the background: the new row's id, or null when one is
 * already in preparation (the partial unique index decides, whichever process asks).
 */
export async function claimArchive(
  db: Db,
  accountId: number,
  fileName: string,
  now: Date,
): Promise<number | null> {
  await db
    .updateTable('data_archives')
    .set({ status: 'failed' })
    .where('account_id', '=', accountId)
    .where('status', '=', 'preparing')
    .where('created_at', '<', new Date(now.getTime() - STALE_PREPARATION_MS).toISOString())
    .execute();
  const row = await db
    .insertInto('data_archives')
    .values({
      account_id: accountId,
      status: 'preparing',
      file_name: fileName,
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Whether the account has an archive in preparation now. */
export async function archiveInPreparation(db: Db, accountId: number): Promise<boolean> {
  const row = await db
    .selectFrom('data_archives')
    .select('id')
    .where('account_id', '=', accountId)
    .where('status', '=', 'preparing')
    .executeTakeFirst();
  return row !== undefined;
}

export function markArchiveReady(
  db: Db,
  id: number,
  facts: { bytes: number; tokenHash: string; readyAt: string; expiresAt: string },
) {
  return db
    .updateTable('data_archives')
    .set({
      status: 'ready',
      bytes: facts.bytes,
      token_hash: facts.tokenHash,
      ready_at: facts.readyAt,
      expires_at: facts.expiresAt,
    })
    .where('id', '=', id)
    .execute();
}

export function markArchiveFailed(db: Db, id: number) {
  return db.updateTable('data_archives').set({ status: 'failed' }).where('id', '=', id).execute();
}

/** The account's latest archive prepared in the background (any state), or undefined. */
export function latestArchive(db: Db, accountId: number) {
  return db
    .selectFrom('data_archives')
    .select(['id', 'status', 'file_name', 'bytes', 'created_at', 'ready_at', 'expires_at'])
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A ready archive whose link has not expired, by the hash of its token. */
export function liveArchiveByToken(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('data_archives')
    .select(['id', 'file_name', 'bytes'])
    .where('token_hash', '=', tokenHash)
    .where('status', '=', 'ready')
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

/** Archives whose link has expired, and failed ones: their files go, then their rows. */
export function expiredArchives(db: Db, now: Date) {
  return db
    .selectFrom('data_archives')
    .select(['id', 'file_name'])
    .where((eb) => eb.or([eb('expires_at', '<=', now.toISOString()), eb('status', '=', 'failed')]))
    .execute();
}

export function deleteArchiveRows(db: Db, ids: number[]) {
  return ids.length ? db.deleteFrom('data_archives').where('id', 'in', ids).execute() : Promise.resolve([]);
}
