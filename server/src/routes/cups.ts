import { Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import {
  addDebugLog,
  CONTRACTS_PAGE_SIZE,
  listCommunities,
  searchContracts,
  supplyPointOf,
} from '../data/contracts';
import { LINES } from '../data/invoices';
import { findVisibleContract } from '../data/scope';
import type { Line } from '../db/schema';
import { errorBody } from '../http/errors';
import type { RoutePlugin } from './context';
import { communitiesAnswer, type ContractRow, cupsMeAnswer, debugLogAnswer } from '../contract/contracts';

// A start is a row index (0, 10, 20…); the cap only keeps absurd numbers out.
const pageStart = Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 }));

const cupsMeSchema = {
  querystring: Type.Object(
    {
      cups: Type.Optional(Type.String({ maxLength: 30 })),
      contract: Type.Optional(Type.String({ maxLength: 20 })),
      startPaginationElectricidad: pageStart,
      startPaginationGas: pageStart,
    },
    { additionalProperties: false },
  ),
  response: {
    // The shape of the answer. The handler sends it as JSON text (the CUPS list comes from the database
    // already serialised), so Fastify does not run a serializer on it, and its type is that text.
    200: Type.Unsafe<string>(cupsMeAnswer),
    '4xx': errorBody,
  },
};

const debugLogSchema = {
  body: Type.Object(
    {
      event: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}$' }),
      // Numbers and flags only, so no free text (and no personal data) can reach the table.
      details: Type.Optional(
        Type.Unsafe<Record<string, number | boolean>>({
          type: 'object',
          maxProperties: 20,
          propertyNames: { pattern: '^[A-Za-z0-9_]{1,40}$' },
          additionalProperties: { anyOf: [{ type: 'number' }, { type: 'boolean' }] },
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: { 201: debugLogAnswer, '4xx': errorBody },
};

const communitiesSchema = { response: { 200: communitiesAnswer, '4xx': errorBody } };

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
export const cupsRoutes: RoutePlugin = async (app, { realm, db }) => {
  app.get('/ov/cups/api/cupsMe', { schema: cupsMeSchema }, async (request, reply) => {
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
    const byCodeOnly = request.query.contract?.trim() && !request.query.cups?.trim() && realm === 'cliente';
    const found =
      byCodeOnly && lines.Electricidad.count + lines.Gas.count === 0
        ? await findVisibleContract(db, account, request.query.contract!.trim())
        : undefined;
    const granted = found && found.holder_id !== account.holder_id ? found : undefined;
    if (granted) {
      // A supply another holder let this customer read (a screen opened from "Suministros autorizados"): the
      // one supply point, found and judged (and recorded) where every supply is (data/scope.ts).
      select = JSON.stringify(supplyPointOf(granted));
    } else if (lines.list !== undefined) {
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
          pages: lines[line].page.map((row): ContractRow => ({
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
  });

  // The administrator's communities to choose from on its invoice screen (server/docs/home-issues-api.md).
  if (realm === 'fincas') {
    app.get('/ov/cups/api/communities', { schema: communitiesSchema }, async (request) => ({
      comunidades: await listCommunities(db, signedInAccount(request)),
    }));
  }

  app.post('/ov/cups/api/createdebuglog', { schema: debugLogSchema }, async (request, reply) => {
    const account = signedInAccount(request);
    const id = await addDebugLog(db, {
      accountId: account.id,
      realm,
      event: request.body.event,
      details: request.body.details,
    });
    return reply.status(201).send({ id });
  });
};
