import type { Options } from 'highcharts';
import type { TelemetryRecord } from './telemetryApi';
import { measurementChartOptions } from '@/shared/measurement/measurementChart';
import { ACTIVE_SERIES, CHART_TITLE, REACTIVE_SERIES } from './telemetryMessages';

export const ACTIVE_COLOUR = '#0b3d91';
export const REACTIVE_COLOUR = '#f28c28';

/**
 * Line chart "Gráfica de datos" (spec 02 §2.6): active and reactive energy per hour, each placed at its instant
 * from the record's own offset.
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
  return measurementChartOptions({
    title: CHART_TITLE,
    valueDecimals: 2,
    series: [
      { name: ACTIVE_SERIES, color: ACTIVE_COLOUR, data: active },
      { name: REACTIVE_SERIES, color: REACTIVE_COLOUR, data: reactive },
    ],
  });
}
