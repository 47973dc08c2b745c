import type { SeriesLineOptions } from 'highcharts';
import { buildLoadCurveChartOptions } from './loadCurveChart';

const hours = (date: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    dateRecord: date,
    hourRecord: i + 1,
    activeEnergy: i,
    pasiveEnergy: i / 10,
  }));

describe('buildLoadCurveChartOptions', () => {
  const options = buildLoadCurveChartOptions([...hours('24-10-2026', 24), ...hours('25-10-2026', 25)]);
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

  it('turns date and hour number into a continuous timeline across the 25-hour day, as plain numbers', () => {
    // One hour apart in UTC, so Highcharts places the values from pointStart: no [time, value] pair per hour.
    expect(series[0]).toMatchObject({ pointStart: Date.UTC(2026, 9, 23, 22), pointInterval: 3_600_000 });
    expect(series[0].data).toHaveLength(49);
    expect(series[0].data?.[48]).toBe(24);
    expect(series[1].data?.[2]).toBe(0.2);
  });

  it('handles the 23-hour March day', () => {
    const march = buildLoadCurveChartOptions([...hours('29-03-2026', 23), ...hours('30-03-2026', 1)]);
    const [active] = march.series as SeriesLineOptions[];
    expect(active.pointStart).toBe(Date.UTC(2026, 2, 28, 23));
    expect(active.data).toHaveLength(24);
    // The first hour of 30 March, 23 hours after the first of the 29th.
    expect(Number(active.pointStart) + 23 * 3_600_000).toBe(Date.UTC(2026, 2, 29, 22));
  });

  it('places the hours by their instants when days are missing between them', () => {
    const gap = buildLoadCurveChartOptions([...hours('24-10-2026', 2), ...hours('26-10-2026', 1)]);
    const [active] = gap.series as SeriesLineOptions[];
    expect(active.pointStart).toBeUndefined();
    expect(active.data).toEqual([
      [Date.UTC(2026, 9, 23, 22), 0],
      [Date.UTC(2026, 9, 23, 23), 1],
      [Date.UTC(2026, 9, 25, 23), 0],
    ]);
  });
});
