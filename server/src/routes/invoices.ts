import type { FastifyPluginAsync, FastifyReply } from 'fastify';

import { signedInAccount } from '../auth/requireAuth';
import type { Db } from '../db/database';
import type { Account, InvoiceKind, Line } from '../db/schema';
import {
  findInvoiceWithProformas,
  findUnifiedInvoice,
  type InvoiceFilters,
  LINES,
  LISTED_KINDS,
  listItemsOf,
  priceLimits,
} from '../data/invoices';
import { countByLine, DEFAULT_QUERY_SIZE, INVOICE_PAGE_SIZE, pageIds } from '../data/invoicePages';
import { notFound } from '../http/errors';
import { invoiceFileName, invoicePdfBuffer } from '../documents/invoicePdf';
import { attachment } from '../documents/pdf';
import type { RouteContext } from './context';
import {
  filterProperties,
  type FilterQuery,
  invoiceItem,
  parseLine,
  parseLineOrAll,
  resolveFilters,
  shortText,
} from './invoiceQueries';

export interface ListQuery extends FilterQuery {
  isDefaultQuery?: boolean;
  start?: number;
}

interface FullbillingQuery extends ListQuery {
  lineRemover?: string;
  findUnicas?: boolean;
  hasUnicasInvoices?: boolean;
}

interface AdministratorQuery extends ListQuery {
  line?: string;
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
 * The list answer: one page of Invoice items and the counts per line. The default query is the latest ten
 * invoices, counted as returned. Null when the page is empty (the route answers 204).
 */
export async function listAnswer(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  { isDefaultQuery, start = 1 }: ListQuery,
) {
  let ids: number[];
  let counts = { Electricidad: 0, Gas: 0 };
  if (isDefaultQuery) {
    ids = await pageIds(db, account, filters, { page: 1, size: DEFAULT_QUERY_SIZE, withDates: false });
  } else {
    counts = await countByLine(db, account, filters);
    const pages = Math.ceil((counts.Electricidad + counts.Gas) / INVOICE_PAGE_SIZE);
    const total = counts.Electricidad + counts.Gas;
    ids =
      start <= pages
        ? await pageIds(db, account, filters, { page: start, size: INVOICE_PAGE_SIZE, total })
        : [];
  }
  if (!ids.length) return null;
  const details = await listItemsOf(db, ids);
  if (isDefaultQuery) {
    for (const invoice of details) counts[invoice.line] += 1;
  }
  return {
    Invoice: details.map(invoiceItem),
    Fullbilling: {
      total: [
        { line: 'Todas', count: counts.Electricidad + counts.Gas },
        { line: 'Electricidad', count: counts.Electricidad },
        { line: 'Gas', count: counts.Gas },
      ],
    },
  };
}

export function sendOrNoContent(reply: FastifyReply, answer: unknown) {
  return answer ? reply.send(answer) : reply.code(204).send();
}

const fullbillingProperties = {
  ...filterProperties,
  lineRemover: shortText,
  findUnicas: { type: 'boolean' },
  hasUnicasInvoices: { type: 'boolean' },
} as const;

const unicasGasSchema = {
  querystring: {
    type: 'object',
    properties: { ...filterProperties, cb: shortText, 'Content-Type': shortText },
  },
  headers: {
    type: 'object',
    properties: { seriefactura: shortText, numerofactura: shortText },
  },
} as const;

const pdfSchema = {
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
  },
  querystring: { type: 'object', properties: { line: shortText, CUPS: shortText } },
} as const;

export async function sendInvoicePdf(
  reply: FastifyReply,
  ...[invoice, proformas]: Parameters<typeof invoicePdfBuffer>
) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachment(invoiceFileName(invoice)))
    .send(await invoicePdfBuffer(invoice, proformas));
}

