import type { SeriesLineOptions } from 'highcharts';
import { buildLoadCurveChartOptions } from './loadCurveChart';

const HOUR = 3_600_000;

/** A compact answer of `count` hours from `start`: active i, surplus i / 10. */
const curves = (start: number | null, active: (number | null)[]) => ({
  inputDate: { startDate: '24-10-2026', endDate: '25-10-2026' },
  start,
  step: HOUR,
  activeEnergy: active,
  pasiveEnergy: active.map((kwh) => (kwh === null ? null : kwh / 10)),
  total: { countTotal: active.filter((kwh) => kwh !== null).length },
});

describe('buildLoadCurveChartOptions', () => {
  // 24 October 2026 (24 hours) and the 25-hour 25th, from 00:00 Madrid (UTC+2).
  const hours = Array.from({ length: 49 }, (_, i) => i);
  const options = buildLoadCurveChartOptions(curves(Date.UTC(2026, 9, 23, 22), hours));
  const series = options.series as SeriesLineOptions[];

  it('draws active energy in orange and surplus in grey, in kW', () => {
    expect(series.map((s) => [s.type, s.name, s.color])).toEqual([
      ['line', 'Energía activa', '#f28c28'],
      ['line', 'Excedentes', '#7b8494'],
    ]);
    expect(options.yAxis).toMatchObject({ title: { text: 'kW' } });
    expect(options.tooltip?.valueSuffix).toBe(' kW');
  });

  it('zooms on the x axis', () => {
    expect(options.chart?.zooming?.type).toBe('x');
  });

  it("hands the answer's columns to the chart as plain numbers from its start, an hour apart", () => {
    expect(series[0]).toMatchObject({ pointStart: Date.UTC(2026, 9, 23, 22), pointInterval: HOUR });
    expect(series[0].data).toEqual(hours);
    expect(series[1].data?.[2]).toBe(0.2);
    // A copy: the store's answer is frozen.
    expect(Object.isFrozen(series[0].data)).toBe(false);
  });

  it('keeps a missing hour as a gap (null) at its place', () => {
    const [active] = buildLoadCurveChartOptions(curves(0, [1, null, 3])).series as SeriesLineOptions[];
    expect(active.data).toEqual([1, null, 3]);
  });

  it('draws empty lines without an answer or without hours', () => {
    for (const answer of [undefined, curves(null, [])]) {
      const [active] = buildLoadCurveChartOptions(answer).series as SeriesLineOptions[];
      expect(active.data).toEqual([]);
      expect(active.pointStart).toBeUndefined();
    }
  });
});
