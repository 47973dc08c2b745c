import type { ExpressionBuilder } from 'kysely';

import type { Db } from '../db/database';
import type { Account, Database } from '../db/schema';
import { serverToday } from '../clock';
import { contractOn } from '../measurements/tolls';
import { currentCall, readsInvoices, recordSupplyRead } from './accessRecords';
import { GRANTEE_REFUSALS, grantedContract, grantState, RefusedRead } from './grants';
import { streetOf } from './display';

/**
 * The holders whose data an account may reach: a customer its own holder, an administrator the clients it
 * manages. Every data query starts from here, so scoping lives in one place.
 */
export function visibleHolderIds(db: Db, account: Account) {
  if (account.realm === 'fincas') {
    return db
      .selectFrom('administrator_clients')
      .select('holder_id')
      .where('administrator_id', '=', account.administrator_id ?? -1);
  }
  return db
    .selectFrom('holders')
    .select('holders.id as holder_id')
    .where('holders.id', '=', account.holder_id ?? -1);
}

/**
 * visibleHolderIds asked invoice by invoice: whether the invoice's holder is one of them. For a walk along the
 * launch dates that stops after a page (a few dozen invoices) one index look-up per invoice is cheaper than
 * listing every client of an administrator first. Selects exactly the holders visibleHolderIds selects.
 */
export function holderIsVisible(eb: ExpressionBuilder<Database, 'invoices'>, account: Account) {
  if (account.realm === 'fincas') {
    return eb.exists(
      eb
        .selectFrom('administrator_clients')
        .select('administrator_clients.holder_id')
        .where('administrator_clients.administrator_id', '=', account.administrator_id ?? -1)
        .whereRef('administrator_clients.holder_id', '=', 'invoices.holder_id'),
    );
  }
  return eb.exists(
    eb
      .selectFrom('holders')
      .select('holders.id')
      .where('holders.id', '=', account.holder_id ?? -1)
      .whereRef('holders.id', '=', 'invoices.holder_id'),
  );
}

/** Contracts (with their supply point) the account may reach. */
export function visibleContracts(db: Db, account: Account) {
  return db
    .selectFrom('contracts')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .innerJoin('holders', 'holders.id', 'contracts.holder_id')
    .where('contracts.holder_id', 'in', visibleHolderIds(db, account));
}

/** The supply point's columns a contract or invoice detail carries. */
export const SUPPLY_POINT_COLUMNS = [
  'supply_points.cups',
  'supply_points.street',
  'supply_points.number',
  'supply_points.extension',
  'supply_points.postal_code',
  'supply_points.city',
  'supply_points.province',
] as const;

/** The holder's columns a contract or invoice detail carries. */
export const HOLDER_COLUMNS = [
  'holders.nif as holder_nif',
  'holders.name as holder_name',
  'holders.first_surname as holder_first_surname',
  'holders.second_surname as holder_second_surname',
] as const;

/**
 * One contract of the account by its code (codAbonado), or undefined: the same whether the contract does not
 * exist or belongs to someone else (the route answers 404 for both). A read by anyone but the holder is
 * recorded (accessRecords.ts). It comes with the toll in force on its last
 * day (tolls.ts): how every screen, document and measurement shows it.
 */
export async function findVisibleContract(db: Db, account: Account, code: string, today = serverToday()) {
  const contract =
    (await visibleContracts(db, account)
      .selectAll('contracts')
      .select([...SUPPLY_POINT_COLUMNS, ...HOLDER_COLUMNS])
      .where('contracts.code', '=', code)
      .executeTakeFirst()) ?? (await grantedRead(db, account, code, today));
  if (!contract) return undefined;
  // The one place a supply's data is reached: a read by someone other than its holder is recorded here.
  await recordSupplyRead(db, account, contract);
  return contractOn(contract, today);
}

/**
 * Another holder's contract that a permission lets the customer read (grants.ts), judged on this call: only
 * reads, within the permission's dates, not revoked, invoices and the contract's document only when in its
 * scope. A refusal throws RefusedRead (a 403 saying why); no permission ever naming it: undefined (a 404).
 */
async function grantedRead(db: Db, account: Account, code: string, today: string) {
  const call = currentCall();
  if (account.realm !== 'cliente' || !call) return undefined;
  const grants = await grantedContract(db, account, code);
  if (!grants) return undefined;
  const inForce = grants.find((grant) => grantState(grant, today) === 'vigente');
  if (!inForce) {
    const state = grantState(grants[0], today);
    throw new RefusedRead(
      state === 'revocado'
        ? GRANTEE_REFUSALS.revoked
        : state === 'pendiente'
          ? GRANTEE_REFUSALS.notStarted
          : GRANTEE_REFUSALS.expired,
    );
  }
  if (call.method !== 'GET' && call.method !== 'HEAD') throw new RefusedRead(GRANTEE_REFUSALS.readOnly);
  if (readsInvoices(call) && inForce.scope !== 'consumo_facturas') {
    throw new RefusedRead(GRANTEE_REFUSALS.noInvoices);
  }
  return db
    .selectFrom('contracts')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .innerJoin('holders', 'holders.id', 'contracts.holder_id')
    .selectAll('contracts')
    .select([...SUPPLY_POINT_COLUMNS, ...HOLDER_COLUMNS])
    .where('contracts.id', '=', inForce.contract_id)
    .executeTakeFirst();
}

/**
 * Whose rows to query a found contract's invoices as: the account itself, or, for a customer reading another
 * holder's contract (only ever through a permission, grantedRead), that holder, which the caller must narrow
 * to this one contract.
 */
export function readerOf(account: Account, contract: { holder_id: number }): Account {
  if (account.realm !== 'cliente' || contract.holder_id === account.holder_id) return account;
  return { ...account, holder_id: contract.holder_id };
}

/** The supplies an account reaches, by CUPS and address: what it may grant (grants.ts). */
export async function visibleSupplies(db: Db, account: Account) {
  const rows = await visibleContracts(db, account)
    .select([
      'contracts.id',
      'contracts.code',
      'contracts.line',
      'contracts.holder_id',
      'supply_points.cups',
      'supply_points.street',
      'supply_points.number',
      'supply_points.extension',
      'supply_points.city',
    ])
    .orderBy('contracts.id')
    .execute();
  return rows.map((row) => ({ ...row, address: `${streetOf(row)}, ${row.city}` }));
}

export type VisibleSupply = Awaited<ReturnType<typeof visibleSupplies>>[number];

export type VisibleContract = NonNullable<Awaited<ReturnType<typeof findVisibleContract>>>;
