import type { Axis, AxisSetExtremesEventObject, Options, SeriesLineOptions, XAxisOptions } from 'highcharts';

/*
 * A year of hours is 8,760 points a line on a plot about 1,100 px wide, and Highcharts spends most of a 100 ms
 * task making an object of each point and drawing it (bench/13). Past DRAWN_POINTS values, an evenly spaced line
 * (pointStart/pointInterval) is drawn from the lowest and the highest value of each run of neighbours: every
 * point drawn is a real instant with its real value (its tooltip tells the truth), the line's outline is the
 * same at a run every pixel or two, and zooming in draws every value of the zoomed range again. The options keep
 * every value: the chart's table ("Ver como tabla") and summary read them, not the drawing. Only types come
 * from Highcharts, so this stays in the chart's lazy chunk.
 */

/**
 * Runs a line is cut into: two points each, a run about every two pixels of the widest plot (1,100 px), so about
 * a point a pixel: the outline is the same as with a run a pixel, for 40 % fewer points to draw (bench/13).
 */
const RUNS = 600;
/** Lines with more values than this are drawn from their runs' extremes. */
export const DRAWN_POINTS = 2 * RUNS;

type Value = number | null;

/**
 * The [x, y] pairs drawn for `values[from..to)`, placed from `start` every `step`: per run of neighbours its
 * lowest and highest value in time order, and its first null, so that a gap in the data stays a gap; the
 * range's last value, and a flat stretch only from its ends. Short ranges (a zoomed week) give every value.
 */
export function runExtremes(
  values: readonly Value[],
  start: number,
  step: number,
  from = 0,
  to = values.length,
): [number, Value][] {
  const pairs: [number, Value][] = [];
  const size = Math.max(1, Math.ceil((to - from) / RUNS));
  for (let first = from; first < to; first += size) {
    let lowest = -1;
    let highest = -1;
    let gap = -1;
    for (let index = first; index < Math.min(first + size, to); index += 1) {
      const value = values[index];
      if (value === null) {
        if (gap < 0) gap = index;
      } else {
        if (lowest < 0 || value < (values[lowest] as number)) lowest = index;
        if (highest < 0 || value > (values[highest] as number)) highest = index;
      }
    }
    // The range's last value too, so that the line reaches its end (a flat line would stop a run short).
    const last = first + size >= to && values[to - 1] !== null ? to - 1 : -1;
    const kept = [...new Set([lowest, highest, gap, last])]
      .filter((index) => index >= 0)
      .sort((a, b) => a - b);
    for (const index of kept) pairs.push([start + index * step, values[index]]);
  }
  return size > 1 ? withoutFlatInsides(pairs) : pairs;
}

/**
 * The pairs without the inner points of a flat stretch (equal values side by side): the line through them is
 * the same line. A year with no surplus (most customers') is two points instead of 600 for Highcharts to make
 * and draw. Only for runs: a zoomed range keeps every hour, so its tooltip finds each series at each hour.
 */
function withoutFlatInsides(pairs: [number, Value][]): [number, Value][] {
  return pairs.filter(([, value], index) => {
    if (value === null || index === 0 || index === pairs.length - 1) return true;
    return !(pairs[index - 1][1] === value && pairs[index + 1][1] === value);
  });
}

interface EvenLine {
  /** The series' place in the chart. */
  index: number;
  values: readonly Value[];
  start: number;
  step: number;
}

/** A line of more than DRAWN_POINTS plain values placed by pointStart/pointInterval, or null. */
function evenLine(options: Options, series: unknown, index: number): EvenLine | null {
  const { type, data, pointStart, pointInterval } = series as SeriesLineOptions;
  if ((type ?? options.chart?.type ?? 'line') !== 'line') return null;
  if (typeof pointStart !== 'number' || typeof pointInterval !== 'number') return null;
  if (!data || data.length <= DRAWN_POINTS) return null;
  if (!data.every((value) => value === null || typeof value === 'number')) return null;
  return { index, values: data, start: pointStart, step: pointInterval };
}

/** The index of the value at or before `time` (or after, with `up`), within the line. */
function valueIndex(line: EvenLine, time: number, up: boolean): number {
  const at = (time - line.start) / line.step;
  return Math.min(line.values.length, Math.max(0, up ? Math.ceil(at) + 1 : Math.floor(at)));
}

/**
 * The options Highcharts draws: long evenly spaced lines as their runs' extremes, drawn again from every value of
 * the range when the x axis is zoomed, and from the runs when the zoom is reset. Other options are untouched.
 */
export function withLongLinesThinned(options: Options): Options {
  if (Array.isArray(options.xAxis)) return options;
  const lines = (options.series ?? [])
    .map((series, index) => evenLine(options, series, index))
    .filter((line): line is EvenLine => line !== null);
  if (!lines.length) return options;
  const series = (options.series ?? []).map((original, index) => {
    const line = lines.find((candidate) => candidate.index === index);
    if (!line) return original;
    const { pointStart: _start, pointInterval: _interval, ...rest } = original as SeriesLineOptions;
    return { ...rest, data: runExtremes(line.values, line.start, line.step) };
  }) as Options['series'];
  const xAxis: XAxisOptions = options.xAxis ?? {};
  return {
    ...options,
    series,
    xAxis: {
      ...xAxis,
      events: {
        ...xAxis.events,
        afterSetExtremes(this: Axis, event: AxisSetExtremesEventObject) {
          // A zoom sets userMin/userMax; "Restablecer zoom" clears them.
          const zoomed = event.userMin !== undefined || event.userMax !== undefined;
          for (const line of lines) {
            const from = zoomed ? valueIndex(line, event.min, false) : 0;
            const to = zoomed ? valueIndex(line, event.max, true) : line.values.length;
            this.chart.series[line.index]?.setData(
              runExtremes(line.values, line.start, line.step, from, to),
              false,
              false,
              false,
            );
          }
          this.chart.redraw(false);
          xAxis.events?.afterSetExtremes?.call(this, event);
        },
      },
    },
  };
}
