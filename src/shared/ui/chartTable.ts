import type { Options } from 'highcharts';
import { formatMadridTime } from '@/shared/lib/madridClock';
import { formatMoney, formatQuantity } from '@/shared/lib/money';
import { SUMMARY_LARGEST, SUMMARY_TOTAL, TABLE_DATE_HEADER, summaryPeriod } from './chartMessages';

export interface ChartTableRow {
  label: string;
  /** Where the row is on the chart: the category's index, or the instant (UTC ms). */
  x: number;
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
  totals: number[];
  /** Stacked bars: a row's values add up to one bar, so the table also shows each row's sum. */
  stacked: boolean;
  /** Per column, whether it is one of the stacked bars (a line drawn over them, such as last year's, is not). */
  inStack: boolean[];
}

/** A value with its unit the portal's way: euros with 2 decimals, quantities as integers where they are. */
export function formatChartValue(value: number, unit: string): string {
  return unit === '€' ? formatMoney(value) : `${formatQuantity(value)} ${unit}`.trim();
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const roundTo3 = (value: number) => Math.round(value * 1000) / 1000;

type Datum = number | [number, number] | { y?: number | null } | null;
// A point given as an object (to mark it, as an exceeded power is) reads as its y.
const plain = (datum: Datum) =>
  datum !== null && typeof datum === 'object' && !Array.isArray(datum) ? (datum.y ?? null) : datum;
const seriesData = (series: object) => (((series as { data?: Datum[] }).data ?? []) as Datum[]).map(plain);

/**
 * Reads the table straight from the chart's own options, so it can only show what the chart draws: the
 * categories of a bar chart or the instants (Madrid time) of a time chart, and each series' values. The unit is
 * the tooltip's.
 */
export function chartTable(
  options: Options,
  rowHeader = TABLE_DATE_HEADER,
  totalUnit?: string,
  /** A time row's label when it names more than an instant (a day, a month); Madrid date and time otherwise. */
  timeLabel: (time: number) => string = formatMadridTime,
): ChartTableModel {
  const series = options.series ?? [];
  const xAxis = Array.isArray(options.xAxis) ? options.xAxis[0] : options.xAxis;
  const categories = xAxis?.categories;
  const unit = (Array.isArray(options.tooltip) ? undefined : options.tooltip?.valueSuffix)?.trim() ?? '';
  const rows: ChartTableRow[] = [];
  if (categories) {
    categories.forEach((label, index) =>
      rows.push({ label, x: index, values: series.map((line) => Number(seriesData(line)[index] ?? 0)) }),
    );
  } else {
    // Time series share their instants; a map keeps any instant one series lacks.
    const byTime = new Map<number, number[]>();
    series.forEach((line, column) => {
      // Evenly spaced values come as plain numbers placed from pointStart every pointInterval.
      const { pointStart, pointInterval = 1 } = line as { pointStart?: number; pointInterval?: number };
      seriesData(line).forEach((datum, index) => {
        const point: [number, number] | null = Array.isArray(datum)
          ? datum
          : pointStart !== undefined && datum !== null
            ? [pointStart + index * pointInterval, datum]
            : null;
        if (!point) return;
        const values = byTime.get(point[0]) ?? series.map(() => 0);
        values[column] = point[1];
        byTime.set(point[0], values);
      });
    });
    [...byTime.keys()]
      .sort((a, b) => a - b)
      .forEach((time) => rows.push({ label: timeLabel(time), x: time, values: byTime.get(time)! }));
  }
  const stacked = Boolean(options.plotOptions?.column?.stacking);
  return {
    rowHeader,
    columns: series.map((line) => line.name ?? ''),
    unit,
    totalUnit: totalUnit ?? unit,
    rows,
    totals: series.map((_, column) => roundTo3(sum(rows.map((row) => row.values[column])))),
    stacked,
    inStack: series.map(
      (line) => stacked && ((line as { type?: string }).type ?? options.chart?.type) === 'column',
    ),
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
  const describe = (values: number[], total: number, name?: string) => {
    const peak = values.reduce((best, value, index) => (value > values[best] ? index : best), 0);
    const prefix = name ? `${name}: ` : '';
    return `${prefix}${SUMMARY_TOTAL} ${formatChartValue(total, table.totalUnit)}, ${SUMMARY_LARGEST} ${formatChartValue(values[peak] ?? 0, table.unit)} (${table.rows[peak]?.label ?? ''})`;
  };
  const stackedOnly = (values: number[]) => values.filter((_, column) => table.inStack[column]);
  if (table.columns.length === 1) {
    parts.push(
      describe(
        table.rows.map((row) => row.values[0]),
        table.totals[0],
      ),
    );
  } else {
    if (table.stacked) {
      const perRow = table.rows.map((row) => roundTo3(sum(stackedOnly(row.values))));
      parts.push(describe(perRow, roundTo3(sum(stackedOnly(table.totals)))));
    }
    table.columns.forEach(
      (name, column) =>
        !table.inStack[column] &&
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
