import type { Db } from '../db/database';
import type { Account } from '../db/schema';
import { normaliseDocument, isValidDocument } from '../contract/spanishDocuments';
import { addMonths } from '../measurements/dates';
import { type DataKind, initialsOf, maskedDocument, PERSON_WITH_PERMISSION } from './accessRecords';
import { holderDisplayName, streetOf } from './display';
import type { VisibleSupply } from './scope';

/**
 * Permissions for someone you trust (issue 28, DECISIONS "Data access and consent"): a holder's account lets
 * the person with a NIF/NIE/CIF read chosen supplies from their own customer account, within dates and a
 * scope. The reads themselves pass through scope.ts findVisibleContract, which asks grantedContract below.
 */

export type GrantScope = 'consumo' | 'consumo_facturas';

/** A permission lasts at most two years from its start. */
export const GRANT_MAX_MONTHS = 24;

export const GRANT_ERRORS = {
  document: 'El NIF/NIE/CIF no es válido: compruebe el número y su letra o dígito de control.',
  endBeforeStart: 'La fecha de fin debe ser posterior a la fecha de inicio.',
  startInPast: 'La fecha de inicio no puede ser anterior a hoy.',
  overTwoYears: 'El permiso no puede durar más de dos años.',
  notTheirs: 'Alguno de los suministros elegidos no es suyo.',
  noSupplies: 'Elija al menos un suministro.',
  themselves: 'No puede darse permiso a sí mismo.',
} as const;

/** Why a grantee's call is refused (a 403 with the text; the SPA shows it as it is). */
export const GRANTEE_REFUSALS = {
  revoked: 'La persona titular ha revocado su permiso para consultar este suministro.',
  notStarted: 'Su permiso para consultar este suministro todavía no ha empezado.',
  expired: 'Su permiso para consultar este suministro ha caducado.',
  readOnly: 'Con un permiso de acceso solo puede consultar los datos de este suministro, no hacer cambios.',
  noInvoices: 'Su permiso no incluye las facturas ni el contrato de este suministro.',
} as const;

/** A refused read of a granted supply; its message is meant for the person (http/errors.ts sends it). */
export class RefusedRead extends Error {
  readonly statusCode = 403;
  readonly spokenMessage = true;
  constructor(message: string) {
    super(message);
    this.name = 'RefusedRead';
  }
}

/** The document a customer account signs in with: its holder's NIF, else the one given at sign-up. */
export async function documentOfAccount(db: Db, account: Account): Promise<string | null> {
  if (account.realm !== 'cliente') return null;
  if (account.holder_id !== null) {
    const holder = await db
      .selectFrom('holders')
      .select('nif')
      .where('id', '=', account.holder_id)
      .executeTakeFirst();
    if (holder) return normaliseDocument(holder.nif);
  }
  return account.document_number ? normaliseDocument(account.document_number) : null;
}

export interface GrantInput {
  document: string;
  /** Contract codes; null: every supply. */
  contracts: string[] | null;
  startsOn: string;
  endsOn: string;
  scope: GrantScope;
}

/** The first rule the input breaks (a Spanish text), or the contracts it covers. */
export async function checkGrant(
  db: Db,
  account: Account,
  input: GrantInput,
  today: string,
  /** What the account may grant: scope.ts visibleSupplies. */
  supplies: VisibleSupply[],
): Promise<{ error: string } | { contractIds: number[]; holderIds: number[]; document: string }> {
  const document = normaliseDocument(input.document);
  if (!isValidDocument(document)) return { error: GRANT_ERRORS.document };
  if (input.startsOn < today) return { error: GRANT_ERRORS.startInPast };
  if (input.endsOn <= input.startsOn) return { error: GRANT_ERRORS.endBeforeStart };
  if (input.endsOn > addMonths(input.startsOn, GRANT_MAX_MONTHS)) return { error: GRANT_ERRORS.overTwoYears };
  const own = await documentOfAccount(db, account);
  if (own === document) return { error: GRANT_ERRORS.themselves };
  let chosen = supplies;
  if (input.contracts) {
    const codes = new Set(input.contracts.map((code) => code.trim()));
    chosen = supplies.filter((supply) => codes.has(supply.code));
    if (chosen.length < codes.size) return { error: GRANT_ERRORS.notTheirs };
  }
  if (!chosen.length) return { error: GRANT_ERRORS.noSupplies };
  // A holder among the chosen supplies' holders is the person themselves (an administrator's client).
  const holders = await db
    .selectFrom('holders')
    .select(['id', 'nif'])
    .where('id', 'in', [...new Set(chosen.map((supply) => supply.holder_id))])
    .execute();
  if (holders.some((holder) => normaliseDocument(holder.nif) === document)) {
    return { error: GRANT_ERRORS.themselves };
  }
  return {
    contractIds: chosen.map((supply) => supply.id),
    holderIds: holders.map((holder) => holder.id),
    document,
  };
}

