import type { Options } from 'highcharts';
import { formatMadridTime } from '@/shared/lib/madridClock';
import { formatMoney, formatQuantity } from '@/shared/lib/money';
import { SUMMARY_LARGEST, SUMMARY_TOTAL, TABLE_DATE_HEADER, summaryPeriod } from './chartMessages';

export interface ChartTableRow {
  label: string;
  values: number[];
}

/** The data of a chart as a table: one row per bar or instant, one column per series, the totals below. */
export interface ChartTableModel {
  rowHeader: string;
  columns: string[];
  unit: string;
  /** The totals' unit: hourly power readings in kW add up to energy in kWh. */
  totalUnit: string;
  rows: ChartTableRow[];
  /** Each column's total; empty where the values do not add up. */
  totals: number[];
  /** Stacked bars: a row's values add up to one bar, so the table also shows each row's sum. */
  stacked: boolean;
}

/** A value with its unit the portal's way: euros with 2 decimals, quantities as integers where they are. */
export function formatChartValue(value: number, unit: string): string {
  return unit === '€' ? formatMoney(value) : `${formatQuantity(value)} ${unit}`.trim();
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const roundTo3 = (value: number) => Math.round(value * 1000) / 1000;

type Datum = number | [number, number | null] | null;
interface SeriesLike {
  data?: Datum[];
  pointStart?: number;
  pointInterval?: number;
}
const seriesData = (series: object) => ((series as SeriesLike).data ?? []) as Datum[];

/** Each value of a time series with its instant: its own pair, or pointStart plus its index times pointInterval. */
function timedValues(series: object): [number, number][] {
  const { pointStart = 0, pointInterval = 1 } = series as SeriesLike;
  return seriesData(series).map((datum, index) =>
    Array.isArray(datum) ? [datum[0], datum[1] ?? 0] : [pointStart + index * pointInterval, datum ?? 0],
  );
}

/** Series that all place the same number of plain values from the same start and step share their rows. */
function sharedSteps(series: object[]): { start: number; step: number; count: number } | null {
  const first = series[0] as SeriesLike | undefined;
  if (first?.pointStart === undefined) return null;
  const count = seriesData(first).length;
  const same = series.every((line) => {
    const { pointStart, pointInterval = 1 } = line as SeriesLike;
    const data = seriesData(line);
    return (
      pointStart === first.pointStart &&
      pointInterval === (first.pointInterval ?? 1) &&
      data.length === count &&
      data.every((datum) => !Array.isArray(datum))
    );
  });
  return same ? { start: first.pointStart, step: first.pointInterval ?? 1, count } : null;
}

/**
 * Reads the table straight from the chart's own options, so it can only show what the chart draws: the
 * categories of a bar chart or the instants (Madrid time) of a time chart, and each series' values. The unit is
 * the tooltip's.
 */
export function chartTable(
  options: Options,
  rowHeader = TABLE_DATE_HEADER,
  totalUnit?: string,
): ChartTableModel {
  const series = options.series ?? [];
  const xAxis = Array.isArray(options.xAxis) ? options.xAxis[0] : options.xAxis;
  const categories = xAxis?.categories;
  const unit = (Array.isArray(options.tooltip) ? undefined : options.tooltip?.valueSuffix)?.trim() ?? '';
  const rows: ChartTableRow[] = [];
  if (categories) {
    categories.forEach((label, index) =>
      rows.push({ label, values: series.map((line) => Number(seriesData(line)[index] ?? 0)) }),
    );
  } else {
    const steps = sharedSteps(series);
    if (steps) {
      // A year of hours: rows by index, no map of instants to sort.
      const columns = series.map(seriesData);
      for (let index = 0; index < steps.count; index += 1) {
        rows.push({
          label: formatMadridTime(steps.start + index * steps.step),
          values: columns.map((data) => Number(data[index] ?? 0)),
        });
      }
    } else {
      // Time series placed by pairs may differ in instants; a map keeps any instant one series lacks.
      const byTime = new Map<number, number[]>();
      series.forEach((line, column) =>
        timedValues(line).forEach(([time, value]) => {
          const values = byTime.get(time) ?? series.map(() => 0);
          values[column] = value;
          byTime.set(time, values);
        }),
      );
      [...byTime.keys()]
        .sort((a, b) => a - b)
        .forEach((time) => rows.push({ label: formatMadridTime(time), values: byTime.get(time)! }));
    }
  }
  return {
    rowHeader,
    columns: series.map((line) => line.name ?? ''),
    unit,
    totalUnit: totalUnit ?? unit,
    rows,
    totals: series.map((_, column) => roundTo3(sum(rows.map((row) => row.values[column])))),
    stacked: Boolean(options.plotOptions?.column?.stacking),
  };
}

/**
 * One line for people who do not read charts: the period, the total and the largest value with where it is.
 * Stacked bars count per bar; separate lines (active and reactive energy) each get their own total and peak.
 */
export function chartSummary(table: ChartTableModel, period?: { from: string; to: string }): string {
  const first = table.rows[0]?.label ?? '';
  const last = table.rows[table.rows.length - 1]?.label ?? '';
  const parts = [period ? summaryPeriod(period.from, period.to) : summaryPeriod(first, last)];
  const describe = (values: number[], total: number | undefined, name?: string) => {
    const peak = values.reduce((best, value, index) => (value > values[best] ? index : best), 0);
    const prefix = name ? `${name}: ` : '';
    // Values that do not add up (the highest power of each period) have no total.
    const totalPart =
      total === undefined ? '' : `${SUMMARY_TOTAL} ${formatChartValue(total, table.totalUnit)}, `;
    return `${prefix}${totalPart}${SUMMARY_LARGEST} ${formatChartValue(values[peak] ?? 0, table.unit)} (${table.rows[peak]?.label ?? ''})`;
  };
  if (table.stacked || table.columns.length === 1) {
    const perRow = table.rows.map((row) => roundTo3(sum(row.values)));
    parts.push(describe(perRow, table.totals.length ? roundTo3(sum(table.totals)) : undefined));
  } else {
    table.columns.forEach((name, column) =>
      parts.push(
        describe(
          table.rows.map((row) => row.values[column]),
          table.totals[column],
          name,
        ),
      ),
    );
  }
  const [head, ...rest] = parts;
  const body = rest.join('; ');
  return `${head}. ${body.charAt(0).toUpperCase()}${body.slice(1)}.`;
}
