import { type Static, Type } from 'typebox';
import { nullableNumber, nullableString, oneOf } from './common';

/** The tariff periods, P1 first; a tariff has the first 3 (2.0TD) or all 6. */
export const PERIOD_CODES = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'] as const;
export type PeriodCode = (typeof PERIOD_CODES)[number];

/** The hours' row count of telemetry and the load curve. */
const hourCount = Type.Object({ countTotal: Type.Integer() });

/** GET ov/cups/api/telemetry (JSON): hourly active and reactive energy. */
export const telemetryAnswer = Type.Object({
  Telemetry: Type.Object({
    select: Type.Array(
      Type.Object({
        /** ISO 8601 local time with offset, the start of the hour. */
        dateRecord: Type.String(),
        activeEnergy: Type.Number(),
        reactiveEnergy: Type.Number(),
      }),
    ),
    total: hourCount,
  }),
});
export type TelemetryAnswer = Static<typeof telemetryAnswer>;
export type TelemetryRecord = TelemetryAnswer['Telemetry']['select'][number];

/** GET ov/cups/api/curvas (JSON): hourly active energy and surplus, and the range answered (DD-MM-YYYY). */
export const curvesAnswer = Type.Object({
  Curvas: Type.Object({
    inputDate: Type.Object({ startDate: Type.String(), endDate: Type.String() }),
    select: Type.Array(
      Type.Object({
        /** Local date DD-MM-YYYY. */
        dateRecord: Type.String(),
        /** 1..23/24/25 within the day. */
        hourRecord: Type.Integer(),
        activeEnergy: Type.Number(),
        pasiveEnergy: Type.Number(),
      }),
    ),
    total: hourCount,
  }),
});
export type CurvesAnswer = Static<typeof curvesAnswer>;

/** The query value that asks /curvas for its compact form (server/docs/load-curve-compact.md). */
export const CURVES_COMPACT = 'compact';
/** The milliseconds between two values of the compact form: one hour (hours are evenly spaced in UTC). */
export const CURVES_STEP_MS = 3_600_000;

/**
 * GET ov/cups/api/curvas?shape=compact (JSON): the same hours as columns, without an object per hour. Value `i`
 * is the hour starting at `start + i × step` (UTC ms); an hour without data is null. A year is 2 × 8,760 numbers.
 */
export const curvesCompactAnswer = Type.Object({
  Curvas: Type.Object({
    inputDate: Type.Object({ startDate: Type.String(), endDate: Type.String() }),
    /** UTC ms of the first hour's start; null when there are no hours. */
    start: nullableNumber,
    step: Type.Integer(),
    activeEnergy: Type.Array(nullableNumber),
    pasiveEnergy: Type.Array(nullableNumber),
    /** The hours that hold data. */
    total: hourCount,
  }),
});
export type CurvesCompactAnswer = Static<typeof curvesCompactAnswer>;

