import type { FastifyReply } from 'fastify';

import type { Db } from '../db/database';
import type { Account, InvoiceKind, Line } from '../db/schema';
import { pdfPath, supplyOfRow } from '../data/display';
import { invoicePrints } from '../data/invoiceDocuments';
import {
  contractIdsByCode,
  contractIdsByCups,
  holderIdsByNif,
  type InvoiceDetail,
  type InvoiceFilters,
  LINES,
  LISTED_KINDS,
  type ListedInvoice,
  normalise,
} from '../data/invoices';
import { countInvoices } from '../data/invoiceSearch/plan';
import type { UnifiedParts } from '../data/unifiedParts';
import { streamZip } from '../documents/archive';
import { documentThreadCount, offLoop } from '../documents/documentThreads';
import { attachment } from '../documents/download';
import { invoiceFileName } from '../documents/invoiceDownloads';
import { ApiError, orNotFound } from '../http/errors';

/**
 * What the invoice routes share on the HTTP side: turning query text into filters (bad input is a 400), the
 * export limits, the Invoice item of the lists and the PDF and ZIP answers. Their query schemas are in
 * invoiceSchemas.ts, the queries in data/.
 */

/** Invoices per page on every list (DECISIONS "Lists and pagers"). */
export const INVOICE_PAGE_SIZE = 10;
/** The default query shows the latest ten invoices. */
export const DEFAULT_QUERY_SIZE = 10;
export const EXCEL_LIMIT = 1000;
export const PDF_ZIP_LIMIT = 200;

export const EXPORT_RANGE_MESSAGE = 'Sólo se permite 1 Año como máximo para las exportaciones.';
const BULK_LIMIT_MESSAGE =
  'La descarga masiva de facturas no es posible, ya que los resultados exceden los límites permitidos.';

export function bulkLimitMessage(count: number, limit: 'excel' | 'pdf'): string {
  const broken = limit === 'excel' ? 'EXCEL: 1,000 resultados' : 'PDF, ZIP: 200 resultados';
  return `${BULK_LIMIT_MESSAGE} Resultados actuales ${count}. Límites incumplidos: ${broken}`;
}

/** True when `until` is more than 12 months after `from` (the same day of the month is still allowed). */
export function exceedsOneYear(from: string, until: string): boolean {
  const [year, month, day] = from.split('-').map(Number);
  const limit = new Date(Date.UTC(year + 1, month - 1, day));
  // 29 February plus a year rolls over to 1 March, which is what "12 months and the day" allows.
  return until > limit.toISOString().slice(0, 10);
}

/** The 12-month export rule (spec 02 §5): a 400 with its message when the filters' dates break it. */
export function checkExportRange(filters: Pick<InvoiceFilters, 'from' | 'until'>): void {
  if (filters.from && filters.until && exceedsOneYear(filters.from, filters.until)) {
    throw new ApiError(400, 400, EXPORT_RANGE_MESSAGE);
  }
}

/** Enforces the export limits before any file is made (spec 02 §5 and §9). */
export async function checkExportLimits(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  limit: 'excel' | 'pdf',
): Promise<number> {
  checkExportRange(filters);
  const counts = await countInvoices(db, account, filters);
  const count = counts.Electricidad + counts.Gas;
  if (count > (limit === 'excel' ? EXCEL_LIMIT : PDF_ZIP_LIMIT)) {
    throw new ApiError(400, 400, bulkLimitMessage(count, limit));
  }
  return count;
}

export function badInput(detail: string): ApiError {
  return new ApiError(400, 400, `Datos no válidos: ${detail}`);
}

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

const intersect = (a: number[] | null, b: number[]) => (a ? a.filter((id) => b.includes(id)) : b);

