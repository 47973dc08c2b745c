import type { Chart } from 'highcharts';

export const CHART_IMAGE_NAME = 'grafico_consumo';
export const CHART_IMAGE_WIDTH = 1400;
export const CHART_IMAGE_HEIGHT = 800;

/**
 * Saves the chart as a PNG made in the browser by Highcharts' offline exporting (the Chart module sets
 * local exporting without server fallback). Type-only import: calling this does not load Highcharts.
 */
export function downloadChartPng(
  chart: Chart,
  fileName = CHART_IMAGE_NAME,
  width = CHART_IMAGE_WIDTH,
  height = CHART_IMAGE_HEIGHT,
): void {
  const exporting = (chart as Chart & { exporting?: { exportChart(options: object): unknown } }).exporting;
  exporting?.exportChart({
    type: 'image/png',
    filename: fileName,
    sourceWidth: width,
    sourceHeight: height,
    scale: 1,
  });
}
