import type {
  DashStyleValue,
  Options,
  Point,
  PointOptionsObject,
  SeriesAreaOptions,
  SeriesColumnOptions,
  SeriesLineOptions,
  TooltipOptions,
} from 'highcharts';
import { ENERGY_UNIT, POWER_UNIT } from '@/shared/measurement/measurementMessages';
import { timeSeriesData } from '@/shared/measurement/measurementChart';
import { groupedAxisLabels } from '@/shared/ui/chartLabels';
import type {
  ExplorerAnswer,
  ExplorerComparison,
  ExplorerSeries,
  ExplorerView,
  Granularity,
  PeriodCode,
} from './explorerTypes';
import { ACTIVE_COLOUR, SURPLUS_COLOUR } from './loadCurveChart';
import {
  ACTIVE_SERIES,
  COMPARISON_SERIES,
  CONTRACTED_POWER_SERIES,
  ESTIMATED_MARK,
  MAX_POWER_SERIES,
  NET_SERIES,
  POWER_CHART_TITLE,
  POWER_EXCEEDED,
  SCALE_ADJECTIVES,
  SURPLUS_SERIES,
  energyChartTitle,
  estimatedHours,
  periodsChartTitle,
  weekOf,
} from './loadCurveMessages';

/**
 * The consumption explorer's chart (issue 15): energy, energy by tariff period or the highest power per period,
 * optionally with the same range one year earlier. Only types come from Highcharts, so it stays in the chart's
 * lazy chunk. A year by hour is 8,784 values a series: they go to Highcharts as plain numbers placed by
 * pointStart/pointInterval (no object per hour), without markers, animation or data labels.
 */

/**
 * The tariff periods' colours, darkest (P1, the dearest) to lightest, so they differ in lightness as well as hue
 * (magma-like, readable with any colour vision); each period is also named in the legend, tooltip and table.
 */
const PERIOD_PALETTE = ['#3d0965', '#7b2382', '#b5367a', '#e55964', '#fb8761', '#f9b872'] as const;
/** The hourly lines also differ in dash, so a period never depends on colour alone. */
const PERIOD_DASHES: readonly DashStyleValue[] = [
  'Solid',
  'ShortDash',
  'ShortDot',
  'Dash',
  'DashDot',
  'LongDash',
];

/**
 * Dashes are drawn only where they can be seen: past a month of hours the plot packs more than one hour per
 * pixel, where a dash pattern is lost in the line, and Chromium's dashed strokes of a year of hours cost about
 * 100 ms of painting. There the lines are solid, their periods told apart by lightness, legend, tooltip and table.
 */
const DASHES_UP_TO_POINTS = 31 * 24;
const dashedWhereSeen = (points: number, dash: DashStyleValue): DashStyleValue =>
  points <= DASHES_UP_TO_POINTS ? dash : 'Solid';

/** A tariff with up to three periods takes every other colour, so its few periods stay far apart in lightness. */
export function periodColours(count: number): string[] {
  const steps = count <= 3 ? [0, 2, 4] : [0, 1, 2, 3, 4, 5];
  return steps.slice(0, count).map((step) => PERIOD_PALETTE[step]);
}

export const NET_COLOUR = '#2f6f4f';
/** The earlier year: lighter than this year's series and dashed where it is a line. */
export const COMPARISON_COLOUR = '#b06a1f';
export const COMPARISON_BAR_COLOUR = '#f7c99b';
export const MAX_POWER_COLOUR = '#3d5a80';
export const CONTRACTED_POWER_COLOUR = '#9aa3ad';
export const EXCEEDED_COLOUR = '#b3261e';

/** The tooltip's heading of a bucket, in Highcharts' date format (Madrid time). */
const TOOLTIP_DATES: Record<Granularity, string> = {
  hour: '%A, %e %b %Y, %H:%M',
  day: '%A, %e %b %Y',
  week: weekOf('%d/%m/%Y'),
  month: '%B %Y',
  year: '%Y',
};

type SeriesOptions = SeriesLineOptions | SeriesColumnOptions | SeriesAreaOptions;

/** Units: an hour's kWh is its mean power in kW (the spec's load curve); longer buckets are energy. */
export const explorerUnit = (granularity: Granularity) => (granularity === 'hour' ? POWER_UNIT : ENERGY_UNIT);

const HOUR = 3_600_000;

/** The bucket a point stands for, by its instant: the period lines hold only their own hours, so x, not index. */
function bucketIndex(series: ExplorerSeries): (time: number) => number {
  let byStart: Map<number, number> | undefined;
  return (time) => {
    byStart ??= new Map(series.start.map((start, index) => [start, index]));
    return byStart.get(time) ?? -1;
  };
}

/**
 * The tooltip line of a point, with the estimated hours of its bucket; `keep` leaves out the joints the
 * period lines borrow from their neighbours.
 */
