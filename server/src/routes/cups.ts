import { type FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';

import { signedInAccount } from '../auth/requireAuth';
import { isPostgres } from '../db/database';
import type { Line } from '../db/schema';
import type { RouteContext } from './context';
import { visibleContracts } from '../data/scope';

/** Contracts per page in each line's table (spec 01 §9). */
export const CONTRACTS_PAGE_SIZE = 10;
const LINES: readonly Line[] = ['Electricidad', 'Gas'];

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

/** `%` and `_` typed by the user are literal characters, not wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A supply point of the CUPS list (spec 01 §3): its answer keys and the columns they come from, with
 * `accessFee: { fee }` after them. The one description both builders below read, so the whole list (made by
 * the database) and a page's points (made here) cannot drift apart.
 */
const SUPPLY_POINT_FIELDS = [
  ['cups', 'supply_points.cups'],
  ['codAbonado', 'contracts.code'],
  ['line', 'contracts.line'],
  ['domicilio', 'supply_points.street'],
  ['numDomicilio', 'supply_points.number'],
  ['ampExtension1', 'supply_points.extension'],
  ['ciudad', 'supply_points.city'],
  ['fechaAlta', 'contracts.start_date'],
  ['fechaBaja', 'contracts.end_date'],
] as const;

/** The name a selected column has in a result row: `supply_points.cups` -> `cups`. */
const rowKey = (column: string) => column.slice(column.indexOf('.') + 1);

function supplyPointOf(row: Record<string, unknown>) {
  return {
    ...Object.fromEntries(SUPPLY_POINT_FIELDS.map(([key, column]) => [key, row[rowKey(column)]])),
    accessFee: { fee: row.access_fee },
  };
}

/**
 * The whole matching CUPS list as JSON text, built by the database: a customer with hundreds of contracts would
 * otherwise cost a JS object per row and field, and this list is most of the home's first answer.
 */
function supplyPointsJson(db: RouteContext['db'], matching: ReturnType<typeof visibleContracts>) {
  const fields = sql.join(
    SUPPLY_POINT_FIELDS.flatMap(([key, column]) => [sql.lit(key), sql.ref(column)]).concat(
      sql.lit('accessFee'),
    ),
  );
  const order = sql`order by ${sql.ref('contracts.line')}, ${sql.ref('contracts.code')}`;
  const list = isPostgres(db)
    ? sql<string>`coalesce(json_agg(json_build_object(${fields}, json_build_object('fee', ${sql.ref('contracts.access_fee')})) ${order}), '[]')::text`
    : sql<string>`json_group_array(json_object(${fields}, json_object('fee', ${sql.ref('contracts.access_fee')})) ${order})`;
  return matching.select(list.as('list'));
}

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
      const cups = request.query.cups?.trim().toUpperCase() ?? '';
      const contract = request.query.contract?.trim() ?? '';

      let matching = visibleContracts(db, account);
      if (cups) {
        matching = matching.where(
          sql<boolean>`upper(supply_points.cups) like ${containsPattern(cups)} escape '\\'`,
        );
      }
      if (contract) {
        matching = matching.where(sql<boolean>`contracts.code like ${containsPattern(contract)} escape '\\'`);
      }
      const contractColumns = matching.select([
        'contracts.code',
        'contracts.sicom_code',
        'contracts.line',
        'contracts.tariff',
        'contracts.access_fee',
        'contracts.start_date',
        'contracts.end_date',
        'contracts.state',
        'supply_points.cups',
        'supply_points.street',
        'supply_points.number',
        'supply_points.extension',
        'supply_points.postal_code',
        'supply_points.city',
      ]);

      const starts: Record<Line, number> = {
        Electricidad: request.query.startPaginationElectricidad ?? 0,
        Gas: request.query.startPaginationGas ?? 0,
      };
      const paged =
        request.query.startPaginationElectricidad !== undefined ||
        request.query.startPaginationGas !== undefined;

      const pageOf = (line: Line) =>
        contractColumns
          .where('contracts.line', '=', line)
          .orderBy('contracts.code')
          .limit(CONTRACTS_PAGE_SIZE)
          .offset(starts[line])
          .execute();
      const [counts, electricity, gas, whole] = await Promise.all([
        matching
          .select(['contracts.line', (eb) => eb.fn.countAll<number>().as('count')])
          .groupBy('contracts.line')
          .execute(),
        pageOf('Electricidad'),
        pageOf('Gas'),
        paged ? undefined : supplyPointsJson(db, matching).executeTakeFirst(),
      ]);
      const countOf = (line: Line) => Number(counts.find((c) => c.line === line)?.count ?? 0);
      const lines = {
        Electricidad: { count: countOf('Electricidad'), page: electricity },
        Gas: { count: countOf('Gas'), page: gas },
      };

      let select: string;
      if (whole) {
        // Exactly one supply point travels as the object itself, as the retailer's API does.
        select = lines.Electricidad.count + lines.Gas.count === 1 ? whole.list.slice(1, -1) : whole.list;
      } else {
        const points = [...electricity, ...gas].map(supplyPointOf);
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
      const { id } = await db
        .insertInto('debug_logs')
        .values({
          account_id: account.id,
          realm,
          event: request.body.event,
          details: request.body.details ? JSON.stringify(request.body.details) : null,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ id });
    },
  );
};
