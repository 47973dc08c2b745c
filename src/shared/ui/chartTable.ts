import type { Options } from 'highcharts';
import { formatMadridTime } from '@/shared/lib/madridClock';
import { formatMoney, formatQuantity } from '@/shared/lib/money';
import { summedUnit } from '@/shared/lib/units';
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
  /** The chart's unit (its tooltip's), the unit of the stacked bars' sums. */
  unit: string;
  /** Per column, its series' own tooltip unit or the chart's (reactive power in kVAr beside active in kW). */
  units: string[];
  /** Per column, the unit of its total: hourly readings in kW add up to kWh, in kVAr to kVArh. */
  totalUnits: string[];
  rows: ChartTableRow[];
  /** A row's label for a column: a series drawn on another year's axis (last year's) names its own dates. */
  labelOf: (row: ChartTableRow, column: number) => string;
  /** Per column; null where the values do not add up (the highest power of each period). */
  totals: (number | null)[];
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

type PointObject = { x?: number; y?: number | null; custom?: { joint?: boolean } };
type Datum = number | [number, number] | PointObject | null;
/**
 * A point given as an object reads as its y (an exceeded power is marked that way), or as its [x, y] pair. A
 * joint (a value a line borrows from the next point to stay continuous) is not data: the table leaves it out.
 */
function plain(datum: Datum): number | [number, number] | null {
  if (datum === null || typeof datum !== 'object' || Array.isArray(datum)) return datum;
  if (datum.custom?.joint) return null;
  if (datum.x !== undefined && datum.y !== undefined && datum.y !== null) return [datum.x, datum.y];
  return datum.y ?? null;
}
/** The instant a point of a series really is, when the series is drawn shifted (`custom.realTime`). */
const realTimeOf = (series: object) =>
  (series as { custom?: { realTime?: (x: number) => number } }).custom?.realTime;
const seriesData = (series: object) => ((series as { data?: Datum[] }).data ?? []).map(plain);
/** Series whose values do not add up say so with `custom: { additive: false }`. */
const additive = (series: object) =>
  (series as { custom?: { additive?: boolean } }).custom?.additive !== false;

/**
 * Reads the table straight from the chart's own options, so it can only show what the chart draws: the
 * categories of a bar chart or the instants (Madrid time) of a time chart, and each series' values. The unit is
 * the tooltip's.
 */
export function chartTable(
  options: Options,
  rowHeader = TABLE_DATE_HEADER,
  /** A time row's label when it names more than an instant (a day, a month); Madrid date and time otherwise. */
  timeLabel: (time: number) => string = formatMadridTime,
): ChartTableModel {
  const series = options.series ?? [];
  const xAxis = Array.isArray(options.xAxis) ? options.xAxis[0] : options.xAxis;
  const categories = xAxis?.categories;
  const unit = (Array.isArray(options.tooltip) ? undefined : options.tooltip?.valueSuffix)?.trim() ?? '';
  const units = series.map(
    (line) => (line as { tooltip?: { valueSuffix?: string } }).tooltip?.valueSuffix?.trim() ?? unit,
  );
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
      .forEach((time) =>
        rows.push({
          // Written when read: the summary reads three labels, and the table (a year of hours, 8,760 rows) is
          // only built when shown.
          get label() {
            return timeLabel(time);
          },
          x: time,
          values: byTime.get(time)!,
        }),
      );
  }
  // A series is in the stack when its type stacks: bars, or the stepped areas that stand for many of them.
  const stackingOf = (type: string | undefined) =>
    type === 'column' || type === 'area' ? Boolean(options.plotOptions?.[type]?.stacking) : false;
  const inStack = series.map((line) => stackingOf((line as { type?: string }).type ?? options.chart?.type));
  return {
    rowHeader,
    columns: series.map((line) => line.name ?? ''),
    unit,
    units,
    totalUnits: units.map(summedUnit),
    rows,
    labelOf: (row, column) => {
      const realTime = categories ? undefined : realTimeOf(series[column] ?? {});
      return realTime ? timeLabel(realTime(row.x)) : row.label;
    },
    totals: series.map((line, column) =>
      additive(line) ? roundTo3(sum(rows.map((row) => row.values[column]))) : null,
    ),
    // Stacking set for the bars while only lines are drawn (hours by period) stacks nothing.
    stacked: inStack.some(Boolean),
    inStack,
  };
}

/**
 * One line for people who do not read charts: the period, the total and the largest value with where it is.
 * Stacked bars count per bar; separate lines (active and reactive energy) each get their own total and peak.
 */
export function chartSummary(table: ChartTableModel, period?: { from: string; to: string } | null): string {
  const first = table.rows[0]?.label ?? '';
  const last = table.rows[table.rows.length - 1]?.label ?? '';
  // null: the rows are no span of time (a bill's parts), so there is no "Del … al …" to tell.
  const span =
    period === null ? null : period ? summaryPeriod(period.from, period.to) : summaryPeriod(first, last);
  const parts: string[] = [];
  /** `column` null: the stacked bars' sums, in the chart's unit. */
  const describe = (values: number[], total: number | null, column: number | null, name?: string) => {
    const peak = values.reduce((best, value, index) => (value > values[best] ? index : best), 0);
    const prefix = name ? `${name}: ` : '';
    const unit = column === null ? table.unit : table.units[column];
    const totalUnit = column === null ? summedUnit(table.unit) : table.totalUnits[column];
    const totalPart = total === null ? '' : `${SUMMARY_TOTAL} ${formatChartValue(total, totalUnit)}, `;
    const row = table.rows[peak];
    const where = row ? (column === null ? row.label : table.labelOf(row, column)) : '';
    return `${prefix}${totalPart}${SUMMARY_LARGEST} ${formatChartValue(values[peak] ?? 0, unit)} (${where})`;
  };
  const stackedOnly = <T>(values: T[]) => values.filter((_, column) => table.inStack[column]);
  if (table.columns.length === 1) {
    parts.push(
      describe(
        table.rows.map((row) => row.values[0]),
        table.totals[0],
        0,
      ),
    );
  } else {
    if (table.stacked) {
      const perRow = table.rows.map((row) => roundTo3(sum(stackedOnly(row.values))));
      parts.push(describe(perRow, roundTo3(sum(stackedOnly(table.totals).map(Number))), null));
    }
    table.columns.forEach(
      (name, column) =>
        !table.inStack[column] &&
        parts.push(
          describe(
            table.rows.map((row) => row.values[column]),
            table.totals[column],
            column,
            name,
          ),
        ),
    );
  }
  const body = parts.join('; ');
  const sentence = `${body.charAt(0).toUpperCase()}${body.slice(1)}.`;
  return span === null ? sentence : `${span}. ${sentence}`;
}