/** Ids a named contract, CUPS or NIF gave: none is someone else's or a missing one, a 404 either way. */
const found = (ids: number[]) => orNotFound(ids.length ? ids : null);

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
    contractIds = intersect(contractIds, found(await contractIdsByCode(db, account, query.contract)));
  }
  if (query.cups?.trim()) {
    contractIds = intersect(contractIds, found(await contractIdsByCups(db, account, query.cups)));
  }
  const holderIds = query.cif?.trim() ? found(await holderIdsByNif(db, account, query.cif)) : null;
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

/**
 * The fields every invoice item carries, in the per-product and the all-invoices lists alike. An item adds its
 * own with Object.assign, not as `{ ...invoiceIdentity(invoice), more }`: V8 (Node 20) gave each object built that
 * way a hidden class of its own, 10 KB per item, kept until a full GC; at a list call every 5 ms they drove the
 * scavenges to 5 ms and a full GC every 0.7 s (issue 26, bench 18).
 */
export function invoiceIdentity(invoice: {
  id: number;
  line: Line;
  bill_number: string;
  serie: string;
  serie_unica: string | null;
  numero_unica: string | null;
  kind: InvoiceKind;
  category: string;
  can_download: number;
  has_proformas: number;
}) {
  return {
    id: invoice.id,
    line: invoice.line,
    billNumber: invoice.bill_number,
    factura: invoice.bill_number,
    serieFactura: invoice.serie,
    serieFacturaUnica: invoice.serie_unica,
    numeroFacturaUnica: invoice.numero_unica,
    facturaCategoria: invoice.category,
    isUnificada: invoice.kind === 'F' ? 0 : 1,
    isUnica: invoice.kind === 'U' ? 1 : 0,
    canDownload: invoice.can_download === 1,
    hasProformas: invoice.has_proformas,
  };
}

/**
 * The Invoice item of the all-invoices and administrator lists (server/docs/invoices-api.md). A unified
 * invoice names no single supply (supplyOfRow); `numeroSuministros` says how many it covers and `consumoKwh`
 * is the invoice's total.
 */
export function invoiceItem(invoice: ListedInvoice, parts?: UnifiedParts) {
  const supply = supplyOfRow(invoice, parts);
  return Object.assign(invoiceIdentity(invoice), {
    launchDate: invoice.launch_date,
    total: { amount: invoice.amount, currency: invoice.currency },
    readingDateFrom: supply.readingFrom,
    readingDateUntil: supply.readingUntil,
    contract: supply.contract,
    contractCode: supply.contractCode,
    nif: invoice.holder_nif,
    cups: supply.cups,
    street: supply.street,
    tarifa: supply.tariff,
    consumoKwh: invoice.consumption_kwh,
    numeroSuministros: supply.supplies,
    Pdf: pdfPath(invoice),
  });
}

/** findUnicas: true unified only, false simple only, absent both. */
export function kindsFor(findUnicas: boolean | undefined): readonly InvoiceKind[] {
  if (findUnicas === undefined) return LISTED_KINDS;
  return findUnicas ? ['U'] : ['F'];
}

export function linesWithout(lineRemover: string | undefined): readonly Line[] {
  const removed = parseLine(lineRemover, 'lineRemover');
  return LINES.filter((line) => line !== removed);
}

/**
 * An invoice's PDF; a unified invoice's carries its proformas, which invoicePrints reads. Drawn on a document
 * thread, off the event loop.
 */
export async function sendInvoicePdf(reply: FastifyReply, db: Db, invoice: InvoiceDetail) {
  const [print] = await invoicePrints(db, [invoice]);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachment(invoiceFileName(invoice)))
    .send(await offLoop('invoicePdf', print));
}

/** A ZIP of the invoices' PDFs, streamed to the reply, drawn on every document thread at once. */
export async function zipOfInvoices(
  reply: FastifyReply,
  db: Db,
  fileName: string,
  invoices: InvoiceDetail[],
) {
  const prints = await invoicePrints(db, invoices);
  return streamZip(
    reply,
    fileName,
    prints.map((print) => ({
      name: invoiceFileName(print.invoice),
      content: () => offLoop('invoicePdf', print),
    })),
    undefined,
    documentThreadCount(),
  );
}
