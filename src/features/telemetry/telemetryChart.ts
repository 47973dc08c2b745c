import type { Options } from 'highcharts';
import type { TelemetryRecord } from './telemetryApi';
import { POWER_UNIT } from '@/shared/measurement/measurementMessages';
import { ACTIVE_SERIES, CHART_TITLE, REACTIVE_SERIES } from './telemetryMessages';

export const ACTIVE_COLOUR = '#0b3d91';
export const REACTIVE_COLOUR = '#f28c28';

/**
 * Line chart "Gráfica de datos" (spec 02 §2.6): active and reactive energy per hour in kW, zoom on, pan off.
 * Points are [time, value] pairs, which stay fast past Highcharts' turboThreshold with a year of hours; the
 * axis shows Madrid time whatever the browser's zone.
 */
export function buildTelemetryChartOptions(records: TelemetryRecord[]): Options {
  const active: [number, number][] = [];
  const reactive: [number, number][] = [];
  for (const record of records) {
    const time = Date.parse(record.dateRecord);
    if (Number.isNaN(time)) continue;
    active.push([time, record.activeEnergy]);
    reactive.push([time, record.reactiveEnergy]);
  }
  return {
    chart: { type: 'line', zooming: { type: 'x' }, panning: { enabled: false }, height: 420 },
    time: { timezone: 'Europe/Madrid' },
    title: { text: CHART_TITLE },
    xAxis: { type: 'datetime' },
    yAxis: { title: { text: POWER_UNIT }, min: 0 },
    tooltip: {
      shared: true,
      valueDecimals: 2,
      valueSuffix: ` ${POWER_UNIT}`,
      xDateFormat: '%A, %e %b %Y, %H:%M',
    },
    legend: { enabled: true },
    plotOptions: { series: { animation: false, marker: { enabled: false }, lineWidth: 1.5 } },
    series: [
      { type: 'line', name: ACTIVE_SERIES, color: ACTIVE_COLOUR, data: active },
      { type: 'line', name: REACTIVE_SERIES, color: REACTIVE_COLOUR, data: reactive },
    ],
  };
}