export const GRANULARITIES = ['hour', 'day', 'week', 'month', 'year'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

const numbers = Type.Array(Type.Number());
const periodCode = oneOf(PERIOD_CODES);

/**
 * The explorer's series: one column per field, one entry per bucket (an hour, a day, a week, a month or a year),
 * oldest first. A year by hour is 8,784 numbers a column, which the chart reads without an object per hour.
 */
const seriesFields = {
  /** Local date (YYYY-MM-DD) of the bucket's first day within the range (weeks start on Monday). */
  date: Type.Array(Type.String()),
  /** UTC milliseconds of the bucket's start (local midnight, or the hour's start). */
  start: numbers,
  /** Hour granularity only: the metering hour of the local day, 1..23/24/25. */
  hour: Type.Optional(Type.Array(Type.Integer())),
  /** Hour granularity only: the tariff period of each hour. */
  period: Type.Optional(Type.Array(periodCode)),
  /** Energy taken from the grid, kWh. */
  active: numbers,
  /** Self-consumption surplus poured into the grid, kWh (zeros without self-consumption). */
  surplus: numbers,
  /** Hours in the bucket that hold data. */
  hours: Type.Array(Type.Integer()),
  /** Of those, hours the distributor estimated (hour granularity: 0 or 1). */
  estimated: Type.Array(Type.Integer()),
  /** Day granularity and above: active kWh of each bucket by tariff period (the tariff's periods only). */
  byPeriod: Type.Optional(
    Type.Partial(
      Type.Object({ P1: numbers, P2: numbers, P3: numbers, P4: numbers, P5: numbers, P6: numbers }),
    ),
  ),
};
const explorerSeries = Type.Object(seriesFields);
export type ExplorerSeries = Static<typeof explorerSeries>;

/** 'P1 Punta' for 2.0TD, 'P4' for 3.0TD (as on the bills and in the legends). */
const periodName = { code: periodCode, label: Type.String() };

const explorerPeriod = Type.Object({
  ...periodName,
  /** Active kWh in the range. */
  kwh: Type.Number(),
  /** Share of the range's active kWh, 0..100, one decimal; the shares add up to 100 (±0.1). */
  share: Type.Number(),
});

/** One per power period of the tariff: 2.0TD has two (P1 over the P1 and P2 hours, P2 over the P3 hours). */
const explorerPower = Type.Object({
  ...periodName,
  /** The highest hourly power of the period in the range (kWh in one hour = mean kW), null without data. */
  maxKw: nullableNumber,
  /** When it happened: local date and metering hour, and UTC ms of the hour's start. */
  maxDate: nullableString,
  maxHour: nullableNumber,
  maxStart: nullableNumber,
  /** The contracted power of the power period. */
  contractedKw: nullableNumber,
  exceeded: Type.Boolean(),
});

const explorerComparison = Type.Object({
  /** The same range one year earlier (ISO). */
  from: Type.String(),
  to: Type.String(),
  /** The last local date with data in both years, shifted to this year (ISO); null when none. */
  cutoff: nullableString,
  /** The earlier year's buckets; `shiftedStart` places each one on this year's time axis. */
  series: Type.Object({ ...seriesFields, shiftedStart: numbers }),
  /** Active kWh up to the cut-off in each year, and the difference (current minus previous). */
  currentKwh: Type.Number(),
  previousKwh: Type.Number(),
  differenceKwh: Type.Number(),
  /** null when the earlier year has no consumption to compare with. */
  differencePercent: nullableNumber,
});
export type ExplorerComparison = Static<typeof explorerComparison>;

/**
 * GET ov/cups/api/curvas/explorar (issue 15, server/docs/explorer-api.md): a contract's consumption by hour, day,
 * week, month or year, by tariff period, against the contracted power and the year before.
 */
export const explorerAnswer = Type.Object({
  contract: Type.Object({
    code: Type.String(),
    cups: Type.String(),
    tariff: Type.String(),
    /** The tariff's energy periods, P1 first, with their labels. */
    periods: Type.Array(Type.Object(periodName)),
    /** On-site generation: the chart shows import, surplus and net. */
    selfConsumption: Type.Boolean(),
  }),
  /** The range answered (ISO), cut to the contract's life and the metered history. */
  from: Type.String(),
  to: Type.String(),
  granularity: oneOf(GRANULARITIES),
  timeZone: oneOf(['Europe/Madrid']),
  /** The end of the last hour with data: its local date and clock time ('24:00' for midnight); null when none. */
  dataUntil: Type.Union([Type.Object({ date: Type.String(), time: Type.String() }), Type.Null()]),
  series: explorerSeries,
  totals: Type.Object({
    active: Type.Number(),
    surplus: Type.Number(),
    net: Type.Number(),
    hours: Type.Integer(),
    estimated: Type.Integer(),
  }),
  periods: Type.Array(explorerPeriod),
  power: Type.Array(explorerPower),
  comparison: Type.Optional(explorerComparison),
});
export type ExplorerAnswer = Static<typeof explorerAnswer>;
