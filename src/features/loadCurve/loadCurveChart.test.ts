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

  it('turns date and hour number into a continuous timeline across the 25-hour day', () => {
    const times = (series[0].data as [number, number][]).map(([time]) => time);
    expect(times).toHaveLength(49);
    expect(times[0]).toBe(Date.UTC(2026, 9, 23, 22));
    times.slice(1).forEach((time, i) => expect(time - times[i]).toBe(3_600_000));
    expect((series[1].data as [number, number][])[2]).toEqual([Date.UTC(2026, 9, 24, 0), 0.2]);
  });

  it('handles the 23-hour March day', () => {
    const march = buildLoadCurveChartOptions([...hours('29-03-2026', 23), ...hours('30-03-2026', 1)]);
    const times = ((march.series as SeriesLineOptions[])[0].data as [number, number][]).map(([time]) => time);
    expect(times[0]).toBe(Date.UTC(2026, 2, 28, 23));
    expect(times[23]).toBe(Date.UTC(2026, 2, 29, 22));
  });
});
