import { type FastifyPluginAsync } from 'fastify';
import { signedInAccount } from '../auth/requireAuth';
import type { Line } from '../db/schema';
import type { RouteContext } from './context';
import { LINES } from '../data/invoices';
import { addDebugLog, CONTRACTS_PAGE_SIZE, searchContracts, supplyPointOf } from '../data/contracts';

interface CupsMeQuery {
  cups?: string;
  contract?: string;
  startPaginationElectricidad?: number;
  startPaginationGas?: number;
}

interface DebugLogBody {
  event: string;
  details?: Record<string, number | boolean>;
}

const errorBody = {
  type: 'object',
  properties: { code: { type: 'integer' }, message: { type: 'string' } },
} as const;

const nullableString = { type: ['string', 'null'] } as const;

const contractRowSchema = {
  type: 'object',
  properties: {
    codAbonado: { type: 'string' },
    codigoContratoSICOM: { type: 'string' },
    cups: { type: 'string' },
    calle: { type: 'string' },
    numDomicilio: { type: 'string' },
    extension: nullableString,
    codPostal: { type: 'string' },
    ciudad: { type: 'string' },
    fechaAlta: { type: 'string' },
    fechaBaja: nullableString,
    estado: { type: 'string' },
    tarifa: { type: 'string' },
  },
} as const;

const linePageSchema = {
  type: 'object',
  properties: {
    activePage: { type: 'integer' },
    totalPages: { type: 'integer' },
    pages: { type: 'array', items: contractRowSchema },
  },
} as const;

// A start is a row index (0, 10, 20…); the cap only keeps absurd numbers out.
const pageStart = { type: 'integer', minimum: 0, maximum: 1_000_000 } as const;

const cupsMeSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      cups: { type: 'string', maxLength: 30 },
      contract: { type: 'string', maxLength: 20 },
      startPaginationElectricidad: pageStart,
      startPaginationGas: pageStart,
    },
  },
  response: {
    // The shape of the answer. The handler sends it as JSON text (the CUPS list comes from the database
    // already serialised), so Fastify does not run a serializer on it.
    200: {
      type: 'object',
      properties: {
        cupsAsociados: {
          type: 'object',
          // A list, or a single object when exactly one supply point is in it.
          properties: { select: {} },
        },
        totalElectricidad: { type: 'integer' },
        totalGas: { type: 'integer' },
        contratos: {
          type: 'object',
          properties: { Electricidad: linePageSchema, Gas: linePageSchema },
        },
      },
    },
    '4xx': errorBody,
  },
} as const;

const debugLogSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['event'],
    properties: {
      event: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,64}$' },
      // Numbers and flags only, so no free text (and no personal data) can reach the table.
      details: {
        type: 'object',
        maxProperties: 20,
        propertyNames: { pattern: '^[A-Za-z0-9_]{1,40}$' },
        additionalProperties: { anyOf: [{ type: 'number' }, { type: 'boolean' }] },
      },
    },
  },
  response: { 201: { type: 'object', properties: { id: { type: 'integer' } } }, '4xx': errorBody },
} as const;

/**
 * The caller's supply points and contracts (spec 01 §7 cupsMe). Two uses, told apart by the paging parameters:
 *
 * - Without startPagination* (the CUPS list and the first page of both tables): `cupsAsociados.select` holds
 *   every supply point matching the filters, across all pages; the SPA keeps it as the session's CUPS list
 *   when no filter is set.
 * - With startPaginationElectricidad and/or startPaginationGas (row indexes 0, 10, 20…; a missing one is 0):
 *   `select` holds only the supply points of the rows returned, so paging a large customer stays light.
 *
 * Either way `select` is a single object when exactly one supply point is in it, as the retailer's API does;
 * `totalElectricidad` and `totalGas` count the matching contracts per line; `contratos.{line}` is the page of
 * that line's table: `activePage` (1-based), `totalPages`, `pages` (its rows).
 *
 * Filters match anywhere in the CUPS (case ignored) or the contract code. Counts and the two pages always come
 * from the database as such, so no answer reads more rows than it sends.
 */
export const cupsRoutes: FastifyPluginAsync<RouteContext> = async (app, { realm, db, requireAuth }) => {
  app.get<{ Querystring: CupsMeQuery }>(
    '/ov/cups/api/cupsMe',
    { schema: cupsMeSchema, preHandler: requireAuth },
    async (request, reply) => {
      const account = signedInAccount(request);
      const starts: Record<Line, number> = {
        Electricidad: request.query.startPaginationElectricidad ?? 0,
        Gas: request.query.startPaginationGas ?? 0,
      };
      const paged =
        request.query.startPaginationElectricidad !== undefined ||
        request.query.startPaginationGas !== undefined;
      const lines = await searchContracts(db, account, {
        cups: request.query.cups?.trim().toUpperCase() ?? '',
        contract: request.query.contract?.trim() ?? '',
        starts,
        wholeList: !paged,
      });

      let select: string;
      if (lines.list !== undefined) {
        // Exactly one supply point travels as the object itself, as the retailer's API does.
        select = lines.Electricidad.count + lines.Gas.count === 1 ? lines.list.slice(1, -1) : lines.list;
      } else {
        const points = [...lines.Electricidad.page, ...lines.Gas.page].map(supplyPointOf);
        select = JSON.stringify(points.length === 1 ? points[0] : points);
      }

      const contratos = Object.fromEntries(
        LINES.map((line) => [
          line,
          {
            activePage: Math.floor(starts[line] / CONTRACTS_PAGE_SIZE) + 1,
            totalPages: Math.ceil(lines[line].count / CONTRACTS_PAGE_SIZE),
            pages: lines[line].page.map((row) => ({
              codAbonado: row.code,
              codigoContratoSICOM: row.sicom_code,
              cups: row.cups,
              calle: row.street,
              numDomicilio: row.number,
              extension: row.extension,
              codPostal: row.postal_code,
              ciudad: row.city,
              fechaAlta: row.start_date,
              fechaBaja: row.end_date,
              estado: row.state,
              tarifa: row.tariff,
            })),
          },
        ]),
      );

      const rest = JSON.stringify({
        totalElectricidad: lines.Electricidad.count,
        totalGas: lines.Gas.count,
        contratos,
      });
      // The select is already JSON text: it is spliced in rather than parsed and serialised again.
      return reply
        .type('application/json; charset=utf-8')
        .send(`{"cupsAsociados":{"select":${select}},${rest.slice(1)}`);
    },
  );

  app.post<{ Body: DebugLogBody }>(
    '/ov/cups/api/createdebuglog',
    { schema: debugLogSchema, preHandler: requireAuth },
    async (request, reply) => {
      const account = signedInAccount(request);
      const id = await addDebugLog(db, {
        accountId: account.id,
        realm,
        event: request.body.event,
        details: request.body.details,
      });
      return reply.status(201).send({ id });
    },
  );
};