function tooltipLine(series: ExplorerSeries, hourly: boolean, keep?: (index: number) => boolean) {
  const indexOf = bucketIndex(series);
  return function (this: Point): string {
    const index = indexOf(this.x);
    if (keep && !keep(index)) return '';
    // Highcharts' own line for the point (its series' pointFormat, decimals and unit), then the mark.
    const { tooltipOptions } = this.series as unknown as { tooltipOptions: TooltipOptions };
    const line = this.tooltipFormatter(tooltipOptions.pointFormat ?? '');
    const estimated = series.estimated[index] ?? 0;
    if (!estimated) return line;
    const mark = hourly ? ESTIMATED_MARK : estimatedHours(estimated);
    return line.replace(/(<br\/?>)?$/, ` (${mark})$1`);
  };
}

function energySeries(answer: ExplorerAnswer, hourly: boolean): SeriesOptions[] {
  const { series } = answer;
  const type = hourly ? 'line' : 'column';
  const lines: SeriesOptions[] = [
    {
      type,
      name: ACTIVE_SERIES,
      color: ACTIVE_COLOUR,
      ...timeSeriesData(series.start, series.active),
      tooltip: { pointFormatter: tooltipLine(series, hourly) },
    },
    { type, name: SURPLUS_SERIES, color: SURPLUS_COLOUR, ...timeSeriesData(series.start, series.surplus) },
  ];
  if (answer.contract.selfConsumption) {
    const net = series.active.map(
      (active, index) => Math.round((active - series.surplus[index]) * 1000) / 1000,
    );
    lines.push({ type, name: NET_SERIES, color: NET_COLOUR, ...timeSeriesData(series.start, net) });
  }
  return lines;
}

/**
 * The hourly line split by period: each period's line holds only its own hours (a third of the points a
 * null-padded line per period would make Highcharts build and translate), plus the next hour's value where its
 * run ends (so the runs join into one continuous curve, and a lone hour still draws) and a null half an hour
 * later to break the line until its next run.
 */
function periodRuns(series: ExplorerSeries, codes: readonly PeriodCode[]) {
  type RunPoint = [number, number | null] | PointOptionsObject;
  const runs = new Map(codes.map((code): [PeriodCode, RunPoint[]] => [code, []]));
  const periods = series.period ?? [];
  periods.forEach((code, index) => {
    const time = series.start[index];
    const value = series.active[index];
    if (index > 0) {
      const before = periods[index - 1];
      const contiguous = time - series.start[index - 1] === HOUR;
      if (before !== code || !contiguous) {
        const previous = runs.get(before);
        // The joint is drawn, not data: the chart's table leaves it out (custom.joint).
        if (contiguous) previous?.push({ x: time, y: value, custom: { joint: true } });
        const end = contiguous ? time : series.start[index - 1];
        previous?.push([end + HOUR / 2, null]);
      }
    }
    runs.get(code)?.push([time, value]);
  });
  return runs;
}

/**
 * Past this many buckets (a year of days, five years of weeks) a bar is a few pixels wide: the periods' stacked
 * bars are drawn as one stepped area per period, the same shape with three paths instead of 1,095 bars (a year
 * by day drew in 53-58 ms, now 31-33 ms: bench/14). Points, tooltips, drill-down and the table stay per bucket.
 */
export const STEPPED_FROM_BUCKETS = 100;

/**
 * By tariff period. Longer buckets: stacked columns from `byPeriod` (stepped areas past STEPPED_FROM_BUCKETS). Hours: one line per period (periodRuns), the
 * borrowed joints left out of their tooltip.
 */
function periodSeries(answer: ExplorerAnswer, hourly: boolean): SeriesOptions[] {
  const { series, contract } = answer;
  const colours = periodColours(contract.periods.length);
  if (!hourly) {
    const stepped = series.start.length > STEPPED_FROM_BUCKETS;
    return contract.periods.map(({ code, label }, index) => ({
      ...(stepped
        ? // Tracked by the area, as a bar is by its body: a pointer anywhere in it shows and drills its day.
          { type: 'area' as const, step: 'center' as const, lineWidth: 0, fillOpacity: 1, trackByArea: true }
        : { type: 'column' as const }),
      name: label,
      color: colours[index],
      ...timeSeriesData(series.start, series.byPeriod?.[code] ?? series.start.map(() => 0)),
      tooltip: { pointFormatter: tooltipLine(series, false) },
    }));
  }
  const periods = series.period ?? [];
  const runs = periodRuns(
    series,
    contract.periods.map(({ code }) => code),
  );
  return contract.periods.map(({ code, label }, index) => ({
    type: 'line',
    name: label,
    color: colours[index],
    dashStyle: dashedWhereSeen(series.start.length, PERIOD_DASHES[index]),
    data: runs.get(code) ?? [],
    tooltip: { pointFormatter: tooltipLine(series, true, (at) => periods[at] === code) },
  }));
}

