import { CompiledQuery, type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';

import { type Db, isPostgres } from '../db/database';
import type { Account, Database, InvoiceKind, Line } from '../db/schema';
import { ApiError } from '../http/errors';
import { madridToday } from '../measurements/loadProfile';
import { holderIsVisible, NOT_FOUND_MESSAGE, scopeKey, visibleContracts, visibleHolderIds } from './scope';

/** Invoices per page on every list (DECISIONS "Lists and pagers"). */
export const INVOICE_PAGE_SIZE = 10;
/** The default query shows the latest ten invoices. */
export const DEFAULT_QUERY_SIZE = 10;
export const EXCEL_LIMIT = 1000;
export const PDF_ZIP_LIMIT = 200;
/** No invoice is older than the earliest selectable date (DECISIONS "Dates and numbers"). */
const EARLIEST_LAUNCH_DATE = '2004-01-01';

export const LINES: readonly Line[] = ['Electricidad', 'Gas'];
/** What the all-invoices lists show: simple and unified invoices, never the proformas of a unified one. */
export const LISTED_KINDS: readonly InvoiceKind[] = ['F', 'U'];
/** What a product's own list shows: its simple invoices and its proformas. */
export const PRODUCT_KINDS: readonly InvoiceKind[] = ['F', 'P'];

export const EXPORT_RANGE_MESSAGE = 'Sólo se permite 1 Año como máximo para las exportaciones.';
const BULK_LIMIT_MESSAGE =
  'La descarga masiva de facturas no es posible, ya que los resultados exceden los límites permitidos.';

export function bulkLimitMessage(count: number, limit: 'excel' | 'pdf'): string {
  const broken = limit === 'excel' ? 'EXCEL: 1,000 resultados' : 'PDF, ZIP: 200 resultados';
  return `${BULK_LIMIT_MESSAGE} Resultados actuales ${count}. Límites incumplidos: ${broken}`;
}

export function badInput(detail: string): ApiError {
  return new ApiError(400, 400, `Datos no válidos: ${detail}`);
}

export const notFound = () => new ApiError(404, 404, NOT_FOUND_MESSAGE);

/** Query date text: 'YYYY-MM-DD', or '0'/empty for no bound. */
export const queryDate = { type: 'string', pattern: '^(0|\\d{4}-\\d{2}-\\d{2})?$' } as const;
/** The contract-level fullbilling call sends 'DD-MM-YYYY' (spec 02 §5); ISO is accepted as well. */
export const dashOrQueryDate = {
  type: 'string',
  pattern: '^(0|\\d{2}-\\d{2}-\\d{4}|\\d{4}-\\d{2}-\\d{2})?$',
} as const;
export const shortText = { type: 'string', maxLength: 64 } as const;
export const price = { type: 'number', minimum: -1e9, maximum: 1e9 } as const;
export const pageNumber = { type: 'integer', minimum: 1, maximum: 1_000_000 } as const;

/** A real calendar date from query text, or null for '0'/empty; impossible dates are bad input. */
export function parseQueryDate(value: string | undefined, name: string): string | null {
  if (!value || value === '0') return null;
  const iso = /^\d{2}-\d{2}-\d{4}$/.test(value)
    ? `${value.slice(6)}-${value.slice(3, 5)}-${value.slice(0, 2)}`
    : value;
  const parsed = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso) {
    throw badInput(`la fecha ${name} no es válida`);
  }
  return iso;
}

export function parseLine(value: string | undefined, name = 'line'): Line | null {
  if (value === undefined || value === '') return null;
  const line = LINES.find((candidate) => candidate.toLowerCase() === value.trim().toLowerCase());
  if (!line) throw badInput(`la línea ${name} no es válida`);
  return line;
}

/** A line or 'todo' (both lines): path parameter of the exports and the administrator's Línea filter. */
export function parseLineOrAll(value: string | undefined): { lines: readonly Line[]; label: string } {
  if (!value || value.trim().toLowerCase() === 'todo') return { lines: LINES, label: 'Todo' };
  const line = parseLine(value)!;
  return { lines: [line], label: line };
}

/** True when `until` is more than 12 months after `from` (the same day of the month is still allowed). */
export function exceedsOneYear(from: string, until: string): boolean {
  const [year, month, day] = from.split('-').map(Number);
  const limit = new Date(Date.UTC(year + 1, month - 1, day));
  // 29 February plus a year rolls over to 1 March, which is what "12 months and the day" allows.
  return until > limit.toISOString().slice(0, 10);
}

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

export interface FilterQuery {
  startDate?: string;
  endDate?: string;
  contract?: string;
  cups?: string;
  cif?: string;
  invoice?: string;
  minPrice?: number;
  maxPrice?: number;
}

