import type { Options } from 'highcharts';
import type { ExplorerAnswer, ExplorerView } from './explorerTypes';

// Interim, until branch i15-charts brings buildExplorerChartOptions (explorerChart.ts): active kWh per bucket.
export const explorerChartOptions = (answer: ExplorerAnswer, view: ExplorerView): Options => ({
  title: { text: `Consumo (${view.granularity})` },
  chart: { type: 'column', height: 400 },
  xAxis: { type: 'datetime' },
  tooltip: { valueSuffix: ' kWh' },
  series: [
    {
      type: 'column',
      name: 'Energía activa',
      data: answer.series.start.map((x, i) => [x, answer.series.active[i]]),
    },
  ],
});
