import type { Axis, AxisSetExtremesEventObject, Options, SeriesLineOptions } from 'highcharts';
import { DRAWN_POINTS, runExtremes, withLongLinesThinned } from './chartThinning';

const HOUR = 3_600_000;
const START = Date.parse('2025-11-24T00:00:00+01:00');

/** A year of hours with a daily wave, a few spikes and a gap: values that differ hour to hour. */
const yearOfHours = (): (number | null)[] =>
  Array.from({ length: 8760 }, (_, hour) => {
    if (hour >= 4000 && hour < 4010) return null;
    if (hour % 997 === 0) return 9 + (hour % 7);
    return Math.round((1 + Math.sin((hour / 24) * 2 * Math.PI) + (hour % 5) / 10) * 1000) / 1000;
  });

const line = (data: (number | null)[], extra: Partial<SeriesLineOptions> = {}): SeriesLineOptions => ({
  type: 'line',
  name: 'Energía activa',
  pointStart: START,
  pointInterval: HOUR,
  data,
  ...extra,
});

describe('runExtremes', () => {
  it("draws a year of hours from real hours only: each run's lowest and highest, the peaks and the gap kept", () => {
    const values = yearOfHours();
    const pairs = runExtremes(values, START, HOUR);
    expect(pairs.length).toBeLessThanOrEqual(DRAWN_POINTS + 1);
    expect(pairs.length).toBeGreaterThan(1000);
    // Every pair is an hour of the data with its own value, in time order.
    for (const [x, y] of pairs) expect(values[(x - START) / HOUR]).toBe(y);
    expect(pairs.map(([x]) => x)).toEqual([...pairs.map(([x]) => x)].sort((a, b) => a - b));
    // The line's outline: its highest and lowest hours, every spike, and a gap where the data has one.
    const numbers = values.filter((value): value is number => value !== null);
    const drawn = pairs.map(([, y]) => y);
    expect(drawn).toContain(Math.max(...numbers));
    expect(drawn).toContain(Math.min(...numbers));
    values.forEach((value, hour) => {
      if (hour % 997 === 0 && value !== null) expect(pairs).toContainEqual([START + hour * HOUR, value]);
    });
    expect(drawn).toContain(null);
  });

  it('draws a flat stretch from its ends: a year with no surplus is two points, a stretch amid a wave keeps its edges', () => {
    const zeros = Array.from({ length: 8760 }, () => 0);
    expect(runExtremes(zeros, START, HOUR)).toEqual([
      [START, 0],
      [START + 8759 * HOUR, 0],
    ]);
    // Three months with nothing in the middle of a varying year: the line still rises and falls at their edges.
    const values = yearOfHours().map((value, hour) => (hour >= 2000 && hour < 4000 ? 0.5 : value));
    const pairs = runExtremes(values, START, HOUR);
    const flat = pairs.filter(([x]) => x >= START + 2000 * HOUR && x < START + 4000 * HOUR);
    expect(flat.length).toBeLessThanOrEqual(4);
    expect(flat.every(([, y]) => y === 0.5)).toBe(true);
    const before = pairs.filter(([x]) => x < START + 2000 * HOUR);
    expect(before.length).toBeGreaterThan(200);
    for (const [x, y] of pairs) expect(values[(x - START) / HOUR]).toBe(y);
  });

  it('gives every value of a short range (a zoomed week)', () => {
    const values = yearOfHours();
    const week = runExtremes(values, START, HOUR, 24, 24 + 168);
    expect(week).toEqual(
      values.slice(24, 24 + 168).map((value, hour) => [START + (24 + hour) * HOUR, value]),
    );
  });
});

describe('withLongLinesThinned', () => {
  it('leaves short lines, [x, y] pairs and bars as they are', () => {
    const options: Options = {
      xAxis: { type: 'datetime' },
      series: [
        line([1, 2, 3]),
        { type: 'line', data: yearOfHours().map((value, hour) => [START + hour * HOUR, value]) },
        { type: 'column', pointStart: START, pointInterval: HOUR, data: yearOfHours() },
      ],
    };
    expect(withLongLinesThinned(options)).toBe(options);
  });

  it('draws a long even line from its runs, all its hours again when zoomed, and the runs after the reset', () => {
    const values = yearOfHours();
    const before = jest.fn();
    const options = withLongLinesThinned({
      xAxis: { type: 'datetime', events: { afterSetExtremes: before } },
      series: [line(values), line([1, 2, 3], { name: 'Corta' })],
    });
    const [thinned, short] = options.series as SeriesLineOptions[];
    expect(thinned.pointStart).toBeUndefined();
    expect(thinned.data).toEqual(runExtremes(values, START, HOUR));
    expect(short).toEqual(line([1, 2, 3], { name: 'Corta' }));

    // As Highcharts calls it after a zoom on the x axis, then after "Restablecer zoom".
    const setData = jest.fn();
    const redraw = jest.fn();
    const axis = { chart: { series: [{ setData }, { setData: jest.fn() }], redraw } } as unknown as Axis;
    const afterSetExtremes = (options.xAxis as { events: { afterSetExtremes: (e: object) => void } }).events
      .afterSetExtremes;
    const from = START + 100 * HOUR;
    const zoom = { min: from, max: from + 47 * HOUR, userMin: from, userMax: from + 47 * HOUR };
    afterSetExtremes.call(axis, zoom as AxisSetExtremesEventObject);
    const zoomed = setData.mock.calls[0][0] as [number, number | null][];
    // Every hour of the zoomed two days is drawn (and one on each side, so the line reaches the edges).
    for (let hour = 100; hour <= 147; hour += 1)
      expect(zoomed).toContainEqual([START + hour * HOUR, values[hour]]);
    expect(zoomed.length).toBeLessThanOrEqual(50);
    expect(redraw).toHaveBeenCalledTimes(1);
    expect(before).toHaveBeenCalledWith(zoom);

    afterSetExtremes.call(axis, { min: START, max: START + 8759 * HOUR } as AxisSetExtremesEventObject);
    expect(setData.mock.calls[1][0]).toEqual(runExtremes(values, START, HOUR));
  });
});
