import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import { measuredHours } from '../data/measurements';
import { sendCsv } from '../documents/csv';
import { sendJsonOffLoop } from '../documents/json';
import { buildCurveSheet, buildTelemetrySheet } from '../documents/curveSheet';
import { sendWorkbook } from '../documents/spreadsheet';
import { ApiError, errorBody, sendError } from '../http/errors';
import { addDays, addMonths, type DateRange, parseDashDate, toDashDate } from '../measurements/dates';
import type { HourlyMeasurement } from '../measurements/loadProfile';
import { madridTimestamp, madridToday } from '../measurements/madridTime';
import type { RoutePlugin } from './context';
import { answer, oneOf } from './schemas';
import { clientGoneSignal, heavyCall, heavyReads } from './heavyCalls';

export const RANGE_TOO_LONG = 'Sólo es posible realizar una consulta en un rango de 12 meses.';
export const RANGE_INVERTED = 'La fecha de inicio debe de ser anterior a la fecha de fin de la consulta.';
export const DATES_REQUIRED = 'Las fechas de inicio y de fin son obligatorias (formato DD-MM-AAAA).';
export const BAD_DATE = 'Fecha no válida: use el formato DD-MM-AAAA.';

export const MAX_RANGE_MONTHS = 12;
export const DEFAULT_WINDOW_DAYS = 7;

const DASH_DATE = '^[0-9]{2}-[0-9]{2}-[0-9]{4}$';

/**
 * The 12-month rule of spec 02 §5, enforced here as well as in the SPA: the start may be at most 12 months
 * before the end (15-01-2025 to 15-01-2026 is allowed, 14-01-2025 is not) and not after it. The load-curve
 * screen is stricter (start after the end minus 12 months); the server accepts the wider of the two rules.
 */
export function checkRange(
  startText: string,
  endText: string,
  { months = MAX_RANGE_MONTHS, tooLong = RANGE_TOO_LONG } = {},
): DateRange {
  const from = parseDashDate(startText);
  const to = parseDashDate(endText);
  if (!from || !to) throw new ApiError(400, 400, BAD_DATE);
  if (from > to) throw new ApiError(400, 400, RANGE_INVERTED);
  if (from < addMonths(to, -months)) throw new ApiError(400, 400, tooLong);
  return { from, to };
}

/** The default window: the 7 days ending yesterday. */
export function defaultWindow(today = madridToday()): DateRange {
  return { from: addDays(today, -DEFAULT_WINDOW_DAYS), to: addDays(today, -1) };
}

/**
 * These calls' error bodies carry the text in `error` (spec 02 §8, read by the load-curve screen) besides
 * the house {code, message}.
 */
export function sendMeasurementError(
  error: FastifyError | ApiError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof ApiError) {
    if (error.headers) reply.headers(error.headers);
    return reply
      .status(error.statusCode)
      .send({ code: error.code, message: error.message, error: error.message });
  }
  if (error.validation) {
    const message = `Datos no válidos: ${error.message}`;
    return reply.status(400).send({ code: 400, message, error: message });
  }
  return sendError(error, request, reply);
}

// sendMeasurementError's body: the house one with the text in `error` too.
export const measurementErrorBody = Type.Object({
  ...errorBody.properties,
  error: Type.Optional(Type.String()),
});

const dashDate = Type.String({ pattern: DASH_DATE });

/** The contract and the range (DD-MM-YYYY) every measurement call takes. */
export const measurementQuery = {
  contractCode: Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9A-Za-z-]+$' }),
  startDate: dashDate,
  endDate: dashDate,
};

const commonQuery = {
  contractCode: measurementQuery.contractCode,
  cups: Type.Optional(Type.String({ maxLength: 30 })),
  startDate: Type.Optional(dashDate),
  endDate: Type.Optional(dashDate),
  output: Type.Optional(oneOf(['json', 'xlsx'], { default: 'json' })),
};

const total = answer({ countTotal: Type.Integer() });

