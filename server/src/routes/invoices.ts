import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import { type ServerConfig, shareOf } from '../config';
import type { Db } from '../db/database';
import type { Account, InvoiceKind, Line } from '../db/schema';
import {
  findInvoiceWithProformas,
  findUnifiedInvoice,
  type InvoiceDetail,
  type InvoiceFilters,
  LINES,
  LISTED_KINDS,
  listItemsOf,
  priceLimits,
} from '../data/invoices';
import { invoicePrints } from '../data/invoiceDocuments';
import { unifiedPartsFor, unifiedPartsOf } from '../data/unifiedParts';
import {
  countByLine,
  countsAndPage,
  DEFAULT_QUERY_SIZE,
  INVOICE_PAGE_SIZE,
  pageIds,
} from '../data/invoicePages';
import { notFound } from '../http/errors';
import { Turns } from '../http/turns';
import { offLoop } from '../documents/documentThreads';
import { invoiceFileName } from '../documents/invoicePdf';
import { attachment } from '../documents/pdf';
import type { RoutePlugin } from './context';
import { invoiceItem, parseLine, parseLineOrAll, resolveFilters } from './invoiceQueries';
import { filterQuery, givenText, lineListQuery, type ListQuery, optionalText } from './invoiceSchemas';
import { rowId } from './schemas';
import { heavyReads, watchClient } from './heavyCalls';

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
 * One search of an account at a time per process and database; up to 20 more wait their turn across the
 * processes (each process takes its share, config.ts shareOf), and one more is refused (http/turns.ts).
 */
const searchTurns = new WeakMap<Db, Turns>();
const SEARCHES_WAITING_PER_ACCOUNT = 20;
/** Seconds a refused search is told to wait: a few searches' time. */
export const SEARCH_RETRY_AFTER_SECONDS = 2;
export const TOO_MANY_SEARCHES =
  'Tiene demasiadas búsquedas de facturas en curso. Espere a que terminen y vuelva a intentarlo.';

export function searchTurnsOf(db: Db, config: Pick<ServerConfig, 'processes'>): Turns {
  let turns = searchTurns.get(db);
  if (!turns) {
    turns = new Turns(
      1,
      shareOf(SEARCHES_WAITING_PER_ACCOUNT, config.processes),
      SEARCH_RETRY_AFTER_SECONDS,
      TOO_MANY_SEARCHES,
    );
    searchTurns.set(db, turns);
  }
  return turns;
}

/** The turns a search waits in, and the signal of its client going away, which gives its place up. */
interface SearchTurn {
  turns: Turns;
  clientGone: AbortSignal;
}

/**
 * The database as a search of `account` reads it. An administrator's search reads a whole portfolio (at scale,
 * hundreds of thousands of index entries): heavy by what it is, so on SQLite it runs on the readers, off the
 * event loop; a customer's few hundred invoices stay on the main connection, cheaper than a thread round trip.
 */
export const searchReads = (db: Db, account: Account): Db =>
  account.realm === 'fincas' ? heavyReads(db) : db;

/**
 * The list answer: one page of Invoice items and the counts per line. The default query is the latest ten
 * invoices, counted as returned. Null when the page is empty (the route answers 204). Searched in turns per
 * account.
 */
export function listAnswer(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  query: ListQuery,
  { turns, clientGone }: SearchTurn,
) {
  return turns.run(
    account.id,
    () => searchedAnswer(searchReads(db, account), account, filters, query),
    clientGone,
  );
}

