import type { FastifyReply } from 'fastify';
import { type Static, Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import type { Db } from '../db/database';
import type { Account, Line } from '../db/schema';
import { streamZip } from '../documents/archive';
import { invoiceFileName, invoicePdfBuffer, streamInvoiceBundle } from '../documents/invoicePdf';
import { invoicesWorkbook } from '../documents/invoiceSheet';
import { sendWorkbook } from '../documents/spreadsheet';
import type { RoutePlugin } from './context';
import {
  checkExportLimits,
  DEFAULT_QUERY_SIZE,
  detailsOf,
  displayNumber,
  EXCEL_LIMIT,
  filteredInvoices,
  type InvoiceDetail,
  type InvoiceFilters,
  notFound,
  pageIds,
  parseLine,
  parseLineOrAll,
  PDF_ZIP_LIMIT,
  resolveFilters,
} from './invoiceQueries';
import { givenText, lineListQuery, optionalText, shortText } from './invoiceSchemas';
import { findUnifiedInvoice, kindsFor, linesWithout, sendInvoicePdf } from './invoices';

const exportSchema = {
  params: Type.Object({ line: shortText }),
  querystring: Type.Object({ ...lineListQuery, line: optionalText }),
};
type ExportQuery = Static<typeof exportSchema.querystring>;

const proformaSchema = {
  headers: Type.Object({
    seriefactura: givenText,
    numerofactura: givenText,
    linea: optionalText,
    nombremarca: optionalText,
  }),
};

const unifiedPdfSchema = {
  querystring: Type.Object({
    numeroFactura: givenText,
    serieFactura: givenText,
    line: optionalText,
    marca: optionalText,
    'Content-Type': optionalText,
    base64: Type.Optional(Type.Boolean()),
  }),
};

/** All the ids an export takes, newest first; the limits are checked before (checkExportLimits). */
export async function exportIds(db: Db, account: Account, filters: InvoiceFilters, limit: number) {
  const rows = await filteredInvoices(db, account, filters)
    .select('invoices.id')
    .orderBy('invoices.launch_date', 'desc')
    .orderBy('invoices.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The invoices of a bulk export: the latest ten for the default query, otherwise every match within the
 * export limits (a 400 with the bulk-limit message beyond them).
 */
async function exportInvoices(
  db: Db,
  account: Account,
  query: ExportQuery,
  lineParam: string,
  kind: 'excel' | 'pdf',
): Promise<{ invoices: InvoiceDetail[]; label: string }> {
  const { lines, label } = parseLineOrAll(lineParam);
  const remaining = linesWithout(query.lineRemover);
  const queryLine = parseLine(query.line);
  const filters = await resolveFilters(db, account, query, {
    lines: lines.filter((line) => remaining.includes(line) && (!queryLine || line === queryLine)),
    kinds: kindsFor(query.findUnicas),
  });
  if (query.isDefaultQuery) {
    const ids = await pageIds(db, account, filters, { page: 1, size: DEFAULT_QUERY_SIZE, withDates: false });
    return { invoices: await detailsOf(db, ids), label };
  }
  await checkExportLimits(db, account, filters, kind);
  const ids = await exportIds(db, account, filters, kind === 'excel' ? EXCEL_LIMIT : PDF_ZIP_LIMIT);
  return { invoices: await detailsOf(db, ids), label };
}

/** The invoices of a ZIP or bundle: only those with a PDF. */
const withPdf = (invoices: InvoiceDetail[]) => invoices.filter((invoice) => invoice.can_download === 1);

export function zipOfInvoices(reply: FastifyReply, fileName: string, invoices: InvoiceDetail[]) {
  return streamZip(
    reply,
    fileName,
    invoices.map((invoice) => ({
      name: invoiceFileName(invoice),
      content: () => invoicePdfBuffer(invoice),
    })),
  );
}

/** The unified invoice named by a series and number: its own, or one of its proformas'. */
async function unifiedByAnyNumber(
  db: Db,
  account: Account,
  serie: string,
  numero: string,
  line: Line | null,
) {
  const proforma = await filteredInvoices(db, account, {
    from: null,
    until: null,
    lines: line ? [line] : ['Electricidad', 'Gas'],
    kinds: ['P'],
    contractIds: null,
    holderIds: null,
    invoice: `${serie}${numero}`.replace(/\s+/g, '').toUpperCase(),
    minPrice: null,
    maxPrice: null,
  })
    .select(['invoices.serie_unica', 'invoices.numero_unica'])
    .executeTakeFirst();
  if (proforma) return findUnifiedInvoice(db, account, proforma.serie_unica!, proforma.numero_unica!, line);
  return findUnifiedInvoice(db, account, serie, numero, line);
}

export const invoiceExportRoutes: RoutePlugin = async (app, { db }) => {
  app.get('/ov/invoices/api/:line', { schema: exportSchema }, async (request, reply) => {
    const account = signedInAccount(request);
    const { invoices, label } = await exportInvoices(
      db,
      account,
      request.query,
      request.params.line,
      'excel',
    );
    if (!invoices.length) return reply.code(204).send();
    return sendWorkbook(reply, invoicesWorkbook(invoices), `facturas ${label}.xlsx`);
  });

  app.get('/ov/invoices/api/fullbilling/allinPDF/:line', { schema: exportSchema }, async (request, reply) => {
    const account = signedInAccount(request);
    const { invoices, label } = await exportInvoices(db, account, request.query, request.params.line, 'pdf');
    const printable = withPdf(invoices);
    if (!printable.length) return reply.code(204).send();
    await streamInvoiceBundle(reply, `Facturas de ${label}`, `facturas ${label}.pdf`, printable);
    return reply;
  });

  app.get('/ov/invoices/api/fullbilling/allinRar/:line', { schema: exportSchema }, async (request, reply) => {
    const account = signedInAccount(request);
    const { invoices, label } = await exportInvoices(db, account, request.query, request.params.line, 'pdf');
    const printable = withPdf(invoices);
    if (!printable.length) return reply.code(204).send();
    await zipOfInvoices(reply, `facturas ${label}.zip`, printable);
    return reply;
  });

  app.get('/ov/invoices/api/proforma', { schema: proformaSchema }, async (request, reply) => {
    const account = signedInAccount(request);
    const { seriefactura, numerofactura, linea } = request.headers;
    const { unified, proformas } = await unifiedByAnyNumber(
      db,
      account,
      seriefactura,
      numerofactura,
      parseLine(linea, 'linea'),
    );
    await zipOfInvoices(reply, `proformas ${displayNumber(unified)}.zip`, proformas);
    return reply;
  });

  app.get('/ov/invoices/api/proformaDownload', { schema: proformaSchema }, async (request, reply) => {
    const account = signedInAccount(request);
    const { seriefactura, numerofactura, linea } = request.headers;
    const { unified, proformas } = await unifiedByAnyNumber(
      db,
      account,
      seriefactura,
      numerofactura,
      parseLine(linea, 'linea'),
    );
    return sendWorkbook(
      reply,
      invoicesWorkbook(proformas, 'Proformas'),
      `proformas ${displayNumber(unified)}.xlsx`,
    );
  });

  app.get('/ov/contracts/api/contracts', { schema: unifiedPdfSchema }, async (request, reply) => {
    const account = signedInAccount(request);
    const { numeroFactura, serieFactura, line } = request.query;
    const { unified, proformas } = await findUnifiedInvoice(
      db,
      account,
      serieFactura,
      numeroFactura,
      parseLine(line),
    );
    if (!unified.can_download) throw notFound();
    return sendInvoicePdf(reply, unified, proformas);
  });
};
