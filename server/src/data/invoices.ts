import { CompiledQuery, type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';

import { listItemsSql } from '../caches';
import { type Db, isPostgres } from '../db/database';
import type { Account, Database, InvoiceKind, Line } from '../db/schema';
import { oneOf } from './oneOf';
import {
  HOLDER_COLUMNS,
  holderIsVisible,
  SUPPLY_POINT_COLUMNS,
  visibleContracts,
  visibleHolderIds,
} from './scope';

/** An invoice's kWh per tariff period, P1 to P6, as its columns are named. */
export const CONSUMPTION_COLUMNS = [
  'consumption_p1',
  'consumption_p2',
  'consumption_p3',
  'consumption_p4',
  'consumption_p5',
  'consumption_p6',
] as const;

export const LINES: readonly Line[] = ['Electricidad', 'Gas'];
/** What the all-invoices lists show: simple and unified invoices, never the proformas of a unified one. */
export const LISTED_KINDS: readonly InvoiceKind[] = ['F', 'U'];
/** What a product's own list shows: its simple invoices and its proformas. */
export const PRODUCT_KINDS: readonly InvoiceKind[] = ['F', 'P'];

export interface InvoiceFilters {
  from: string | null;
  until: string | null;
  lines: readonly Line[];
  kinds: readonly InvoiceKind[];
  /** Resolved contract ids (contract, cups or product filters); null = every visible contract. */
  contractIds: number[] | null;
  /** Resolved holder ids (cif filter); null = every visible holder. */
  holderIds: number[] | null;
  invoice: string | null;
  minPrice: number | null;
  maxPrice: number | null;
}

/** Numbers, CUPS and NIFs as typed compare without spaces and in upper case. */
export const normalise = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/** Contract ids of the account matching a contract code (codAbonado) or distributor number (none: not its own). */
export async function contractIdsByCode(db: Db, account: Account, code: string): Promise<number[]> {
  const text = code.trim();
  const rows = await visibleContracts(db, account)
    .select('contracts.id')
    .where((eb) => eb.or([eb('contracts.code', '=', text), eb('contracts.sicom_code', '=', text)]))
    .execute();
  return rows.map((row) => row.id);
}

/** CUPS are 20 characters plus an optional two-character border point suffix ('0F'): match both forms. */
export function cupsForms(cups: string): string[] {
  const text = normalise(cups);
  return text.length === 22 ? [text, text.slice(0, 20)] : [text, `${text}0F`];
}

/** Contract ids of the account whose supply point is the CUPS (none: not its own). */
export async function contractIdsByCups(db: Db, account: Account, cups: string): Promise<number[]> {
  const rows = await visibleContracts(db, account)
    .select('contracts.id')
    .where('supply_points.cups', 'in', cupsForms(cups))
    .execute();
  return rows.map((row) => row.id);
}

/** Ids of the account's holders with the NIF (none: not its own). */
export async function holderIdsByNif(db: Db, account: Account, nif: string): Promise<number[]> {
  const rows = await db
    .selectFrom('holders')
    .select('id')
    .where('nif', '=', normalise(nif))
    .where('id', 'in', visibleHolderIds(db, account))
    .execute();
  return rows.map((row) => row.id);
}

export type InvoiceQuery<O> = SelectQueryBuilder<Database, 'invoices', O>;

/** An invoice number as typed: the number, or series and number, of the invoice or of its unified invoice. */
function matchesNumber(eb: ExpressionBuilder<Database, 'invoices'>, text: string) {
  const split = /^([A-Z]+)(\d+)$/.exec(text);
  if (split) {
    const [, serie, number] = split;
    return eb.or([
      eb.and([eb('invoices.serie', '=', serie), eb('invoices.bill_number', '=', number)]),
      eb.and([eb('invoices.serie_unica', '=', serie), eb('invoices.numero_unica', '=', number)]),
    ]);
  }
  return eb.or([eb('invoices.bill_number', '=', text), eb('invoices.numero_unica', '=', text)]);
}

/**
 * The account's invoices matching the filters. Scoping is by holder (visibleHolderIds), so no filter can
 * widen it. `walkDates`: the query will walk the launch-date index (invoiceSearch/position.ts).
 */
export function filteredInvoices(db: Db, account: Account, filters: InvoiceFilters, walkDates = false) {
  // SQLite reads `+column` as "no index for this term": a walk along the launch dates must not be turned into
  // a search per holder (or per line, when both are asked). PostgreSQL plans from its statistics.
  const hint = walkDates && !isPostgres(db);
  const holder = hint
    ? sql<number>`+${sql.ref('invoices.holder_id')}`
    : sql.ref<number>('invoices.holder_id');
  const line =
    hint && filters.lines.length > 1
      ? sql<Line>`+${sql.ref('invoices.line')}`
      : sql.ref<Line>('invoices.line');
  let query: InvoiceQuery<object> = db
    .selectFrom('invoices')
    // Walking, the holder is checked per invoice read: see holderIsVisible.
    .where((eb) => (hint ? holderIsVisible(eb, account) : eb(holder, 'in', visibleHolderIds(db, account))))
    .where(oneOf(line, filters.lines))
    .where(oneOf(sql.ref<InvoiceKind>('invoices.kind'), filters.kinds));
  if (filters.holderIds) query = query.where(oneOf(holder, filters.holderIds));
  if (filters.contractIds) {
    query = query.where(
      'invoices.contract_id',
      'in',
      filters.contractIds.length ? filters.contractIds : [-1],
    );
  }
  if (filters.invoice) {
    const text = filters.invoice;
    query = query.where((eb) => matchesNumber(eb, text));
  }
  if (filters.from) query = query.where('invoices.launch_date', '>=', filters.from);
  if (filters.until) query = query.where('invoices.launch_date', '<=', filters.until);
  if (filters.minPrice !== null) query = query.where('invoices.amount', '>=', filters.minPrice);
  if (filters.maxPrice !== null) query = query.where('invoices.amount', '<=', filters.maxPrice);
  return query;
}

/** Invoices joined to their contract, supply point and holder. */
function withParties(db: Db) {
  return db
    .selectFrom('invoices')
    .innerJoin('contracts', 'contracts.id', 'invoices.contract_id')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .innerJoin('holders', 'holders.id', 'invoices.holder_id');
}

/** Everything an invoice item, file or sheet shows: the invoice with its contract, supply point and holder. */
export function invoiceDetails(db: Db) {
  return withParties(db)
    .selectAll('invoices')
    .select([
      'contracts.code as contract_code',
      'contracts.sicom_code',
      'contracts.power_p1',
      'contracts.caudal',
      ...SUPPLY_POINT_COLUMNS,
      ...HOLDER_COLUMNS,
    ]);
}

export type InvoiceDetail = Awaited<ReturnType<ReturnType<typeof invoiceDetails>['executeTakeFirstOrThrow']>>;

/** Details of the given ids in the given order. */
export async function detailsOf(db: Db, ids: number[]): Promise<InvoiceDetail[]> {
  if (!ids.length) return [];
  const rows = await invoiceDetails(db).where('invoices.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

/** The columns an Invoice item of a list shows (invoiceItem), from the invoice and its parties. */
export const LIST_ITEM_COLUMNS = [
  'invoices.id',
  'invoices.line',
  'invoices.kind',
  'invoices.serie',
  'invoices.bill_number',
  'invoices.serie_unica',
  'invoices.numero_unica',
  'invoices.category',
  'invoices.launch_date',
  'invoices.reading_from',
  'invoices.reading_until',
  'invoices.amount',
  'invoices.currency',
  'invoices.can_download',
  'invoices.has_proformas',
  'invoices.tariff',
  'invoices.consumption_kwh',
  'contracts.code as contract_code',
  'contracts.sicom_code',
  'supply_points.cups',
  'supply_points.street',
  'supply_points.number',
  'supply_points.extension',
  'holders.nif as holder_nif',
] as const;

function listItemsQuery(db: Db, ids: number[]) {
  return withParties(db).select(LIST_ITEM_COLUMNS).where('invoices.id', 'in', ids);
}

/**
 * What an Invoice item of a list shows (invoiceItem) of the given ids, in the given order: half the columns
 * of invoiceDetails, and reading the other half was a third of a list call's database time. The SQL depends
 * only on how many ids there are, so it is built and compiled once per count.
 */
export async function listItemsOf(db: Db, ids: number[]): Promise<ListedInvoice[]> {
  if (!ids.length) return [];
  const byCount = listItemsSql(db);
  let text = byCount.get(ids.length);
  if (text === undefined) {
    const compiled = listItemsQuery(db, ids).compile();
    if (compiled.parameters.length !== ids.length || compiled.parameters.some((id, i) => id !== ids[i])) {
      throw new Error('listItemsQuery: los parámetros no son los ids');
    }
    byCount.set(ids.length, (text = compiled.sql));
  }
  const { rows } = await db.executeQuery<ListedInvoice>(CompiledQuery.raw(text, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

/** The columns an Invoice item shows. */
export type ListedInvoice = Pick<
  InvoiceDetail,
  | 'id'
  | 'line'
  | 'kind'
  | 'serie'
  | 'bill_number'
  | 'serie_unica'
  | 'numero_unica'
  | 'category'
  | 'launch_date'
  | 'reading_from'
  | 'reading_until'
  | 'amount'
  | 'currency'
  | 'can_download'
  | 'has_proformas'
  | 'tariff'
  | 'consumption_kwh'
  | 'contract_code'
  | 'sicom_code'
  | 'cups'
  | 'street'
  | 'number'
  | 'extension'
  | 'holder_nif'
>;

/** A unified invoice of the account by series and number (and line), with its proformas; null if none. */
export async function findUnifiedInvoice(
  db: Db,
  account: Account,
  serie: string,
  numero: string,
  line: Line | null,
) {
  let query = invoiceDetails(db)
    .where('invoices.holder_id', 'in', visibleHolderIds(db, account))
    .where('invoices.numero_unica', '=', numero.trim())
    .where('invoices.serie_unica', '=', serie.trim().toUpperCase());
  if (line) query = query.where('invoices.line', '=', line);
  const rows = await query.orderBy('invoices.id').execute();
  const unified = rows.find((row) => row.kind === 'U');
  if (!unified) return null;
  return { unified, proformas: rows.filter((row) => row.kind === 'P' && row.line === unified.line) };
}

/** The unified invoice named by a series and number: its own, or one of its proformas'. */
export async function unifiedByAnyNumber(
  db: Db,
  account: Account,
  serie: string,
  numero: string,
  line: Line | null,
) {
  const proforma = await filteredInvoices(db, account, {
    from: null,
    until: null,
    lines: line ? [line] : LINES,
    kinds: ['P'],
    contractIds: null,
    holderIds: null,
    invoice: normalise(`${serie}${numero}`),
    minPrice: null,
    maxPrice: null,
  })
    .select(['invoices.serie_unica', 'invoices.numero_unica'])
    .executeTakeFirst();
  if (proforma) return findUnifiedInvoice(db, account, proforma.serie_unica!, proforma.numero_unica!, line);
  return findUnifiedInvoice(db, account, serie, numero, line);
}

/** One downloadable invoice of the account by id, with its proformas when it is a unified one; null if none. */
export async function findInvoiceWithProformas(db: Db, account: Account, id: number) {
  const invoice = await invoiceDetails(db)
    .where('invoices.id', '=', id)
    .where('invoices.holder_id', 'in', visibleHolderIds(db, account))
    .executeTakeFirst();
  if (!invoice) return null;
  const proformas =
    invoice.kind === 'U'
      ? ((await findUnifiedInvoice(db, account, invoice.serie_unica!, invoice.numero_unica!, invoice.line))
          ?.proformas ?? [])
      : [];
  return { invoice, proformas };
}

/** All the ids an export takes, newest first; the limits are checked before (routes/invoiceQueries.ts). */
export async function exportIds(db: Db, account: Account, filters: InvoiceFilters, limit: number) {
  const rows = await filteredInvoices(db, account, filters)
    .select('invoices.id')
    .orderBy('invoices.launch_date', 'desc')
    .orderBy('invoices.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The details of an export's invoices (exportIds), newest first. */
export async function exportDetails(db: Db, account: Account, filters: InvoiceFilters, limit: number) {
  return detailsOf(db, await exportIds(db, account, filters, limit));
}

/** Default when no invoice exists to take limits from (spec 02 §9). */
export const PRICE_FALLBACK = { minImportClientInvoice: -10000, maxImportClientInvoice: 10000 };

/** Whole-euro limits of the amounts of the matching invoices (floor of the minimum, ceiling of the maximum). */
export async function priceLimits(db: Db, account: Account, filters: InvoiceFilters) {
  const row = await filteredInvoices(db, account, filters)
    .select((eb) => [eb.fn.min('invoices.amount').as('min'), eb.fn.max('invoices.amount').as('max')])
    .executeTakeFirst();
  if (row?.min === null || row?.min === undefined || row.max === null) return PRICE_FALLBACK;
  return {
    minImportClientInvoice: Math.floor(Number(row.min)),
    maxImportClientInvoice: Math.ceil(Number(row.max)),
  };
}

/** How many invoices match and the sum of their amounts. */
export async function countAndSum(db: Db, account: Account, filters: InvoiceFilters) {
  const row = await filteredInvoices(db, account, filters)
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('invoices.amount').as('sum')])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), sum: Number(row.sum ?? 0) };
}