async function searchedAnswer(
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
    ({ counts, ids } = await countsAndPage(db, account, filters, { page: start, size: INVOICE_PAGE_SIZE }));
  }
  if (!ids.length) return null;
  const details = await listItemsOf(db, ids);
  const parts = await unifiedPartsOf(db, details);
  if (isDefaultQuery) {
    for (const invoice of details) counts[invoice.line] += 1;
  }
  return {
    Invoice: details.map((invoice) => invoiceItem(invoice, unifiedPartsFor(parts, invoice))),
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

const unicasGasSchema = {
  querystring: Type.Object({ ...filterQuery, cb: optionalText, 'Content-Type': optionalText }),
  headers: Type.Object({ seriefactura: optionalText, numerofactura: optionalText }),
};

const pdfSchema = {
  params: Type.Object({ id: rowId }),
  querystring: Type.Object({ line: optionalText, CUPS: optionalText }),
};

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

export const invoiceRoutes: RoutePlugin = async (app, { db, config }) => {
  const turns = searchTurnsOf(db, config);
  const turnOf = (request: FastifyRequest, reply: FastifyReply): SearchTurn => ({
    turns,
    clientGone: watchClient(request, reply),
  });
  app.get(
    '/ov/invoices/api/fullbilling',
    {
      schema: { querystring: Type.Object(lineListQuery) },
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
      return sendOrNoContent(reply, await listAnswer(db, account, filters, query, turnOf(request, reply)));
    },
  );

  app.get(
    '/ov/invoices/api/filterfullbilling',
    {
      schema: { querystring: Type.Object({ ...filterQuery, line: optionalText }) },
    },
    async (request, reply) => {
      const account = signedInAccount(request);
      const { query } = request;
      const filters = await resolveFilters(db, account, query, {
        lines: parseLineOrAll(query.line).lines,
        kinds: LISTED_KINDS,
      });
      return sendOrNoContent(reply, await listAnswer(db, account, filters, query, turnOf(request, reply)));
    },
  );

  app.get('/ov/invoices/api/fullbilling/unicas/gas', { schema: unicasGasSchema }, async (request, reply) => {
    const account = signedInAccount(request);
    const { seriefactura, numerofactura } = request.headers;
    if (seriefactura && numerofactura) {
      const { unified } = await findUnifiedInvoice(db, account, seriefactura, numerofactura, 'Gas');
      return sendInvoicePdf(reply, db, unified);
    }
    const filters = await resolveFilters(
      db,
      account,
      { ...request.query, cif: undefined },
      { lines: ['Gas'], kinds: ['U'] },
    );
    return sendOrNoContent(
      reply,
      await listAnswer(db, account, filters, request.query, turnOf(request, reply)),
    );
  });

  app.get(
    '/ov/invoices/api/searchOneInvoice',
    {
      schema: { querystring: Type.Object({ invoice: givenText, start: filterQuery.start }) },
    },
    async (request, reply) => {
      const account = signedInAccount(request);
      const filters = await resolveFilters(
        db,
        account,
        { invoice: request.query.invoice },
        { lines: LINES, kinds: LISTED_KINDS },
      );
      return sendOrNoContent(
        reply,
        await listAnswer(db, account, filters, { start: request.query.start }, turnOf(request, reply)),
      );
    },
  );

  app.get('/ov/invoices/api/getPriceMinAndMaxInvoice', async (request) => {
    const account = signedInAccount(request);
    const filters = await resolveFilters(db, account, {}, { lines: LINES, kinds: LISTED_KINDS });
    return priceLimits(searchReads(db, account), account, filters);
  });

  app.get('/ov/invoices/api/isUnicaInvoicesAssociate', async (request) => {
    const account = signedInAccount(request);
    const filters = await resolveFilters(db, account, {}, { lines: LINES, kinds: ['U'] });
    const counts = await countByLine(searchReads(db, account), account, filters);
    return { FacturasUnicas: counts };
  });

  app.get('/ov/invoices/api/pdf/:id', { schema: pdfSchema }, async (request, reply) => {
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
    return sendInvoicePdf(reply, db, found.invoice);
  });
};

function cupsMatches(cups: string, given: string): boolean {
  const text = given.replace(/\s+/g, '').toUpperCase();
  return cups === text || cups.slice(0, 20) === text.slice(0, 20);
}
