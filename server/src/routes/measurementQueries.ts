import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { ApiError, errorBody, sendError } from '../http/errors';
import { addDays, addMonths, type DateRange, parseDashDate } from '../measurements/dates';
import { serverToday } from '../clock';

/**
 * What the measurement routes (telemetry and load curve, explorer, certificate) share on the HTTP side: the
 * range rules and their Spanish messages, the query every call takes and the error answer of their scope.
 */

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
export function defaultWindow(today = serverToday()): DateRange {
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

export const dashDate = Type.String({ pattern: DASH_DATE });

/** The contract and the range (DD-MM-YYYY) every measurement call takes. */
export const measurementQuery = {
  contractCode: Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9A-Za-z-]+$' }),
  startDate: dashDate,
  endDate: dashDate,
};