const telemetrySchema = {
  querystring: Type.Object({
    ...commonQuery,
    ...measurementQuery,
    line: Type.Optional(Type.String({ maxLength: 20 })),
    // Only hourly telemetry exists (freq=1, the spec's default frequency).
    freq: Type.Optional(Type.Unsafe<1>({ type: 'integer', enum: [1], default: 1 })),
  }),
  response: {
    200: answer({
      Telemetry: answer({
        select: Type.Array(
          answer({ dateRecord: Type.String(), activeEnergy: Type.Number(), reactiveEnergy: Type.Number() }),
        ),
        total,
      }),
    }),
    '4xx': measurementErrorBody,
  },
};

const curvesSchema = {
  querystring: Type.Object({
    ...commonQuery,
    // The load curve also exports CSV (issue 15).
    output: Type.Optional(oneOf(['json', 'xlsx', 'csv'], { default: 'json' })),
    DefaultQuery: Type.Optional(Type.Boolean()),
  }),
  response: {
    200: answer({
      Curvas: answer({
        inputDate: answer({ startDate: Type.String(), endDate: Type.String() }),
        select: Type.Array(
          answer({
            dateRecord: Type.String(),
            hourRecord: Type.Integer(),
            activeEnergy: Type.Number(),
            pasiveEnergy: Type.Number(),
          }),
        ),
        total,
      }),
    }),
    '4xx': measurementErrorBody,
  },
};

/** The hours as the JSON answers list them: one row each, and how many. */
function hourList<Row>(hours: HourlyMeasurement[], row: (hour: HourlyMeasurement) => Row) {
  return { select: hours.map(row), total: { countTotal: hours.length } };
}

/**
 * Telemetry (hourly active and reactive energy) and the load curve (hourly active energy and surplus) of a
 * contract: JSON for the charts or a spreadsheet.
 */
export const telemetryRoutes: RoutePlugin = async (app, { db, config }) => {
  const heavy = heavyCall(db, config);
  const reads = heavyReads(db);
  app.get('/ov/cups/api/telemetry', { schema: telemetrySchema, ...heavy }, async (request, reply) => {
    const { query } = request;
    const range = checkRange(query.startDate, query.endDate);
    const { contract, hours } = await measuredHours(
      reads,
      signedInAccount(request),
      query,
      range,
      clientGoneSignal(request),
    );
    if (query.output === 'xlsx') {
      return sendWorkbook(
        reply,
        buildTelemetrySheet(contract.cups, hours),
        `Telemedida-${contract.code}.xlsx`,
      );
    }
    return sendJsonOffLoop(reply, {
      Telemetry: hourList(hours, (hour) => ({
        dateRecord: madridTimestamp(hour.startsAt),
        activeEnergy: hour.active,
        reactiveEnergy: hour.reactive,
      })),
    });
  });

  app.get('/ov/cups/api/curvas', { schema: curvesSchema, ...heavy }, async (request, reply) => {
    const { query } = request;
    let range: DateRange;
    if (query.startDate && query.endDate) range = checkRange(query.startDate, query.endDate);
    else if (query.DefaultQuery) range = defaultWindow();
    else throw new ApiError(400, 400, DATES_REQUIRED);
    const { contract, hours } = await measuredHours(
      reads,
      signedInAccount(request),
      query,
      range,
      clientGoneSignal(request),
    );
    if (query.output === 'xlsx' || query.output === 'csv') {
      const sheet = buildCurveSheet(contract.cups, contract.tariff, hours);
      const fileName = `CurvasCarga-${contract.code}.${query.output}`;
      return query.output === 'csv' ? sendCsv(reply, sheet, fileName) : sendWorkbook(reply, sheet, fileName);
    }
    return sendJsonOffLoop(reply, {
      Curvas: {
        inputDate: { startDate: toDashDate(range.from), endDate: toDashDate(range.to) },
        ...hourList(hours, (hour) => ({
          dateRecord: toDashDate(hour.date),
          hourRecord: hour.hour,
          activeEnergy: hour.active,
          pasiveEnergy: hour.surplus,
        })),
      },
    });
  });
};
