/**
 * The consumption explorer's call (GET /ov/cups/api/curvas/explorar, an addition to spec 02 documented in
 * server/docs/explorer-api.md) and the view the explorer keeps in the URL. Series are columns, not rows: a year
 * by hour is 8,784 numbers a column, which the chart reads without building an object per hour.
 */

export type Granularity = 'hour' | 'day' | 'week' | 'month' | 'year';
export const GRANULARITIES: readonly Granularity[] = ['hour', 'day', 'week', 'month', 'year'];

export type PeriodCode = 'P1' | 'P2' | 'P3' | 'P4' | 'P5' | 'P6';

export interface ExplorerArgs {
  cups: string;
  contractCode: string;
  /** ISO dates (local, Europe/Madrid); sent as DD-MM-YYYY like the spec's measurement calls. */
  from: string;
  to: string;
  granularity: Granularity;
  /** Also answer the same range one year earlier. */
  compare: boolean;
}

/** One column per field, one entry per bucket (an hour, a day, a week, a month or a year), oldest first. */
export interface ExplorerSeries {
  /** Local date (YYYY-MM-DD) of the bucket's first day within the range (weeks start on Monday). */
  date: string[];
  /** UTC milliseconds of the bucket's start (local midnight, or the hour's start). */
  start: number[];
  /** Hour granularity only: the metering hour of the local day, 1..23/24/25. */
  hour?: number[];
  /** Hour granularity only: the tariff period of each hour. */
  period?: PeriodCode[];
  /** Energy taken from the grid, kWh. */
  active: number[];
  /** Self-consumption surplus poured into the grid, kWh (zeros without self-consumption). */
  surplus: number[];
  /** Hours in the bucket that hold data. */
  hours: number[];
  /** Of those, hours the distributor estimated (hour granularity: 0 or 1). */
  estimated: number[];
  /** Day granularity and above: active kWh of each bucket by tariff period (the tariff's periods only). */
  byPeriod?: Partial<Record<PeriodCode, number[]>>;
}

export interface ExplorerPeriod {
  code: PeriodCode;
  /** 'P1 Punta' for 2.0TD, 'P4' for 3.0TD (as on the bills and in the legends). */
  label: string;
  /** Active kWh in the range. */
  kwh: number;
  /** Share of the range's active kWh, 0..100, one decimal; the shares add up to 100 (±0.1). */
  share: number;
}

/** One per power period of the tariff: 2.0TD has two (P1 over the P1 and P2 hours, P2 over the P3 hours). */
export interface ExplorerPower {
  code: PeriodCode;
  label: string;
  /** The highest hourly power of the period in the range (kWh in one hour = mean kW), null without data. */
  maxKw: number | null;
  /** When it happened: local date and metering hour, and UTC ms of the hour's start. */
  maxDate: string | null;
  maxHour: number | null;
  maxStart: number | null;
  /** The contracted power of the power period. */
  contractedKw: number | null;
  exceeded: boolean;
}

export interface ExplorerComparison {
  /** The same range one year earlier (ISO). */
  from: string;
  to: string;
  /** The last local date with data in both years, shifted to this year (ISO); null when none. */
  cutoff: string | null;
  /** The earlier year's buckets; `shiftedStart` places each one on this year's time axis. */
  series: ExplorerSeries & { shiftedStart: number[] };
  /** Active kWh up to the cut-off in each year, and the difference (current minus previous). */
  currentKwh: number;
  previousKwh: number;
  differenceKwh: number;
  /** null when the earlier year has no consumption to compare with. */
  differencePercent: number | null;
}

export interface ExplorerAnswer {
  contract: {
    code: string;
    cups: string;
    tariff: string;
    /** The tariff's energy periods, P1 first, with their labels. */
    periods: { code: PeriodCode; label: string }[];
    /** On-site generation: the chart shows import, surplus and net. */
    selfConsumption: boolean;
  };
  /** The range answered (ISO), cut to the contract's life and the metered history. */
  from: string;
  to: string;
  granularity: Granularity;
  timeZone: 'Europe/Madrid';
  /** The end of the last hour with data: its local date and clock time ('24:00' for midnight); null when none. */
  dataUntil: { date: string; time: string } | null;
  series: ExplorerSeries;
  totals: { active: number; surplus: number; net: number; hours: number; estimated: number };
  periods: ExplorerPeriod[];
  power: ExplorerPower[];
  comparison?: ExplorerComparison;
}

/** What the explorer shows, kept in the URL query so a link, reload and back/forward reproduce it. */
export type ExplorerMode = 'energy' | 'periods' | 'power';

export interface ExplorerView {
  from: string;
  to: string;
  granularity: Granularity;
  mode: ExplorerMode;
  compare: boolean;
  /** The data as a table instead of the chart. */
  table: boolean;
}