export const invoiceRoutes: FastifyPluginAsync<RouteContext> = async (app, { db, requireAuth }) => {
  app.get<{ Querystring: FullbillingQuery }>(
    '/ov/invoices/api/fullbilling',
    {
      preHandler: requireAuth,
      schema: { querystring: { type: 'object', properties: fullbillingProperties } },
    },
    async (request, reply) => {
      const account = signedInAccount(request);
      const { query } = request;
      const filters = await resolveFilters(
        db,
        account,
        { ...query, cif: undefined },
        {
          lines: linesWithout(query.lineRemover),
          kinds: kindsFor(query.findUnicas),
        },
      );
      return sendOrNoContent(reply, await listAnswer(db, account, filters, query));
    },
  );

  app.get<{ Querystring: AdministratorQuery }>(
    '/ov/invoices/api/filterfullbilling',
    {
      preHandler: requireAuth,
      schema: { querystring: { type: 'object', properties: { ...filterProperties, line: shortText } } },
    },
    async (request, reply) => {
      const account = signedInAccount(request);
      const { query } = request;
      const filters = await resolveFilters(db, account, query, {
        lines: parseLineOrAll(query.line).lines,
        kinds: LISTED_KINDS,
      });
      return sendOrNoContent(reply, await listAnswer(db, account, filters, query));
    },
  );

  app.get<{
    Querystring: ListQuery;
    Headers: { seriefactura?: string; numerofactura?: string };
  }>(
    '/ov/invoices/api/fullbilling/unicas/gas',
    { preHandler: requireAuth, schema: unicasGasSchema },
    async (request, reply) => {
      const account = signedInAccount(request);
      const { seriefactura, numerofactura } = request.headers;
      if (seriefactura && numerofactura) {
        const { unified, proformas } = await findUnifiedInvoice(
          db,
          account,
          seriefactura,
          numerofactura,
          'Gas',
        );
        return sendInvoicePdf(reply, unified, proformas);
      }
      const filters = await resolveFilters(
        db,
        account,
        { ...request.query, cif: undefined },
        { lines: ['Gas'], kinds: ['U'] },
      );
      return sendOrNoContent(reply, await listAnswer(db, account, filters, request.query));
    },
  );

  app.get<{ Querystring: { invoice: string; start?: number } }>(
    '/ov/invoices/api/searchOneInvoice',
    {
      preHandler: requireAuth,
      schema: {
        querystring: {
          type: 'object',
          required: ['invoice'],
          properties: { invoice: { ...shortText, minLength: 1 }, start: filterProperties.start },
        },
      },
    },
    async (request, reply) => {
      const account = signedInAccount(request);
      const filters = await resolveFilters(
        db,
        account,
        { invoice: request.query.invoice },
        { lines: LINES, kinds: LISTED_KINDS },
      );
      return sendOrNoContent(reply, await listAnswer(db, account, filters, { start: request.query.start }));
    },
  );

  app.get('/ov/invoices/api/getPriceMinAndMaxInvoice', { preHandler: requireAuth }, async (request) => {
    const account = signedInAccount(request);
    const filters = await resolveFilters(db, account, {}, { lines: LINES, kinds: LISTED_KINDS });
    return priceLimits(db, account, filters);
  });

  app.get('/ov/invoices/api/isUnicaInvoicesAssociate', { preHandler: requireAuth }, async (request) => {
    const account = signedInAccount(request);
    const filters = await resolveFilters(db, account, {}, { lines: LINES, kinds: ['U'] });
    const counts = await countByLine(db, account, filters);
    return { FacturasUnicas: counts };
  });

  app.get<{ Params: { id: number }; Querystring: { line?: string; CUPS?: string } }>(
    '/ov/invoices/api/pdf/:id',
    { preHandler: requireAuth, schema: pdfSchema },
    async (request, reply) => {
      const account = signedInAccount(request);
      const line = parseLine(request.query.line);
      const found = await findInvoiceWithProformas(db, account, request.params.id);
      const cups = request.query.CUPS?.trim();
      if (
        !found ||
        !found.invoice.can_download ||
        (line && found.invoice.line !== line) ||
        (cups && !cupsMatches(found.invoice.cups, cups))
      ) {
        throw notFound();
      }
      const { invoice, proformas } = found;
      return sendInvoicePdf(reply, invoice, proformas);
    },
  );
};

function cupsMatches(cups: string, given: string): boolean {
  const text = given.replace(/\s+/g, '').toUpperCase();
  return cups === text || cups.slice(0, 20) === text.slice(0, 20);
}
