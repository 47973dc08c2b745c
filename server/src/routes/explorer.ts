import { Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import { exploreConsumption, type Granularity } from '../data/explorer';
import { findMeasuredContract } from '../data/measurements';
import { notFound, orNotFound } from '../http/errors';
import { sendJsonOffLoop } from '../documents/json';
import { explorerAnswer, GRANULARITIES } from '../contract/measurements';
import type { RoutePlugin } from './context';
import { oneOf } from './schemas';
import { checkRange, measurementErrorBody, measurementQuery } from './measurementQueries';
import { heavyCall, heavyReads } from './heavyCalls';

export const RANGE_TOO_LONG_WIDE =
  'Sólo es posible realizar una consulta en un rango de 5 años con la escala semanal, mensual o anual.';

/** Weeks, months and years may span five years; hours and days keep the spec's 12 months. */
const WIDE_RANGE_MONTHS = 60;
const WIDE: readonly Granularity[] = ['week', 'month', 'year'];

const explorerSchema = {
  querystring: Type.Object({
    contractCode: measurementQuery.contractCode,
    cups: Type.Optional(Type.String({ maxLength: 30 })),
    startDate: measurementQuery.startDate,
    endDate: measurementQuery.endDate,
    granularity: Type.Optional(oneOf(GRANULARITIES, { default: 'day' })),
    compare: Type.Optional(Type.Boolean({ default: false })),
  }),
  response: { 200: explorerAnswer, '4xx': measurementErrorBody },
};

/**
 * The consumption explorer (issue 15, an addition to spec 02 documented in server/docs/explorer-api.md): a
 * contract's consumption by hour, day, week, month or year, by tariff period, against the contracted power and
 * the year before. Scoped like the load curve; gas contracts have no hourly metering and answer 404.
 */
export const explorerRoutes: RoutePlugin = async (app, { db, config }) => {
  const heavy = heavyCall(db, config);
  const reads = heavyReads(db);
  app.get('/ov/cups/api/curvas/explorar', { schema: explorerSchema, ...heavy }, async (request, reply) => {
    const { query } = request;
    const granularity = query.granularity ?? 'day';
    const range = checkRange(
      query.startDate,
      query.endDate,
      WIDE.includes(granularity) ? { months: WIDE_RANGE_MONTHS, tooLong: RANGE_TOO_LONG_WIDE } : {},
    );
    const contract = orNotFound(await findMeasuredContract(reads, signedInAccount(request), query));
    if (contract.line !== 'Electricidad') throw notFound();
    const answer = await exploreConsumption(reads, contract, {
      ...range,
      granularity,
      compare: query.compare ?? false,
    });
    // The schema above documents and tests the answer (explorer.test.ts); JSON.stringify writes a year of hours
    // in a third of the time the schema's serializer takes, checking each of the 70,000 numbers one by one,
    // and on a document thread, off the event loop.
    return sendJsonOffLoop(reply, answer);
  });
};