/** The query properties every invoice list and export accepts. */
export const filterProperties = {
  startDate: queryDate,
  endDate: queryDate,
  contract: shortText,
  cups: shortText,
  cif: shortText,
  invoice: shortText,
  minPrice: price,
  maxPrice: price,
  isDefaultQuery: { type: 'boolean' },
  start: pageNumber,
} as const;

const normalise = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/** Contract ids of the account matching a contract code (codAbonado) or distributor number: 404 if none. */
async function contractIdsByCode(db: Db, account: Account, code: string): Promise<number[]> {
  const text = code.trim();
  const rows = await visibleContracts(db, account)
    .select('contracts.id')
    .where((eb) => eb.or([eb('contracts.code', '=', text), eb('contracts.sicom_code', '=', text)]))
    .execute();
  if (!rows.length) throw notFound();
  return rows.map((row) => row.id);
}

/** CUPS are 20 characters plus an optional two-character border point suffix ('0F'): match both forms. */
export function cupsForms(cups: string): string[] {
  const text = normalise(cups);
  return text.length === 22 ? [text, text.slice(0, 20)] : [text, `${text}0F`];
}

async function contractIdsByCups(db: Db, account: Account, cups: string): Promise<number[]> {
  const rows = await visibleContracts(db, account)
    .select('contracts.id')
    .where('supply_points.cups', 'in', cupsForms(cups))
    .execute();
  if (!rows.length) throw notFound();
  return rows.map((row) => row.id);
}

async function holderIdsByNif(db: Db, account: Account, nif: string): Promise<number[]> {
  const rows = await db
    .selectFrom('holders')
    .select('id')
    .where('nif', '=', normalise(nif))
    .where('id', 'in', visibleHolderIds(db, account))
    .execute();
  if (!rows.length) throw notFound();
  return rows.map((row) => row.id);
}

const intersect = (a: number[] | null, b: number[]) => (a ? a.filter((id) => b.includes(id)) : b);

/**
 * Turns the query into filters, checking on the way that a named contract, CUPS or holder is the
 * account's own (404 otherwise, the same for someone else's and a missing one).
 */
export async function resolveFilters(
  db: Db,
  account: Account,
  query: FilterQuery,
  selection: { lines: readonly Line[]; kinds: readonly InvoiceKind[]; contractIds?: number[] },
): Promise<InvoiceFilters> {
  const from = parseQueryDate(query.startDate, 'startDate');
  const until = parseQueryDate(query.endDate, 'endDate');
  if (from && until && from > until) throw badInput('startDate es posterior a endDate');
  let contractIds: number[] | null = selection.contractIds ?? null;
  if (query.contract?.trim()) {
    contractIds = intersect(contractIds, await contractIdsByCode(db, account, query.contract));
  }
  if (query.cups?.trim()) {
    contractIds = intersect(contractIds, await contractIdsByCups(db, account, query.cups));
  }
  const holderIds = query.cif?.trim() ? await holderIdsByNif(db, account, query.cif) : null;
  return {
    from,
    until,
    lines: selection.lines,
    kinds: selection.kinds,
    contractIds,
    holderIds,
    invoice: query.invoice?.trim() ? normalise(query.invoice) : null,
    minPrice: query.minPrice ?? null,
    maxPrice: query.maxPrice ?? null,
  };
}

type InvoiceQuery<O> = SelectQueryBuilder<Database, 'invoices', O>;

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
 * widen it. `withDates` false leaves dates and prices out (the default query).
 */
export function filteredInvoices(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  withDates = true,
  walkDates = false,
) {
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
    .where(line, 'in', [...filters.lines])
    .where('invoices.kind', 'in', [...filters.kinds]);
  if (filters.holderIds) query = query.where(holder, 'in', filters.holderIds);
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
  if (withDates) {
    if (filters.from) query = query.where('invoices.launch_date', '>=', filters.from);
    if (filters.until) query = query.where('invoices.launch_date', '<=', filters.until);
    if (filters.minPrice !== null) query = query.where('invoices.amount', '>=', filters.minPrice);
    if (filters.maxPrice !== null) query = query.where('invoices.amount', '<=', filters.maxPrice);
  }
  return query;
}

export interface LineCounts {
  Electricidad: number;
  Gas: number;
}

/**
 * Counts per line, one plain count per line: a GROUP BY would sort every matching index entry, which
 * for an administrator's hundreds of thousands of invoices costs more than the count itself.
 */
export async function countByLine(db: Db, account: Account, filters: InvoiceFilters): Promise<LineCounts> {
  const counts: LineCounts = { Electricidad: 0, Gas: 0 };
  for (const line of filters.lines) {
    counts[line] = await countMatches(db, account, { ...filters, lines: [line] });
  }
  return counts;
}

