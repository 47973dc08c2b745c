import { Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import { exploreConsumption, type Granularity } from '../data/explorer';
import { findMeasuredContract } from '../data/measurements';
import { notFound } from '../http/errors';
import { sendJsonOffLoop } from '../documents/json';
import { PERIOD_CODES } from '../measurements/tariffPeriods';
import type { RoutePlugin } from './context';
import { nullableNumber, nullableString, oneOf } from './schemas';
import { checkRange, measurementErrorBody, measurementQuery } from './telemetry';
import { heavyCall, heavyReads } from './heavyCalls';

export const RANGE_TOO_LONG_WIDE =
  'Sólo es posible realizar una consulta en un rango de 5 años con la escala semanal, mensual o anual.';

/** Weeks, months and years may span five years; hours and days keep the spec's 12 months. */
const WIDE_RANGE_MONTHS = 60;
const WIDE: readonly Granularity[] = ['week', 'month', 'year'];

const GRANULARITIES: readonly Granularity[] = ['hour', 'day', 'week', 'month', 'year'];

const numbers = Type.Array(Type.Number());
const periodCode = oneOf(PERIOD_CODES);

const series = {
  date: Type.Array(Type.String()),
  start: numbers,
  hour: Type.Optional(Type.Array(Type.Integer())),
  period: Type.Optional(Type.Array(periodCode)),
  active: numbers,
  surplus: numbers,
  hours: Type.Array(Type.Integer()),
  estimated: Type.Array(Type.Integer()),
  byPeriod: Type.Optional(
    Type.Partial(Type.Object(Object.fromEntries(PERIOD_CODES.map((code) => [code, numbers])))),
  ),
};

const periodName = { code: periodCode, label: Type.String() };

const explorerSchema = {
  querystring: Type.Object({
    contractCode: measurementQuery.contractCode,
    cups: Type.Optional(Type.String({ maxLength: 30 })),
    startDate: measurementQuery.startDate,
    endDate: measurementQuery.endDate,
    granularity: Type.Optional(oneOf(GRANULARITIES, { default: 'day' })),
    compare: Type.Optional(Type.Boolean({ default: false })),
  }),
  response: {
    200: Type.Object({
      contract: Type.Object({
        code: Type.String(),
        cups: Type.String(),
        tariff: Type.String(),
        periods: Type.Array(Type.Object(periodName)),
        selfConsumption: Type.Boolean(),
      }),
      from: Type.String(),
      to: Type.String(),
      granularity: oneOf(GRANULARITIES),
      timeZone: Type.Unsafe<'Europe/Madrid'>({ type: 'string', enum: ['Europe/Madrid'] }),
      dataUntil: Type.Union([Type.Object({ date: Type.String(), time: Type.String() }), Type.Null()]),
      series: Type.Object(series),
      totals: Type.Object({
        active: Type.Number(),
        surplus: Type.Number(),
        net: Type.Number(),
        hours: Type.Integer(),
        estimated: Type.Integer(),
      }),
      periods: Type.Array(Type.Object({ ...periodName, kwh: Type.Number(), share: Type.Number() })),
      power: Type.Array(
        Type.Object({
          ...periodName,
          maxKw: nullableNumber,
          maxDate: nullableString,
          maxHour: nullableNumber,
          maxStart: nullableNumber,
          contractedKw: nullableNumber,
          exceeded: Type.Boolean(),
        }),
      ),
      comparison: Type.Optional(
        Type.Object({
          from: Type.String(),
          to: Type.String(),
          cutoff: nullableString,
          series: Type.Object({ ...series, shiftedStart: numbers }),
          currentKwh: Type.Number(),
          previousKwh: Type.Number(),
          differenceKwh: Type.Number(),
          differencePercent: nullableNumber,
        }),
      ),
    }),
    '4xx': measurementErrorBody,
  },
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
    const contract = await findMeasuredContract(reads, signedInAccount(request), query);
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
