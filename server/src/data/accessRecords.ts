import { AsyncLocalStorage } from 'node:async_hooks';

import type { Db } from '../db/database';
import type { Account } from '../db/schema';
import { serverNow } from '../clock';

/**
 * The record of who looked (issue 28; Implementing Regulation (EU) 2023/1162 arts. 7–8): every read of a supply's
 * data by someone other than its holder appends one row. It is written at one place, where a route finds the
 * supply it is asked about (scope.ts findVisibleContract); what was read is told by the call being answered,
 * which the signed-in routes note once for every request (routes/index.ts).
 */

/** What the holder sees a read as: the kinds of data of the issue, and the contract's own facts. */
export type DataKind =
  | 'Curva de carga'
  | 'Telemedida'
  | 'Facturas'
  | 'Certificado'
  | 'Descarga de documento'
  | 'Datos del contrato'
  // A permission's history (grants.ts), in the same record.
  | 'Permiso concedido'
  | 'Permiso revocado'
  | 'Permiso caducado';

/** The data each supply call reads, by its route under the realm's prefix (the first match; a file is a document). */
const KIND_BY_ROUTE: [RegExp, DataKind][] = [
  [/\/ov\/invoices\/api\/pdf\//, 'Descarga de documento'],
  [/\/ov\/invoices\/api\//, 'Facturas'],
  [/\/ov\/cups\/api\/curvas/, 'Curva de carga'],
  [/\/ov\/cups\/api\/telemetry/, 'Telemedida'],
  [/\/ov\/contracts\/api\/consumptionsCertified/, 'Certificado'],
  [/\/ov\/(contracts\/api\/contractCode|contracts\/fullbilling|consumptions\/api\/fullbilling)/, 'Facturas'],
  [/\/ov\/contracts\/api\/getPriceMinAndMaxInvoices/, 'Facturas'],
];

/** The call a read belongs to: its route (never its query string) and whether it answers a file. */
interface ReadingCall {
  route: string;
  /** GET for a read; anything else writes. */
  method: string;
  download: boolean;
  /** Contracts already recorded for this call: one call is one read of each supply. */
  recorded: Set<number>;
}

const calls = new AsyncLocalStorage<ReadingCall>();

/** Runs the rest of a signed-in call within its reading context (a callback-style onRequest hook). */
export function readingCall(route: string, method: string, output: unknown, next: () => void) {
  const download = typeof output === 'string' && output !== 'json';
  calls.run({ route, method, download, recorded: new Set() }, next);
}

/** The signed-in call being answered, if any (none in jobs). */
export const currentCall = (): Readonly<Pick<ReadingCall, 'route' | 'method' | 'download'>> | undefined =>
  calls.getStore();

/** Whether a call reads invoices or the contract's document: what a consumption-only permission leaves out. */
export function readsInvoices(call: Pick<ReadingCall, 'route' | 'download'>): boolean {
  if (/\/ov\/contracts\/:id$/.test(call.route)) return call.download;
  return KIND_BY_ROUTE.find(([pattern]) => pattern.test(call.route))?.[1] === 'Facturas';
}

export function dataKindOf(call: Pick<ReadingCall, 'route' | 'download'>): DataKind {
  if (call.download) return 'Descarga de documento';
  return KIND_BY_ROUTE.find(([pattern]) => pattern.test(call.route))?.[1] ?? 'Datos del contrato';
}

/** "A. G.": the initials of a name's capitalised words, at most three. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^\p{Lu}/u.test(word));
  return words
    .slice(0, 3)
    .map((word) => `${word[0]}.`)
    .join(' ');
}

/** "***4567Z": only the document's last five characters. */
export const maskedDocument = (document: string) => `***${document.trim().toUpperCase().slice(-5)}`;

/** Who a grantee is in the record. */
export const PERSON_WITH_PERMISSION = 'Persona autorizada';

interface Actor {
  kind: string;
  initials: string;
  document: string;
}

// An administrator's name and NIF do not change between its calls: read once per process.
const administratorActors = new Map<number, Actor>();
const MAX_ACTORS = 10_000;

async function actorOf(db: Db, account: Account): Promise<Actor | null> {
  // A customer reaches another holder's supply only through a permission (grants.ts): a trusted person.
  if (account.realm === 'cliente') {
    const holder =
      account.holder_id === null
        ? undefined
        : await db.selectFrom('holders').select('nif').where('id', '=', account.holder_id).executeTakeFirst();
    const document = holder?.nif ?? account.document_number;
    return {
      kind: PERSON_WITH_PERMISSION,
      initials: initialsOf(`${account.given_name} ${account.family_name} ${account.last_name}`),
      document: document ? maskedDocument(document) : '',
    };
  }
  if (account.realm !== 'fincas' || account.administrator_id === null) return null;
  const id = account.administrator_id;
  let actor = administratorActors.get(id);
  if (!actor) {
    const row = await db
      .selectFrom('administrators')
      .select(['name', 'nif'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    actor = {
      kind: 'Administrador de fincas',
      initials: initialsOf(row.name),
      document: maskedDocument(row.nif),
    };
    if (administratorActors.size >= MAX_ACTORS) administratorActors.clear();
    administratorActors.set(id, actor);
  }
  return actor;
}

/**
 * Appends the read of a supply when the account is not its holder (an administrator reading a client's supply),
 * once per call and supply. Outside a signed-in call (jobs, documents of the account's own archive) nothing.
 */
export async function recordSupplyRead(
  db: Db,
  account: Account,
  contract: { id: number; holder_id: number; cups: string },
): Promise<void> {
  const call = calls.getStore();
  if (!call || contract.holder_id === account.holder_id || call.recorded.has(contract.id)) return;
  const actor = await actorOf(db, account);
  if (!actor) return;
  call.recorded.add(contract.id);
  await db
    .insertInto('access_records')
    .values({
      holder_id: contract.holder_id,
      contract_id: contract.id,
      cups: contract.cups,
      actor_kind: actor.kind,
      actor_initials: actor.initials,
      actor_document: actor.document,
      data_kind: dataKindOf(call),
      created_at: serverNow().toISOString(),
    })
    .execute();
}

/**
 * The supplies of a page of invoices read by an administrator (the all-invoices lists): one record per
 * supply. A customer's lists hold only its own holder's invoices, so they are never recorded.
 */
export async function recordInvoiceReads(db: Db, account: Account, invoiceIds: number[]): Promise<void> {
  if (account.realm !== 'fincas' || !invoiceIds.length || !calls.getStore()) return;
  const supplies = await db
    .selectFrom('invoices')
    .innerJoin('contracts', 'contracts.id', 'invoices.contract_id')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .select(['contracts.id', 'contracts.holder_id', 'supply_points.cups'])
    .distinct()
    .where('invoices.id', 'in', invoiceIds)
    .orderBy('contracts.id')
    .execute();
  for (const supply of supplies) await recordSupplyRead(db, account, supply);
}

/** Records are kept two years. */
export const RECORD_YEARS = 2;

/** The daily purge: records older than two years go. Answers how many. */
export async function purgeAccessRecords(db: Db, now: Date): Promise<number> {
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() - RECORD_YEARS);
  const result = await db
    .deleteFrom('access_records')
    .where('created_at', '<', limit.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface RecordFilters {
  holderId: number;
  cups: string | null;
  /** Local dates 'YYYY-MM-DD', both included; compared on the stored instant's UTC date. */
  from: string | null;
  until: string | null;
}

function filtered(db: Db, filters: RecordFilters) {
  let query = db.selectFrom('access_records').where('holder_id', '=', filters.holderId);
  if (filters.cups) query = query.where('cups', '=', filters.cups);
  if (filters.from) query = query.where('created_at', '>=', `${filters.from}T00:00:00.000Z`);
  if (filters.until) query = query.where('created_at', '<=', `${filters.until}T23:59:59.999Z`);
  return query;
}

/** One page of the holder's record, newest first, and how many there are in all. */
export async function accessRecordPage(db: Db, filters: RecordFilters, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    filtered(db, filters)
      .select(['id', 'cups', 'actor_kind', 'actor_initials', 'actor_document', 'data_kind', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    filtered(db, filters)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export type AccessRecordRow = Awaited<ReturnType<typeof accessRecordPage>>['rows'][number];