/** The same range one year earlier, drawn at `shiftedStart` on this year's axis. */
function comparisonSeries(comparison: ExplorerComparison, hourly: boolean, overBars: boolean): SeriesOptions {
  const { series } = comparison;
  const data = timeSeriesData(series.shiftedStart, series.active);
  // Drawn on this year's axis, but its table and summary name last year's dates.
  const realStarts = new Map(series.shiftedStart.map((shifted, index) => [shifted, series.start[index]]));
  const custom = { realTime: (x: number) => realStarts.get(x) ?? x };
  return hourly || overBars
    ? {
        type: 'line',
        name: COMPARISON_SERIES,
        color: COMPARISON_COLOUR,
        dashStyle: dashedWhereSeen(series.active.length, 'ShortDash'),
        lineWidth: 1,
        custom,
        ...data,
      }
    : { type: 'column', name: COMPARISON_SERIES, color: COMPARISON_BAR_COLOUR, custom, ...data };
}

/** The highest hourly power of each period beside its contracted power; an exceeded period says so in words. */
function powerOptions(answer: ExplorerAnswer): Options {
  const maxima: PointOptionsObject[] = answer.power.map((period) => ({
    y: period.maxKw,
    ...(period.exceeded
      ? {
          color: EXCEEDED_COLOUR,
          dataLabels: { enabled: true, format: POWER_EXCEEDED, style: { fontWeight: 'bold' } },
        }
      : {}),
  }));
  return {
    chart: { type: 'column', height: 420, animation: false },
    title: { text: POWER_CHART_TITLE },
    xAxis: { categories: answer.power.map(({ label }) => label) },
    yAxis: { title: { text: POWER_UNIT }, labels: groupedAxisLabels(), min: 0 },
    tooltip: { shared: true, valueDecimals: 3, valueSuffix: ` ${POWER_UNIT}` },
    legend: { enabled: true },
    plotOptions: { series: { animation: false } },
    series: [
      // Powers do not add up: their table and summary give no total.
      {
        type: 'column',
        name: MAX_POWER_SERIES,
        color: MAX_POWER_COLOUR,
        data: maxima,
        custom: { additive: false },
      },
      {
        type: 'column',
        name: CONTRACTED_POWER_SERIES,
        custom: { additive: false },
        color: CONTRACTED_POWER_COLOUR,
        data: answer.power.map(({ contractedKw }) => contractedKw),
      },
    ],
  };
}

/**
 * The explorer's chart for an answer and the view. `onPointSelect` receives the clicked bucket's date (ISO), for
 * drilling down; Highcharts' keyboard navigation fires the same click on Enter or Space on a focused point.
 */
export function buildExplorerChartOptions(
  answer: ExplorerAnswer,
  view: ExplorerView,
  onPointSelect?: (date: string) => void,
): Options {
  if (view.mode === 'power') return powerOptions(answer);
  const { granularity } = answer;
  const hourly = granularity === 'hour';
  const unit = explorerUnit(granularity);
  const byPeriod = view.mode === 'periods';
  const scale = SCALE_ADJECTIVES[granularity];
  const indexOf = bucketIndex(answer.series);
  const click = onPointSelect && {
    events: {
      click(this: Point) {
        const date = answer.series.date[indexOf(this.x)];
        if (date) onPointSelect(date);
      },
    },
  };
  const current = (byPeriod ? periodSeries(answer, hourly) : energySeries(answer, hourly)).map((series) =>
    click ? { ...series, point: click } : series,
  );
  const comparison =
    view.compare && answer.comparison ? [comparisonSeries(answer.comparison, hourly, byPeriod)] : [];
  // Net energy goes below zero when the surplus is larger; otherwise the axis starts at 0.
  const negative = !byPeriod && answer.contract.selfConsumption;
  return {
    chart: {
      type: hourly ? 'line' : 'column',
      zooming: { type: 'x' },
      panning: { enabled: false },
      height: 420,
      animation: false,
    },
    time: { timezone: 'Europe/Madrid' },
    title: { text: byPeriod ? periodsChartTitle(scale) : energyChartTitle(scale) },
    xAxis: { type: 'datetime' },
    yAxis: { title: { text: unit }, labels: groupedAxisLabels(), ...(negative ? {} : { min: 0 }) },
    tooltip: {
      shared: true,
      valueDecimals: 3,
      valueSuffix: ` ${unit}`,
      xDateFormat: TOOLTIP_DATES[granularity],
    },
    legend: { enabled: true },
    // The period lines' gaps are nulls: described, each would get a hidden stand-in element of its own, found by
    // a search through the series (about 2 s for a year by hour).
    accessibility: { point: { describeNull: false } },
    plotOptions: {
      series: {
        animation: false,
        marker: { enabled: false },
        stickyTracking: true,
        dataLabels: { enabled: false },
        // Dimming the other series on hover restyles every path of a year of hours.
        states: { inactive: { enabled: false } },
      },
      line: { lineWidth: 1.5 },
      // A year's day is a bar a few pixels wide: rounding its corners only costs time.
      column: { stacking: byPeriod ? 'normal' : undefined, borderWidth: 0, borderRadius: 0 },
      area: { stacking: byPeriod ? 'normal' : undefined },
    },
    series: [...current, ...comparison],
  };
}
