import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import { serverNow } from '../clock';
import { addDays } from '../measurements/dates';
import { madridToday } from '../measurements/madridTime';
import { type ServerConfig, shareOf } from '../config';
import type { Db } from '../db/database';
import type { Account } from '../db/schema';
import {
  findInvoiceWithProformas,
  findUnifiedInvoice,
  type InvoiceFilters,
  LINES,
  LISTED_KINDS,
  type ListedInvoice,
  listItemsOf,
  priceLimits,
} from '../data/invoices';
import { unifiedPartsFor, unifiedPartsOf } from '../data/unifiedParts';
import { countInvoices, latestInvoices, searchListPage } from '../data/invoiceSearch/plan';
import { notFound, orNotFound } from '../http/errors';
import { Turns } from '../http/turns';
import { recordInvoiceReads, recordSupplyRead } from '../data/accessRecords';
import type { RoutePlugin } from './context';
import {
  DEFAULT_QUERY_SIZE,
  INVOICE_PAGE_SIZE,
  invoiceItem,
  kindsFor,
  linesWithout,
  parseLine,
  parseLineOrAll,
  resolveFilters,
  sendInvoicePdf,
} from './invoiceQueries';
import { noContent } from '../contract/common';
import {
  type InvoiceListAnswer,
  invoiceListAnswer,
  priceLimitsAnswer,
  unifiedCountsAnswer,
} from '../contract/invoices';
import { errorBody } from '../http/errors';
import { filterQuery, givenText, lineListQuery, type ListQuery, optionalText } from './invoiceSchemas';
import { rowId } from './schemas';
import { heavyReads, watchClient } from './heavyCalls';

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
 * One administrator's (the largest portfolio) and one customer's one-year search, run once in the background
 * after the server listens (main.ts), as a list call runs them: the first search after a start compiled the
 * search's code, prepared its statements and read its index pages, 60–190 ms on the scale seed against 5 ms
 * warm (issue 30, cold start). Outside a signed-in call: nothing is recorded, nothing written.
 */
export async function warmSearches(db: Db): Promise<void> {
  const largest = await heavyReads(db)
    .selectFrom('administrator_clients')
    .select('administrator_id')
    .groupBy('administrator_id')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .limit(1)
    .executeTakeFirst();
  const accounts = await db
    .selectFrom('accounts')
    .selectAll()
    .where('validated', '=', 1)
    .where((eb) =>
      eb.or([
        eb('administrator_id', '=', largest?.administrator_id ?? null),
        eb(
          'id',
          '=',
          eb.selectFrom('accounts').select(eb.fn.min('id').as('id')).where('holder_id', 'is not', null),
        ),
      ]),
    )
    .execute();
  const until = madridToday(serverNow());
  const filters: InvoiceFilters = {
    from: addDays(until, -365),
    until,
    lines: LINES,
    kinds: LISTED_KINDS,
    contractIds: null,
    holderIds: null,
    invoice: null,
    minPrice: null,
    maxPrice: null,
  };
  for (const account of accounts) {
    await searchedAnswer(searchReads(db, account), account, filters, { start: 1 });
  }
}

/**
 * The list answer: one page of Invoice items and the counts per line. The default query is the latest ten
 * invoices, counted as returned. Null when the page is empty (the route answers 204). Searched in turns per
 * account.
 */
export async function listAnswer(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  query: ListQuery,
  { turns, clientGone }: SearchTurn,
) {
  const answer = await turns.run(
    account.id,
    () => searchedAnswer(searchReads(db, account), account, filters, query),
    clientGone,
  );
  // An administrator's page reads its clients' supplies: recorded (on the writable database), once each.
  if (answer)
    await recordInvoiceReads(
      db,
      account,
      answer.Invoice.map((invoice) => invoice.id),
    );
  return answer;
}

async function searchedAnswer(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  { isDefaultQuery, start = 1 }: ListQuery,
): Promise<InvoiceListAnswer | null> {
  let details: ListedInvoice[];
  let counts = { Electricidad: 0, Gas: 0 };
  if (isDefaultQuery) {
    details = await listItemsOf(db, await latestInvoices(db, account, filters, DEFAULT_QUERY_SIZE));
  } else {
    ({ counts, items: details } = await searchListPage(db, account, filters, {
      number: start,
      size: INVOICE_PAGE_SIZE,
    }));
  }
  if (!details.length) return null;
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

export function sendOrNoContent(reply: FastifyReply, answer: InvoiceListAnswer | null) {
  return answer ? reply.send(answer) : reply.code(204).send();
}

/** A page of a list, or 204 when it is empty. */
const listResponse = { 200: invoiceListAnswer, 204: noContent, '4xx': errorBody };

const unicasGasSchema = {
  querystring: Type.Object({ ...filterQuery, cb: optionalText, 'Content-Type': optionalText }),
  headers: Type.Object({ seriefactura: optionalText, numerofactura: optionalText }),
  // With the serie and number headers the answer is that unified invoice's PDF.
  response: listResponse,
};

const pdfSchema = {
  params: Type.Object({ id: rowId }),
  querystring: Type.Object({ line: optionalText, CUPS: optionalText }),
  // 200 is the PDF.
  response: { '4xx': errorBody },
};

export const invoiceRoutes: RoutePlugin = async (app, { db, config }) => {
  const turns = searchTurnsOf(db, config);
  const turnOf = (request: FastifyRequest, reply: FastifyReply): SearchTurn => ({
    turns,
    clientGone: watchClient(request, reply),
  });
  app.get(
    '/ov/invoices/api/fullbilling',
    {
      schema: { querystring: Type.Object(lineListQuery), response: listResponse },
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
      schema: { querystring: Type.Object({ ...filterQuery, line: optionalText }), response: listResponse },
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
      const { unified } = orNotFound(
        await findUnifiedInvoice(db, account, seriefactura, numerofactura, 'Gas'),
      );
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
      schema: {
        querystring: Type.Object({ invoice: givenText, start: filterQuery.start }),
        response: listResponse,
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
      return sendOrNoContent(
        reply,
        await listAnswer(db, account, filters, { start: request.query.start }, turnOf(request, reply)),
      );
    },
  );

  const priceSchema = { response: { 200: priceLimitsAnswer, '4xx': errorBody } };
  app.get('/ov/invoices/api/getPriceMinAndMaxInvoice', { schema: priceSchema }, async (request) => {
    const account = signedInAccount(request);
    const filters = await resolveFilters(db, account, {}, { lines: LINES, kinds: LISTED_KINDS });
    return priceLimits(searchReads(db, account), account, filters);
  });

  const unifiedCountsSchema = { response: { 200: unifiedCountsAnswer, '4xx': errorBody } };
  app.get('/ov/invoices/api/isUnicaInvoicesAssociate', { schema: unifiedCountsSchema }, async (request) => {
    const account = signedInAccount(request);
    const filters = await resolveFilters(db, account, {}, { lines: LINES, kinds: ['U'] });
    return { FacturasUnicas: await countInvoices(searchReads(db, account), account, filters) };
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
    const { contract_id: id, holder_id, cups: invoiceCups } = found.invoice;
    await recordSupplyRead(db, account, { id, holder_id, cups: invoiceCups });
    return sendInvoicePdf(reply, db, found.invoice);
  });
};

function cupsMatches(cups: string, given: string): boolean {
  const text = given.replace(/\s+/g, '').toUpperCase();
  return cups === text || cups.slice(0, 20) === text.slice(0, 20);
}
