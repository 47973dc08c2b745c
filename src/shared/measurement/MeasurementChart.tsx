import type { ComponentProps } from 'react';
import type { Options } from 'highcharts';
import { ChartFigure } from '@/shared/ui/ChartFigure';

/** The hourly chart of telemetry and load curve: hourly kW readings, whose totals are energy in kWh (units.ts). */
export function MeasurementChart(props: {
  id: string;
  options: Options;
  ariaLabel: string;
  loadingLabel: string;
  table?: ComponentProps<typeof ChartFigure>['table'];
}) {
  return <ChartFigure {...props} />;
}
