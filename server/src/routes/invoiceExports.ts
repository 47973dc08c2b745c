import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import type { Db } from '../db/database';
import type { Account, InvoiceKind } from '../db/schema';
import { displayNumber } from '../data/display';
import {
  detailsOf,
  exportIds,
  findUnifiedInvoice,
  type InvoiceDetail,
  unifiedByAnyNumber,
} from '../data/invoices';
import { latestInvoices } from '../data/invoiceSearch/plan';
import { invoicePrints } from '../data/invoiceDocuments';
import { unifiedPartsOf } from '../data/unifiedParts';
import { errorBody, notFound, orNotFound } from '../http/errors';
import { streamInvoiceBundle } from '../documents/invoiceDownloads';
import { invoicesWorkbook } from '../documents/invoiceSheet';
import { sendWorkbook } from '../documents/spreadsheet';
import type { RoutePlugin } from './context';
import {
  checkExportLimits,
  DEFAULT_QUERY_SIZE,
  EXCEL_LIMIT,
  kindsFor,
  linesWithout,
  parseLine,
  parseLineOrAll,
  PDF_ZIP_LIMIT,
  resolveFilters,
  sendInvoicePdf,
  zipOfInvoices,
} from './invoiceQueries';
import { noContent } from '../contract/common';
import { givenText, lineListQuery, optionalText, shortText } from './invoiceSchemas';
import { heavyCall, heavyReads } from './heavyCalls';

const exportSchema = {
  params: Type.Object({ line: shortText }),
  querystring: Type.Object({ ...lineListQuery, line: optionalText }),
  // 200 is the file; 204 when no invoice matches.
  response: { 204: noContent, '4xx': errorBody },
};
type ExportQuery = Static<typeof exportSchema.querystring>;

const proformaSchema = {
  headers: Type.Object({
    seriefactura: givenText,
    numerofactura: givenText,
    linea: optionalText,
    nombremarca: optionalText,
  }),
  // 200 is the file.
  response: { '4xx': errorBody },
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
  // 200 is the PDF.
  response: { '4xx': errorBody },
};

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
  const filtersOf = (kinds: readonly InvoiceKind[]) =>
    resolveFilters(db, account, query, {
      lines: lines.filter((line) => remaining.includes(line) && (!queryLine || line === queryLine)),
      kinds,
    });
  if (query.isDefaultQuery) {
    // A freshly opened list screen shows its latest ten simple invoices and, apart, its latest ten unified
    // ones: without findUnicas the export holds both lists, exactly what the screen shows (issue 24).
    const kindLists =
      query.findUnicas === undefined ? [kindsFor(false), kindsFor(true)] : [kindsFor(query.findUnicas)];
    const ids: number[] = [];
    for (const kinds of kindLists) {
      ids.push(...(await latestInvoices(db, account, await filtersOf(kinds), DEFAULT_QUERY_SIZE)));
    }
    return { invoices: await detailsOf(db, ids), label };
  }
  const filters = await filtersOf(kindsFor(query.findUnicas));
  await checkExportLimits(db, account, filters, kind);
  const ids = await exportIds(db, account, filters, kind === 'excel' ? EXCEL_LIMIT : PDF_ZIP_LIMIT);
  return { invoices: await detailsOf(db, ids), label };
}

/** The invoices of a ZIP or bundle: only those with a PDF. */
const withPdf = (invoices: InvoiceDetail[]) => invoices.filter((invoice) => invoice.can_download === 1);

export const invoiceExportRoutes: RoutePlugin = async (app, { db: ownDb, config }) => {
  const heavy = heavyCall(ownDb, config);
  const db = heavyReads(ownDb);
  /** The invoices and line label of an export call, for the signed-in caller. */
  const exportOf = (
    request: FastifyRequest<{ Params: { line: string }; Querystring: ExportQuery }>,
    kind: 'excel' | 'pdf',
  ) => exportInvoices(db, signedInAccount(request), request.query, request.params.line, kind);

  app.get('/ov/invoices/api/:line', { schema: exportSchema, ...heavy }, async (request, reply) => {
    const { invoices, label } = await exportOf(request, 'excel');
    if (!invoices.length) return reply.code(204).send();
    return sendWorkbook(
      reply,
      invoicesWorkbook(invoices, { parts: await unifiedPartsOf(db, invoices) }),
      `facturas ${label}.xlsx`,
    );
  });

  app.get(
    '/ov/invoices/api/fullbilling/allinPDF/:line',
    { schema: exportSchema, ...heavy },
    async (request, reply) => {
      const { invoices, label } = await exportOf(request, 'pdf');
      const printable = withPdf(invoices);
      if (!printable.length) return reply.code(204).send();
      const prints = await invoicePrints(db, printable);
      await streamInvoiceBundle(reply, `Facturas de ${label}`, `facturas ${label}.pdf`, prints);
      return reply;
    },
  );

  app.get(
    '/ov/invoices/api/fullbilling/allinRar/:line',
    { schema: exportSchema, ...heavy },
    async (request, reply) => {
      const { invoices, label } = await exportOf(request, 'pdf');
      const printable = withPdf(invoices);
      if (!printable.length) return reply.code(204).send();
      await zipOfInvoices(reply, db, `facturas ${label}.zip`, printable);
      return reply;
    },
  );

  /** The unified invoice (and its proformas) the proforma headers name, for the signed-in caller. */
  const proformasOf = async (account: Account, headers: Static<typeof proformaSchema.headers>) =>
    orNotFound(
      await unifiedByAnyNumber(
        db,
        account,
        headers.seriefactura,
        headers.numerofactura,
        parseLine(headers.linea, 'linea'),
      ),
    );

  app.get('/ov/invoices/api/proforma', { schema: proformaSchema, ...heavy }, async (request, reply) => {
    const { unified, proformas } = await proformasOf(signedInAccount(request), request.headers);
    await zipOfInvoices(reply, db, `proformas ${displayNumber(unified)}.zip`, proformas);
    return reply;
  });

  app.get(
    '/ov/invoices/api/proformaDownload',
    { schema: proformaSchema, ...heavy },
    async (request, reply) => {
      const { unified, proformas } = await proformasOf(signedInAccount(request), request.headers);
      return sendWorkbook(
        reply,
        invoicesWorkbook(proformas, { sheetName: 'Proformas' }),
        `proformas ${displayNumber(unified)}.xlsx`,
      );
    },
  );

  app.get('/ov/contracts/api/contracts', { schema: unifiedPdfSchema }, async (request, reply) => {
    const account = signedInAccount(request);
    const { numeroFactura, serieFactura, line } = request.query;
    const { unified } = orNotFound(
      await findUnifiedInvoice(db, account, serieFactura, numeroFactura, parseLine(line)),
    );
    if (!unified.can_download) throw notFound();
    return sendInvoicePdf(reply, db, unified);
  });
};
