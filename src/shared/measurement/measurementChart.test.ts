import type { SeriesLineOptions } from 'highcharts';
import { groupedAxisLabels } from '@/shared/ui/chartLabels';
import { measurementChartOptions } from './measurementChart';

describe('measurementChartOptions', () => {
  const data: [number, number][] = [[Date.UTC(2026, 0, 1), 1.25]];
  const options = measurementChartOptions({
    title: 'Gráfica',
    valueDecimals: 3,
    series: [{ name: 'Energía activa', color: '#f28c28', data }],
  });

  it('draws each series as a line with its name, colour and points', () => {
    expect(options.title?.text).toBe('Gráfica');
    expect(options.series as SeriesLineOptions[]).toEqual([
      { type: 'line', name: 'Energía activa', color: '#f28c28', data },
    ]);
  });

  it('shows kW with the decimals asked for, zooms on x, does not pan, on Madrid time', () => {
    expect(options.yAxis).toMatchObject({ title: { text: 'kW' }, labels: groupedAxisLabels(), min: 0 });
    expect(options.tooltip).toMatchObject({ valueDecimals: 3, valueSuffix: ' kW', shared: true });
    expect(options.chart).toMatchObject({
      type: 'line',
      zooming: { type: 'x' },
      panning: { enabled: false },
    });
    expect(options.time?.timezone).toBe('Europe/Madrid');
    expect(options.xAxis).toMatchObject({ type: 'datetime' });
  });
});
