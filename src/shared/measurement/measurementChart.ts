import type { Options } from 'highcharts';
import { groupedAxisLabels } from '@/shared/ui/chartLabels';
import { POWER_UNIT } from './measurementMessages';

export interface MeasurementSeries {
  name: string;
  color: string;
  /**
   * Plain numbers from `pointStart` every `pointInterval` where the instants are evenly spaced, else [time,
   * value] pairs: both stay fast past Highcharts' turboThreshold with a year of hours (no object per point).
   */
  data: (number | null)[] | [number, number | null][];
  pointStart?: number;
  pointInterval?: number;
  /** A line in another unit than the chart's kW (reactive power in kVAr): its tooltip, table and summary say so. */
  tooltip?: { valueSuffix: string };
}

/**
 * The option block of the hourly measurement charts (spec 02 §2.6, §2.7): lines in kW on a Madrid time axis
 * whatever the browser's zone, zoom on x and pan off. Only a type is imported, so Highcharts stays in the
 * chart's own lazy chunk.
 */
export function measurementChartOptions({
  title,
  valueDecimals,
  series,
}: {
  title: string;
  valueDecimals: number;
  series: MeasurementSeries[];
}): Options {
  return {
    chart: { type: 'line', zooming: { type: 'x' }, panning: { enabled: false }, height: 420 },
    time: { timezone: 'Europe/Madrid' },
    title: { text: title },
    xAxis: { type: 'datetime' },
    yAxis: { title: { text: POWER_UNIT }, labels: groupedAxisLabels(), min: 0 },
    tooltip: {
      shared: true,
      valueDecimals,
      valueSuffix: ` ${POWER_UNIT}`,
      xDateFormat: '%A, %e %b %Y, %H:%M',
    },
    legend: { enabled: true },
    plotOptions: { series: { animation: false, marker: { enabled: false }, lineWidth: 1.5 } },
    series: series.map((line) => ({ type: 'line', ...line })),
  };
}

const HOUR = 3_600_000;

/**
 * Values placed at their instants, the cheapest way Highcharts reads them: when every step is one hour (hours
 * are evenly spaced in UTC, across the DST days too) plain numbers from `pointStart` every `pointInterval`;
 * otherwise (days of 23 or 25 hours, months, gaps) [time, value] pairs.
 */
export function timeSeriesData(
  starts: readonly number[],
  values: readonly (number | null)[],
): { data: (number | null)[] | [number, number | null][]; pointStart?: number; pointInterval?: number } {
  const hourly = starts.every((start, index) => index === 0 || start - starts[index - 1] === HOUR);
  if (hourly && starts.length > 1) return { pointStart: starts[0], pointInterval: HOUR, data: [...values] };
  return { data: starts.map((start, index): [number, number | null] => [start, values[index]]) };
}

/** One line of an hourly chart: its legend name, its colour and the value it reads from each record. */
export interface MeasurementLine<R> {
  name: string;
  color: string;
  value: (record: R) => number;
  /** When not the chart's kW (units.ts). */
  unit?: string;
}

/**
 * The measurement chart of a list of hourly records: one point a record on each line, at the instant
 * `timeOf` reads from it; a record whose instant cannot be read (null) is left out.
 */
export function hourlyChartOptions<R>({
  title,
  valueDecimals,
  records,
  timeOf,
  lines,
}: {
  title: string;
  valueDecimals: number;
  records: readonly R[];
  timeOf: (record: R) => number | null;
  lines: MeasurementLine<R>[];
}): Options {
  const times: number[] = [];
  const values = lines.map((): number[] => []);
  for (const record of records) {
    const time = timeOf(record);
    if (time === null) continue;
    times.push(time);
    lines.forEach((line, index) => values[index].push(line.value(record)));
  }
  return measurementChartOptions({
    title,
    valueDecimals,
    series: lines.map(({ name, color, unit }, index) => ({
      name,
      color,
      ...(unit ? { tooltip: { valueSuffix: ` ${unit}` } } : {}),
      ...timeSeriesData(times, values[index]),
    })),
  });
}
