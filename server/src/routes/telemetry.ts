import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import { signedInAccount } from '../auth/requireAuth';
import { measuredHours } from '../data/measurements';
import { buildCurveSheet, buildTelemetrySheet } from '../documents/curveSheet';
import { sendWorkbook } from '../documents/spreadsheet';
import { ApiError, sendError } from '../http/errors';
import { addDays, addMonths, type DateRange, parseDashDate, toDashDate } from '../measurements/dates';
import { type HourlyMeasurement, madridTimestamp, madridToday } from '../measurements/loadProfile';
import type { RouteContext } from './context';

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
export function checkRange(startText: string, endText: string): DateRange {
  const from = parseDashDate(startText);
  const to = parseDashDate(endText);
  if (!from || !to) throw new ApiError(400, 400, BAD_DATE);
  if (from > to) throw new ApiError(400, 400, RANGE_INVERTED);
  if (from < addMonths(to, -MAX_RANGE_MONTHS)) throw new ApiError(400, 400, RANGE_TOO_LONG);
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

const errorBody = {
  type: 'object',
  properties: { code: { type: 'integer' }, message: { type: 'string' }, error: { type: 'string' } },
} as const;

const commonQuery = {
  contractCode: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[0-9A-Za-z-]+$' },
  cups: { type: 'string', maxLength: 30 },
  startDate: { type: 'string', pattern: DASH_DATE },
  endDate: { type: 'string', pattern: DASH_DATE },
  output: { type: 'string', enum: ['json', 'xlsx'], default: 'json' },
} as const;

interface TelemetryQuery {
  line?: string;
  freq?: number;
  cups?: string;
  contractCode: string;
  startDate: string;
  endDate: string;
  output: 'json' | 'xlsx';
}

const telemetrySchema = {
  querystring: {
    type: 'object',
    required: ['contractCode', 'startDate', 'endDate'],
    properties: {
      ...commonQuery,
      line: { type: 'string', maxLength: 20 },
      // Only hourly telemetry exists (freq=1, the spec's default frequency).
      freq: { type: 'integer', enum: [1], default: 1 },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        Telemetry: {
          type: 'object',
          properties: {
            select: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  dateRecord: { type: 'string' },
                  activeEnergy: { type: 'number' },
                  reactiveEnergy: { type: 'number' },
                },
              },
            },
            total: { type: 'object', properties: { countTotal: { type: 'integer' } } },
          },
        },
      },
    },
    '4xx': errorBody,
  },
} as const;

interface CurvesQuery {
  cups?: string;
  contractCode: string;
  startDate?: string;
  endDate?: string;
  output: 'json' | 'xlsx';
  DefaultQuery?: boolean;
}

const curvesSchema = {
  querystring: {
    type: 'object',
    required: ['contractCode'],
    properties: { ...commonQuery, DefaultQuery: { type: 'boolean' } },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        Curvas: {
          type: 'object',
          properties: {
            inputDate: {
              type: 'object',
              properties: { startDate: { type: 'string' }, endDate: { type: 'string' } },
            },
            select: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  dateRecord: { type: 'string' },
                  hourRecord: { type: 'integer' },
                  activeEnergy: { type: 'number' },
                  pasiveEnergy: { type: 'number' },
                },
              },
            },
            total: { type: 'object', properties: { countTotal: { type: 'integer' } } },
          },
        },
      },
    },
    '4xx': errorBody,
  },
} as const;

/** The hours as the JSON answers list them: one row each, and how many. */
function hourList<Row>(hours: HourlyMeasurement[], row: (hour: HourlyMeasurement) => Row) {
  return { select: hours.map(row), total: { countTotal: hours.length } };
}

/**
 * Telemetry (hourly active and reactive energy) and the load curve (hourly active energy and surplus) of a
 * contract: JSON for the charts or a spreadsheet.
 */
export const telemetryRoutes: FastifyPluginAsync<RouteContext> = async (app, { db, requireAuth }) => {
  app.get<{ Querystring: TelemetryQuery }>(
    '/ov/cups/api/telemetry',
    { schema: telemetrySchema, preHandler: requireAuth, errorHandler: sendMeasurementError },
    async (request, reply) => {
      const { query } = request;
      const range = checkRange(query.startDate, query.endDate);
      const { contract, hours } = await measuredHours(db, signedInAccount(request), query, range);
      if (query.output === 'xlsx') {
        return sendWorkbook(
          reply,
          buildTelemetrySheet(contract.cups, hours),
          `Telemedida-${contract.code}.xlsx`,
        );
      }
      return {
        Telemetry: hourList(hours, (hour) => ({
          dateRecord: madridTimestamp(hour.startsAt),
          activeEnergy: hour.active,
          reactiveEnergy: hour.reactive,
        })),
      };
    },
  );

  app.get<{ Querystring: CurvesQuery }>(
    '/ov/cups/api/curvas',
    { schema: curvesSchema, preHandler: requireAuth, errorHandler: sendMeasurementError },
    async (request, reply) => {
      const { query } = request;
      let range: DateRange;
      if (query.startDate && query.endDate) range = checkRange(query.startDate, query.endDate);
      else if (query.DefaultQuery) range = defaultWindow();
      else throw new ApiError(400, 400, DATES_REQUIRED);
      const { contract, hours } = await measuredHours(db, signedInAccount(request), query, range);
      if (query.output === 'xlsx') {
        return sendWorkbook(
          reply,
          buildCurveSheet(contract.cups, hours),
          `CurvasCarga-${contract.code}.xlsx`,
        );
      }
      return {
        Curvas: {
          inputDate: { startDate: toDashDate(range.from), endDate: toDashDate(range.to) },
          ...hourList(hours, (hour) => ({
            dateRecord: toDashDate(hour.date),
            hourRecord: hour.hour,
            activeEnergy: hour.active,
            pasiveEnergy: hour.surplus,
          })),
        },
      };
    },
  );
};
