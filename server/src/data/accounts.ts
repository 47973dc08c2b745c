import type { Insertable } from 'kysely';

import type { Realm } from '../auth/realm';
import type { Db } from '../db/database';
import type { Account, AccountsTable } from '../db/schema';
import { spendToken, type LiveToken } from './accountTokens';

/**
 * The account of this realm whose user name or e-mail is `value`, compared in lower case; the caller
 * normalises `value` (trimmed, lower case) the way its flow requires.
 */
export function findAccountBy(
  db: Db,
  realm: Realm,
  column: 'username' | 'email',
  value: string,
): Promise<Account | undefined> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('realm', '=', realm)
    .where((eb) => eb(eb.fn('lower', [column]), '=', value))
    .executeTakeFirst();
}

export interface OwnedContract {
  line: string;
  cups: string;
}

export function findAdministratorByNif(db: Db, nif: string) {
  return db.selectFrom('administrators').selectAll().where('nif', '=', nif).executeTakeFirst();
}

export function findHolderByNif(db: Db, nif: string) {
  return db.selectFrom('holders').selectAll().where('nif', '=', nif).executeTakeFirst();
}

/** The contracts of the clients an administrator manages, in contract order. */
export function administratorContracts(db: Db, administratorId: number): Promise<OwnedContract[]> {
  return db
    .selectFrom('contracts')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .innerJoin('administrator_clients', 'administrator_clients.holder_id', 'contracts.holder_id')
    .select(['contracts.line', 'supply_points.cups'])
    .where('administrator_clients.administrator_id', '=', administratorId)
    .orderBy('contracts.id')
    .execute();
}

/** A holder's own contracts, in contract order. */
export function holderContracts(db: Db, holderId: number): Promise<OwnedContract[]> {
  return db
    .selectFrom('contracts')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .select(['contracts.line', 'supply_points.cups'])
    .where('contracts.holder_id', '=', holderId)
    .orderBy('contracts.id')
    .execute();
}

export async function insertAccount(db: Db, values: Insertable<AccountsTable>): Promise<number> {
  const inserted = await db.insertInto('accounts').values(values).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Removes a sign-up whose e-mail could not be sent, with that e-mail, so the user can sign up again. */
export async function removeSignup(db: Db, accountId: number, mailId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('mail_queue').where('id', '=', mailId).execute();
    await trx.deleteFrom('accounts').where('id', '=', accountId).execute();
  });
}

/**
 * Spends a validation or verify-email token and marks its account validated, in one transaction; the
 * account's names, or null when a concurrent request spent the token first.
 */
export async function validateWithToken(
  db: Db,
  live: LiveToken,
): Promise<Pick<Account, 'given_name' | 'last_name'> | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await spendToken(trx, live.tokenId))) return null;
    await trx.updateTable('accounts').set({ validated: 1 }).where('id', '=', live.accountId).execute();
    return trx
      .selectFrom('accounts')
      .select(['given_name', 'last_name'])
      .where('id', '=', live.accountId)
      .executeTakeFirstOrThrow();
  });
}

/** The user name and e-mail of an account: what its password must not contain. */
export function accountWords(db: Db, accountId: number) {
  return db
    .selectFrom('accounts')
    .select(['username', 'email'])
    .where('id', '=', accountId)
    .executeTakeFirst()
    .then((row) => row ?? {});
}

export async function setPasswordHash(db: Db, accountId: number, passwordHash: string): Promise<void> {
  await db.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', accountId).execute();
}

/** Replaces the hash only if it is still `current` (a reset meanwhile wins); whether it was replaced. */
export async function replacePasswordHash(
  db: Db,
  accountId: number,
  current: string,
  replacement: string,
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('accounts')
    .set({ password_hash: replacement })
    .where('id', '=', accountId)
    .where('password_hash', '=', current)
    .executeTakeFirst();
  return Number(numUpdatedRows) === 1;
}