/**
 * Counts of recent searches, per database. Paging through a search repeats its counts on every page, and an
 * administrator's count reads every matching index entry (hundreds of thousands); the reference server
 * writes invoices only when it seeds, so a count stays true. The key is the caller's scope (scopeKey: which
 * holders visibleHolderIds selects) and every filter, so a count is only ever reused for the same selection;
 * building and compiling the query just to name it cost more than a cached count saves. Kept short-lived and
 * bounded all the same.
 */
const COUNT_CACHE_TTL_MS = 60_000;
const COUNT_CACHE_SIZE = 2_000;
const countCaches = new WeakMap<Db, Map<string, { count: number; at: number }>>();

/** Filters as text; undefined stays apart from null (filteredInvoices treats them differently). */
const filtersKey = (filters: object) =>
  JSON.stringify(filters, (_key, value: unknown) => (value === undefined ? '\u0000undefined' : value));

async function countOf(db: Db, key: string, selection: () => InvoiceQuery<object>): Promise<number> {
  let cache = countCaches.get(db);
  if (!cache) countCaches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < COUNT_CACHE_TTL_MS) return hit.count;
  const row = await selection()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  cache.delete(key);
  cache.set(key, { count, at: Date.now() });
  if (cache.size > COUNT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return count;
}

/** How many of the account's invoices match the filters (filteredInvoices with its dates and prices). */
function countMatches(db: Db, account: Account, filters: InvoiceFilters): Promise<number> {
  return countOf(db, `matches|${scopeKey(account)}|${filtersKey(filters)}`, () =>
    filteredInvoices(db, account, filters),
  );
}

