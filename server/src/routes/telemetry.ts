import { Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import { measuredHours } from '../data/measurements';
import { sendCsv } from '../documents/csv';
import { sendJsonOffLoop, sendJsonText } from '../documents/json';
import { buildCurveSheet, buildTelemetrySheet } from '../documents/curveSheet';
import { sendWorkbook } from '../documents/spreadsheet';
import {
  CURVES_COMPACT,
  CURVES_STEP_MS,
  curvesAnswer,
  type CurvesAnswer,
  curvesCompactAnswer,
  type CurvesCompactAnswer,
  telemetryAnswer,
} from '../contract/measurements';
import { ApiError, orNotFound } from '../http/errors';
import { type DateRange, toDashDate } from '../measurements/dates';
import type { HourlyMeasurement } from '../measurements/loadProfile';
import { madridTimestamp } from '../measurements/madridTime';
import type { RoutePlugin } from './context';
import {
  checkRange,
  DATES_REQUIRED,
  dashDate,
  defaultWindow,
  measurementErrorBody,
  measurementQuery,
} from './measurementQueries';
import { oneOf } from './schemas';
import { clientGoneSignal, heavyCall, heavyReads } from './heavyCalls';

const commonQuery = {
  contractCode: measurementQuery.contractCode,
  cups: Type.Optional(Type.String({ maxLength: 30 })),
  startDate: Type.Optional(dashDate),
  endDate: Type.Optional(dashDate),
  output: Type.Optional(oneOf(['json', 'xlsx'], { default: 'json' })),
};

const telemetrySchema = {
  querystring: Type.Object({
    ...commonQuery,
    ...measurementQuery,
    line: Type.Optional(Type.String({ maxLength: 20 })),
    // Only hourly telemetry exists (freq=1, the spec's default frequency).
    freq: Type.Optional(Type.Unsafe<1>({ type: 'integer', enum: [1], default: 1 })),
  }),
  // With output=xlsx the answer is the spreadsheet.
  response: { 200: telemetryAnswer, '4xx': measurementErrorBody },
};

const curvesSchema = {
  querystring: Type.Object({
    ...commonQuery,
    // The load curve also exports CSV (issue 15).
    output: Type.Optional(oneOf(['json', 'xlsx', 'csv'], { default: 'json' })),
    DefaultQuery: Type.Optional(Type.Boolean()),
    // The compact form of the JSON answer (server/docs/load-curve-compact.md); without it, the spec's shape.
    shape: Type.Optional(oneOf([CURVES_COMPACT])),
  }),
  // With output=xlsx or csv the answer is that file.
  response: { 200: Type.Union([curvesAnswer, curvesCompactAnswer]), '4xx': measurementErrorBody },
};

/** The hours as the JSON answers list them: one row each, and how many. */
function hourList<Row>(hours: HourlyMeasurement[], row: (hour: HourlyMeasurement) => Row) {
  return { select: hours.map(row), total: { countTotal: hours.length } };
}

/**
 * The compact load curve as JSON text: a column of numbers a series, written by JSON.stringify's fast path for
 * number arrays on the event loop (about 1 ms a year; a worker's copy of the arrays would cost more), with no
 * object built per hour. Hours are evenly spaced in UTC; a missing one is null at its place.
 */
function compactCurvesJson(range: DateRange, hours: HourlyMeasurement[]): string {
  const start = hours.length ? hours[0].startsAt : null;
  const length = start === null ? 0 : (hours[hours.length - 1].startsAt - start) / CURVES_STEP_MS + 1;
  let activeEnergy: (number | null)[];
  let pasiveEnergy: (number | null)[];
  if (length === hours.length) {
    activeEnergy = hours.map((hour) => hour.active);
    pasiveEnergy = hours.map((hour) => hour.surplus);
  } else {
    activeEnergy = new Array<number | null>(length).fill(null);
    pasiveEnergy = new Array<number | null>(length).fill(null);
    for (const hour of hours) {
      const index = (hour.startsAt - start!) / CURVES_STEP_MS;
      activeEnergy[index] = hour.active;
      pasiveEnergy[index] = hour.surplus;
    }
  }
  const answer: CurvesCompactAnswer = {
    Curvas: {
      inputDate: { startDate: toDashDate(range.from), endDate: toDashDate(range.to) },
      start,
      step: CURVES_STEP_MS,
      activeEnergy,
      pasiveEnergy,
      total: { countTotal: hours.length },
    },
  };
  return JSON.stringify(answer);
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
    const { contract, hours } = orNotFound(
      await measuredHours(reads, signedInAccount(request), query, range, clientGoneSignal(request)),
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
    const { contract, hours } = orNotFound(
      await measuredHours(reads, signedInAccount(request), query, range, clientGoneSignal(request)),
    );
    if (query.output === 'xlsx' || query.output === 'csv') {
      const sheet = buildCurveSheet(contract.cups, contract.tariff, hours);
      const fileName = `CurvasCarga-${contract.code}.${query.output}`;
      return query.output === 'csv' ? sendCsv(reply, sheet, fileName) : sendWorkbook(reply, sheet, fileName);
    }
    if (query.shape === CURVES_COMPACT) {
      return sendJsonText(reply, compactCurvesJson(range, hours));
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
    } satisfies CurvesAnswer);
  });
};