/** What the grant's history says in the record of who looked. */
export type GrantEvent = Extract<DataKind, 'Permiso concedido' | 'Permiso revocado' | 'Permiso caducado'>;

/** The person a permission names, as the record shows them: their account's initials when they have one. */
async function granteeActor(db: Db, document: string) {
  const account = await granteeAccount(db, document);
  return {
    actor_kind: PERSON_WITH_PERMISSION,
    actor_initials: account
      ? initialsOf(`${account.given_name} ${account.family_name} ${account.last_name}`)
      : '',
    actor_document: maskedDocument(document),
  };
}

/** The customer account signing in with the document, if any (the grantee's e-mail). */
export async function granteeAccount(db: Db, document: string) {
  return db
    .selectFrom('accounts')
    .leftJoin('holders', 'holders.id', 'accounts.holder_id')
    .select([
      'accounts.id',
      'accounts.email',
      'accounts.given_name',
      'accounts.family_name',
      'accounts.last_name',
    ])
    .where('accounts.realm', '=', 'cliente')
    .where((eb) => eb.or([eb('holders.nif', '=', document), eb('accounts.document_number', '=', document)]))
    .orderBy('accounts.id')
    .executeTakeFirst();
}

/** One history line per supply of the grant, in the holders' record of who looked. */
export async function recordGrantEvent(db: Db, grantId: number, event: GrantEvent, at: Date): Promise<void> {
  const grant = await db
    .selectFrom('access_grants')
    .select('grantee_document')
    .where('id', '=', grantId)
    .executeTakeFirstOrThrow();
  const actor = await granteeActor(db, grant.grantee_document);
  const supplies = await db
    .selectFrom('access_grant_contracts')
    .innerJoin('contracts', 'contracts.id', 'access_grant_contracts.contract_id')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .select(['contracts.id', 'contracts.holder_id', 'supply_points.cups'])
    .where('access_grant_contracts.grant_id', '=', grantId)
    .execute();
  if (!supplies.length) return;
  await db
    .insertInto('access_records')
    .values(
      supplies.map((supply) => ({
        holder_id: supply.holder_id,
        contract_id: supply.id,
        cups: supply.cups,
        ...actor,
        data_kind: event,
        created_at: at.toISOString(),
      })),
    )
    .execute();
}