/** Everything an invoice item, file or sheet shows: the invoice with its contract, supply point and holder. */
export function invoiceDetails(db: Db) {
  return db
    .selectFrom('invoices')
    .innerJoin('contracts', 'contracts.id', 'invoices.contract_id')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .innerJoin('holders', 'holders.id', 'invoices.holder_id')
    .selectAll('invoices')
    .select([
      'contracts.code as contract_code',
      'contracts.sicom_code',
      'contracts.power_p1',
      'contracts.caudal',
      'supply_points.cups',
      'supply_points.street',
      'supply_points.number',
      'supply_points.extension',
      'supply_points.postal_code',
      'supply_points.city',
      'supply_points.province',
      'holders.nif as holder_nif',
      'holders.name as holder_name',
      'holders.first_surname as holder_first_surname',
      'holders.second_surname as holder_second_surname',
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

function listItemsQuery(db: Db, ids: number[]) {
  return db
    .selectFrom('invoices')
    .innerJoin('contracts', 'contracts.id', 'invoices.contract_id')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .innerJoin('holders', 'holders.id', 'invoices.holder_id')
    .select([
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
      'contracts.code as contract_code',
      'contracts.sicom_code',
      'supply_points.cups',
      'supply_points.street',
      'supply_points.number',
      'supply_points.extension',
      'holders.nif as holder_nif',
    ])
    .where('invoices.id', 'in', ids);
}

/** SQL of listItemsQuery per database and number of ids: its only parameters are the ids, in order. */
const listItemsSql = new WeakMap<Db, Map<number, string>>();

/**
 * What an Invoice item of a list shows (invoiceItem) of the given ids, in the given order: half the columns
 * of invoiceDetails, and reading the other half was a third of a list call's database time. The SQL depends
 * only on how many ids there are, so it is built and compiled once per count.
 */
export async function listItemsOf(db: Db, ids: number[]): Promise<ListedInvoice[]> {
  if (!ids.length) return [];
  let byCount = listItemsSql.get(db);
  if (!byCount) listItemsSql.set(db, (byCount = new Map()));
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

/** Up to this many matches a page is sorted out of all of them. */
const SORT_DIRECTLY_UP_TO = 2000;
const FIRST_WINDOW_DAYS = 31;
/**
 * A selection holding at least 1 in this many of the invoices in its dates and lines is dense: walking the
 * launch dates newest first reads at most about this many invoices per invoice of the page.
 */
const DENSE_SHARE = 20;

const daysBefore = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

const newestFirst = <O>(query: InvoiceQuery<O>) =>
  query.orderBy('invoices.launch_date', 'desc').orderBy('invoices.id', 'desc');

/** Every invoice (of anyone) in the dates and lines of the filters: what a walk along the dates reads from. */
function allInDates(db: Db, filters: Pick<InvoiceFilters, 'lines' | 'from' | 'until'>) {
  let query = db.selectFrom('invoices').where('invoices.line', 'in', [...filters.lines]);
  if (filters.from) query = query.where('invoices.launch_date', '>=', filters.from);
  if (filters.until) query = query.where('invoices.launch_date', '<=', filters.until);
  return query;
}

/**
 * Ids of one page, newest launch date first (ascending for charts). Sorting every match to cut out ten rows
 * is what makes large lists slow. Up to SORT_DIRECTLY_UP_TO matches they are sorted. A dense selection (an
 * administrator's clients hold most invoices) walks the launch-date index newest first and stops after the
 * page. Any other large one (`total` unknown or above SORT_DIRECTLY_UP_TO) looks for the page among the
 * latest month of matches, then a window four times wider, until the window holds the page.
 */
export async function pageIds(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  {
    page,
    size,
    withDates = true,
    ascending = false,
    total,
  }: { page: number; size: number; withDates?: boolean; ascending?: boolean; total?: number },
): Promise<number[]> {
  const scoped: InvoiceFilters = withDates
    ? filters
    : { ...filters, from: null, until: null, minPrice: null, maxPrice: null };
  const needed = page * size;
  let window: InvoiceFilters = scoped;
  let walk = false;
  if (total === undefined || total > SORT_DIRECTLY_UP_TO) {
    const matches = total ?? (await countMatches(db, account, scoped));
    const inDates = { lines: scoped.lines, from: scoped.from, until: scoped.until };
    walk =
      matches * DENSE_SHARE >=
      (await countOf(db, `all|${filtersKey(inDates)}`, () => allInDates(db, inDates)));
    const newest = scoped.until ?? madridToday();
    for (let days = FIRST_WINDOW_DAYS; !walk; days *= 4) {
      const from = daysBefore(newest, days);
      if ((scoped.from && from <= scoped.from) || from < EARLIEST_LAUNCH_DATE) break;
      const candidate = { ...scoped, from };
      if ((await countMatches(db, account, candidate)) >= needed) {
        window = candidate;
        break;
      }
    }
  }
  const rows = await newestFirst(filteredInvoices(db, account, window, true, walk).select('invoices.id'))
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const ids = rows.map((row) => row.id);
  return ascending ? ids.reverse() : ids;
}

/** The number as shown (spec 02 §2.5): series ENERGIA shows the bare number, any other series prefixes it. */
export function displayNumber(invoice: { serie: string; bill_number: string }): string {
  return invoice.serie === 'ENERGIA' ? invoice.bill_number : `${invoice.serie}${invoice.bill_number}`;
}

export function pdfPath(invoice: { id: number; line: Line }): string {
  return `/ov/invoices/api/pdf/${invoice.id}?line=${invoice.line}`;
}

export function streetOf(invoice: { street: string; number: string; extension: string | null }): string {
  return `${invoice.street} ${invoice.number}${invoice.extension ? `, ${invoice.extension}` : ''}`;
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
  | 'contract_code'
  | 'sicom_code'
  | 'cups'
  | 'street'
  | 'number'
  | 'extension'
  | 'holder_nif'
>;

/** The Invoice item of the all-invoices and administrator lists (server/docs/invoices-api.md). */
export function invoiceItem(invoice: ListedInvoice) {
  return {
    id: invoice.id,
    line: invoice.line,
    billNumber: invoice.bill_number,
    serieFactura: invoice.serie,
    serieFacturaUnica: invoice.serie_unica,
    numeroFacturaUnica: invoice.numero_unica,
    factura: invoice.bill_number,
    launchDate: invoice.launch_date,
    total: { amount: invoice.amount, currency: invoice.currency },
    readingDateFrom: invoice.reading_from,
    readingDateUntil: invoice.reading_until,
    contract: invoice.sicom_code,
    contractCode: invoice.contract_code,
    nif: invoice.holder_nif,
    cups: invoice.cups,
    street: streetOf(invoice),
    facturaCategoria: invoice.category,
    isUnificada: invoice.kind === 'F' ? 0 : 1,
    isUnica: invoice.kind === 'U' ? 1 : 0,
    canDownload: invoice.can_download === 1,
    hasProformas: invoice.has_proformas,
    tarifa: invoice.tariff,
    Pdf: pdfPath(invoice),
  };
}

/** Enforces the export limits before any file is made (spec 02 §5 and §9). */
export async function checkExportLimits(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  limit: 'excel' | 'pdf',
): Promise<number> {
  if (filters.from && filters.until && exceedsOneYear(filters.from, filters.until)) {
    throw new ApiError(400, 400, EXPORT_RANGE_MESSAGE);
  }
  const counts = await countByLine(db, account, filters);
  const count = counts.Electricidad + counts.Gas;
  if (count > (limit === 'excel' ? EXCEL_LIMIT : PDF_ZIP_LIMIT)) {
    throw new ApiError(400, 400, bulkLimitMessage(count, limit));
  }
  return count;
}
