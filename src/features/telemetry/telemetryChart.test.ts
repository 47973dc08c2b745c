import type { SeriesLineOptions } from 'highcharts';
import { chartSummary, chartTable } from '@/shared/ui/chartTable';
import { ACTIVE_COLOUR, buildTelemetryChartOptions, REACTIVE_COLOUR } from './telemetryChart';

const records = [
  { dateRecord: '2026-10-25T01:00:00+02:00', activeEnergy: 0.5, reactiveEnergy: 0.1 },
  { dateRecord: '2026-10-25T02:00:00+02:00', activeEnergy: 0.4, reactiveEnergy: 0.08 },
  { dateRecord: '2026-10-25T02:00:00+01:00', activeEnergy: 0.3, reactiveEnergy: 0.05 },
];

describe('buildTelemetryChartOptions', () => {
  const options = buildTelemetryChartOptions(records);
  const series = options.series as SeriesLineOptions[];

  it('draws the line chart Gráfica de datos with Energía Activa and Energía Reactiva', () => {
    expect(options.chart?.type).toBe('line');
    expect(options.title?.text).toBe('Gráfica de datos');
    expect(series.map((s) => [s.type, s.name, s.color])).toEqual([
      ['line', 'Energía Activa', ACTIVE_COLOUR],
      ['line', 'Energía Reactiva', REACTIVE_COLOUR],
    ]);
  });

  it('shows kW on the axis and in the tooltip', () => {
    expect(options.yAxis).toMatchObject({ title: { text: 'kW' } });
    expect(options.tooltip?.valueSuffix).toBe(' kW');
  });

  it('reads reactive energy in kVAr per hour and totals it in kVArh; active in kW, totalled in kWh', () => {
    const table = chartTable(options);
    expect(table.units).toEqual(['kW', 'kVAr']);
    expect(table.totalUnits).toEqual(['kWh', 'kVArh']);
    const summary = chartSummary(table);
    expect(summary).toContain('Energía Activa: total 1,20 kWh, valor más alto 0,50 kW');
    expect(summary).toContain('Energía Reactiva: total 0,23 kVArh, valor más alto 0,10 kVAr');
  });

  it('enables zoom and disables pan', () => {
    expect(options.chart?.zooming?.type).toBe('x');
    expect(options.chart?.panning?.enabled).toBe(false);
  });

  it('places each hour at its instant, keeping the repeated October hour apart, in Madrid time', () => {
    expect(options.time?.timezone).toBe('Europe/Madrid');
    expect(options.xAxis).toMatchObject({ type: 'datetime' });
    // Evenly spaced hours go as plain numbers from pointStart, one hour apart in UTC.
    expect(series[0]).toMatchObject({ pointStart: Date.UTC(2026, 9, 24, 23), pointInterval: 3_600_000 });
    expect(series[0].data).toEqual([0.5, 0.4, 0.3]);
    expect(series[1].data).toEqual([0.1, 0.08, 0.05]);
  });

  it('places hours by their instants where one is missing', () => {
    const [active] = buildTelemetryChartOptions([records[0], records[2]]).series as SeriesLineOptions[];
    expect(active.pointStart).toBeUndefined();
    expect(active.data).toEqual([
      [Date.UTC(2026, 9, 24, 23), 0.5],
      [Date.UTC(2026, 9, 25, 1), 0.3],
    ]);
  });
});