/** Stores a checked grant and its history line; answers its id. Pass the transaction that queues its e-mails. */
export async function insertGrant(
  db: Db,
  account: Account,
  checked: { contractIds: number[]; document: string },
  input: GrantInput,
  now: Date,
): Promise<number> {
  const { id } = await db
    .insertInto('access_grants')
    .values({
      account_id: account.id,
      grantee_document: checked.document,
      all_supplies: input.contracts ? 0 : 1,
      scope: input.scope,
      starts_on: input.startsOn,
      ends_on: input.endsOn,
      created_at: now.toISOString(),
      revoked_at: null,
      expired_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('access_grant_contracts')
    .values(checked.contractIds.map((contractId) => ({ grant_id: id, contract_id: contractId })))
    .execute();
  await recordGrantEvent(db, id, 'Permiso concedido', now);
  return id;
}

/** The supplies of some grants, by grant id. */
async function suppliesOf(db: Db, grantIds: number[]) {
  const bySupply = new Map<number, { code: string; cups: string; address: string; line: string }[]>();
  if (!grantIds.length) return bySupply;
  const rows = await db
    .selectFrom('access_grant_contracts')
    .innerJoin('contracts', 'contracts.id', 'access_grant_contracts.contract_id')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .select([
      'access_grant_contracts.grant_id',
      'contracts.code',
      'contracts.line',
      'supply_points.cups',
      'supply_points.street',
      'supply_points.number',
      'supply_points.extension',
      'supply_points.city',
    ])
    .where('access_grant_contracts.grant_id', 'in', grantIds)
    .orderBy('contracts.id')
    .execute();
  for (const row of rows) {
    const list = bySupply.get(row.grant_id) ?? [];
    list.push({ code: row.code, cups: row.cups, line: row.line, address: `${streetOf(row)}, ${row.city}` });
    bySupply.set(row.grant_id, list);
  }
  return bySupply;
}

/** A grant's state on a day: revoked, not started, expired or in force. */
export function grantState(
  grant: { revoked_at: string | null; starts_on: string; ends_on: string },
  today: string,
): 'revocado' | 'pendiente' | 'caducado' | 'vigente' {
  if (grant.revoked_at) return 'revocado';
  if (today < grant.starts_on) return 'pendiente';
  if (today > grant.ends_on) return 'caducado';
  return 'vigente';
}

const GRANT_COLUMNS = [
  'access_grants.id',
  'access_grants.account_id',
  'access_grants.grantee_document',
  'access_grants.all_supplies',
  'access_grants.scope',
  'access_grants.starts_on',
  'access_grants.ends_on',
  'access_grants.created_at',
  'access_grants.revoked_at',
  'access_grants.expired_at',
] as const;

/** The account's grants, newest first, with their supplies. */
export async function grantsOfAccount(db: Db, account: Account) {
  const grants = await db
    .selectFrom('access_grants')
    .select(GRANT_COLUMNS)
    .where('account_id', '=', account.id)
    .orderBy('id', 'desc')
    .execute();
  const supplies = await suppliesOf(
    db,
    grants.map((grant) => grant.id),
  );
  return grants.map((grant) => ({ ...grant, supplies: supplies.get(grant.id) ?? [] }));
}

/** Revokes one of the account's grants still not revoked nor expired; answers whether it did. */
export async function revokeGrant(db: Db, account: Account, grantId: number, now: Date, today: string) {
  const result = await db
    .updateTable('access_grants')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', grantId)
    .where('account_id', '=', account.id)
    .where('revoked_at', 'is', null)
    .where('ends_on', '>=', today)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await recordGrantEvent(db, grantId, 'Permiso revocado', now);
  return true;
}

/** The grantor's name for e-mails and the grantee's list (the first holder of the grant, or the account). */
async function grantorOf(db: Db, grantId: number) {
  const holder = await db
    .selectFrom('access_grant_contracts')
    .innerJoin('contracts', 'contracts.id', 'access_grant_contracts.contract_id')
    .innerJoin('holders', 'holders.id', 'contracts.holder_id')
    .select([
      'holders.name as holder_name',
      'holders.first_surname as holder_first_surname',
      'holders.second_surname as holder_second_surname',
    ])
    .where('access_grant_contracts.grant_id', '=', grantId)
    .orderBy('contracts.id')
    .executeTakeFirst();
  return holder ? holderDisplayName(holder) : '';
}

/** The grants naming the account's document that are in force today, with the holder's initials and supplies. */
export async function grantsToAccount(db: Db, account: Account, today: string) {
  const document = await documentOfAccount(db, account);
  if (!document) return [];
  const grants = await db
    .selectFrom('access_grants')
    .select(GRANT_COLUMNS)
    .where('grantee_document', '=', document)
    .where('revoked_at', 'is', null)
    .where('starts_on', '<=', today)
    .where('ends_on', '>=', today)
    .orderBy('id', 'desc')
    .execute();
  const supplies = await suppliesOf(
    db,
    grants.map((grant) => grant.id),
  );
  return Promise.all(
    grants.map(async (grant) => ({
      ...grant,
      holderInitials: initialsOf(await grantorOf(db, grant.id)),
      supplies: supplies.get(grant.id) ?? [],
    })),
  );
}

/**
 * A contract another holder granted to the account's document, by its code, with the grant to judge the call
 * by: one in force if any, else the latest (so a revoked or expired one can say why). Undefined when no grant
 * ever named this contract for the account.
 */
export async function grantedContract(db: Db, account: Account, code: string) {
  const document = await documentOfAccount(db, account);
  if (!document) return undefined;
  const grants = await db
    .selectFrom('access_grants')
    .innerJoin('access_grant_contracts', 'access_grant_contracts.grant_id', 'access_grants.id')
    .innerJoin('contracts', 'contracts.id', 'access_grant_contracts.contract_id')
    .select([...GRANT_COLUMNS, 'contracts.id as contract_id'])
    .where('access_grants.grantee_document', '=', document)
    .where('contracts.code', '=', code)
    .orderBy('access_grants.id', 'desc')
    .execute();
  return grants.length ? grants : undefined;
}

/** The grants past their end that nobody has told about yet (the daily job). */
export function unannouncedExpiredGrants(db: Db, today: string) {
  return db
    .selectFrom('access_grants')
    .select(GRANT_COLUMNS)
    .where('ends_on', '<', today)
    .where('revoked_at', 'is', null)
    .where('expired_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** Marks a grant expired once (whichever process gets there first); answers whether this call did. */
export async function markGrantExpired(db: Db, grantId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('access_grants')
    .set({ expired_at: now.toISOString() })
    .where('id', '=', grantId)
    .where('expired_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await recordGrantEvent(db, grantId, 'Permiso caducado', now);
  return true;
}

/** The holder's account (its e-mail and name) of a grant. */
export function grantHolderAccount(db: Db, grantId: number) {
  return db
    .selectFrom('access_grants')
    .innerJoin('accounts', 'accounts.id', 'access_grants.account_id')
    .select(['accounts.email', 'accounts.given_name'])
    .where('access_grants.id', '=', grantId)
    .executeTakeFirstOrThrow();
}

export { grantorOf };
