import { formatListDate, monthNames } from '@/shared/lib/dates';
import { formatMadridTime } from '@/shared/lib/madridClock';
import { ENERGY_UNIT, POWER_UNIT } from '@/shared/measurement/measurementMessages';
import { TABLE_DATE_HEADER, TABLE_TOTAL } from '@/shared/ui/chartMessages';
import type { ChartTableModel } from '@/shared/ui/chartTable';
import { explorerUnit } from './explorerChart';
import type { ExplorerAnswer, ExplorerComparison, ExplorerView, Granularity } from './explorerTypes';
import {
  ACTIVE_SERIES,
  BUCKET_HEADERS,
  COMPARISON_SERIES,
  CONTRACTED_POWER_SERIES,
  ESTIMATED_MARK,
  MAX_POWER_SERIES,
  NET_SERIES,
  PERIOD_HEADER,
  POWER_EXCEEDED,
  SURPLUS_SERIES,
  monthOf,
  weekOf,
} from './loadCurveMessages';

/**
 * "Ver como tabla" of the explorer (issue 15), built from the answer rather than the chart's options: rows named
 * by their bucket (an hour with its tariff period, a day, a week, a month, a year), the earlier year beside the
 * bucket it is drawn in, and no joints borrowed by the hourly period lines.
 */

interface Column {
  name: string;
  values: readonly number[];
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** A bucket as its row names it. */
function bucketLabel(granularity: Granularity, date: string, start: number): string {
  switch (granularity) {
    case 'hour':
      return formatMadridTime(start);
    case 'day':
      return formatListDate(date);
    case 'week':
      return weekOf(formatListDate(date));
    case 'month':
      return monthOf(monthNames()[Number(date.slice(5, 7)) - 1], date.slice(0, 4));
    default:
      return date.slice(0, 4);
  }
}

/**
 * The earlier year's kWh in the rows of this year's buckets: each earlier bucket goes to the bucket its shifted
 * start falls in (an earlier week starts on another weekday; 28 and 29 February both land on the 28th).
 */
export function alignComparison(starts: readonly number[], comparison: ExplorerComparison): number[] {
  const aligned = starts.map(() => 0);
  let row = 0;
  comparison.series.shiftedStart.forEach((shifted, index) => {
    if (shifted < starts[0]) return;
    while (row + 1 < starts.length && starts[row + 1] <= shifted) row += 1;
    aligned[row] = round3(aligned[row] + comparison.series.active[index]);
  });
  return aligned;
}

function energyColumns(answer: ExplorerAnswer): Column[] {
  const { series } = answer;
  const columns: Column[] = [
    { name: ACTIVE_SERIES, values: series.active },
    { name: SURPLUS_SERIES, values: series.surplus },
  ];
  if (answer.contract.selfConsumption) {
    columns.push({
      name: NET_SERIES,
      values: series.active.map((active, i) => round3(active - series.surplus[i])),
    });
  }
  return columns;
}

/** Longer buckets: a column per period and their total. Hours: the energy, each row naming its period. */
function periodColumns(answer: ExplorerAnswer): Column[] {
  const { series } = answer;
  if (answer.granularity === 'hour') return [{ name: ACTIVE_SERIES, values: series.active }];
  return [
    ...answer.contract.periods.map(({ code, label }) => ({
      name: label,
      values: series.byPeriod?.[code] ?? series.active.map(() => 0),
    })),
    { name: TABLE_TOTAL, values: series.active },
  ];
}

function rowLabels(answer: ExplorerAnswer, view: ExplorerView): string[] {
  const { series, granularity } = answer;
  const labels = series.date.map((date, index) => bucketLabel(granularity, date, series.start[index]));
  if (granularity !== 'hour') return labels;
  const periodLabel = new Map(answer.contract.periods.map(({ code, label }) => [code, label]));
  return labels.map((label, index) => {
    const period = view.mode === 'periods' ? series.period?.[index] : undefined;
    const parts = [label, ...(period ? [periodLabel.get(period) ?? period] : [])];
    if (series.estimated[index]) parts.push(ESTIMATED_MARK);
    return parts.join(' · ');
  });
}

function powerTable(answer: ExplorerAnswer): ChartTableModel {
  return {
    rowHeader: PERIOD_HEADER,
    columns: [MAX_POWER_SERIES, CONTRACTED_POWER_SERIES],
    unit: POWER_UNIT,
    totalUnit: POWER_UNIT,
    rows: answer.power.map((period) => ({
      label: period.exceeded ? `${period.label} · ${POWER_EXCEEDED}` : period.label,
      values: [period.maxKw ?? 0, period.contractedKw ?? 0],
    })),
    // The highest powers of different periods do not add up.
    totals: [],
    stacked: false,
  };
}

export function buildExplorerTable(answer: ExplorerAnswer, view: ExplorerView): ChartTableModel {
  if (view.mode === 'power') return powerTable(answer);
  const { series, granularity } = answer;
  const columns = view.mode === 'periods' ? periodColumns(answer) : energyColumns(answer);
  if (view.compare && answer.comparison) {
    columns.push({ name: COMPARISON_SERIES, values: alignComparison(series.start, answer.comparison) });
  }
  const labels = rowLabels(answer, view);
  return {
    rowHeader: granularity === 'hour' ? TABLE_DATE_HEADER : BUCKET_HEADERS[granularity],
    columns: columns.map(({ name }) => name),
    unit: explorerUnit(granularity),
    totalUnit: ENERGY_UNIT,
    rows: labels.map((label, index) => ({ label, values: columns.map(({ values }) => values[index] ?? 0) })),
    totals: columns.map(({ values }) => round3(sum(values))),
    stacked: false,
  };
}
