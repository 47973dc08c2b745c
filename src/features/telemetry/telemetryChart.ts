import type { Options } from 'highcharts';
import type { TelemetryRecord } from '@contract/measurements';
import { hourlyChartOptions } from '@/shared/measurement/measurementChart';
import { REACTIVE_POWER_UNIT } from '@/shared/measurement/measurementMessages';
import { ACTIVE_SERIES, CHART_TITLE, REACTIVE_SERIES } from './telemetryMessages';

export const ACTIVE_COLOUR = '#0b3d91';
export const REACTIVE_COLOUR = '#f28c28';

/**
 * Line chart "Gráfica de datos" (spec 02 §2.6): active and reactive energy per hour, each placed at its instant
 * from the record's own offset.
 */
export function buildTelemetryChartOptions(records: TelemetryRecord[]): Options {
  return hourlyChartOptions({
    title: CHART_TITLE,
    valueDecimals: 2,
    records,
    timeOf: (record) => {
      const time = Date.parse(record.dateRecord);
      return Number.isNaN(time) ? null : time;
    },
    lines: [
      { name: ACTIVE_SERIES, color: ACTIVE_COLOUR, value: (record) => record.activeEnergy },
      {
        name: REACTIVE_SERIES,
        color: REACTIVE_COLOUR,
        value: (record) => record.reactiveEnergy,
        unit: REACTIVE_POWER_UNIT,
      },
    ],
  });
}
