import { madridHourStart } from '@/shared/lib/dates';
import type { ExplorerAnswer, ExplorerSeries, ExplorerView, PeriodCode } from './explorerTypes';

/** Explorer answers for the chart's and the table's tests: 2.0TD hours and days, made like the server's. */

export const PERIODS_20TD = [
  { code: 'P1' as const, label: 'P1 Punta' },
  { code: 'P2' as const, label: 'P2 Llano' },
  { code: 'P3' as const, label: 'P3 Valle' },
];

/** 2.0TD on a weekday: P3 0-8 h, P2 8-10, P1 10-14, P2 14-18, P1 18-22, P2 22-24 (metering hour = clock + 1). */
const period20TD = (hour: number): PeriodCode =>
  hour <= 8 ? 'P3' : hour <= 10 || (hour > 14 && hour <= 18) || hour > 22 ? 'P2' : 'P1';

/** An hourly answer over whole local days, each of its own length (23, 24 or 25 hours). */
export function hourlySeries(days: { date: string; hours: number }[]): ExplorerSeries {
  const series: ExplorerSeries = {
    date: [],
    start: [],
    hour: [],
    period: [],
    active: [],
    surplus: [],
    hours: [],
    estimated: [],
  };
  for (const { date, hours } of days) {
    for (let hour = 1; hour <= hours; hour += 1) {
      series.date.push(date);
      series.start.push(madridHourStart(date, hour));
      series.hour!.push(hour);
      series.period!.push(period20TD(hour));
      series.active.push(hour / 10);
      series.surplus.push(hour / 100);
      series.hours.push(1);
      series.estimated.push(hour === 3 ? 1 : 0);
    }
  }
  return series;
}

/** Daily buckets at local midnight, by period. */
export function dailySeries(dates: string[]): ExplorerSeries {
  return {
    date: dates,
    start: dates.map((date) => madridHourStart(date, 1)),
    active: dates.map((_, index) => 6 + index),
    surplus: dates.map(() => 1),
    hours: dates.map(() => 24),
    estimated: dates.map((_, index) => (index === 0 ? 2 : 0)),
    byPeriod: {
      P1: dates.map((_, index) => 1 + index),
      P2: dates.map(() => 2),
      P3: dates.map(() => 3),
    },
  };
}

export function answerOf(series: ExplorerSeries, overrides: Partial<ExplorerAnswer> = {}): ExplorerAnswer {
  return {
    contract: {
      code: '1001',
      cups: 'ES0021000000000001AB',
      tariff: '2.0TD',
      periods: PERIODS_20TD,
      selfConsumption: false,
    },
    from: series.date[0],
    to: series.date[series.date.length - 1],
    granularity: series.hour ? 'hour' : 'day',
    timeZone: 'Europe/Madrid',
    dataUntil: null,
    series,
    totals: { active: 0, surplus: 0, net: 0, hours: 0, estimated: 0 },
    periods: [],
    power: [],
    ...overrides,
  };
}

export const view = (overrides: Partial<ExplorerView> = {}): ExplorerView => ({
  from: '2026-10-24',
  to: '2026-10-26',
  granularity: 'hour',
  mode: 'energy',
  compare: false,
  table: false,
  ...overrides,
});
