import Highcharts from 'highcharts';
import 'highcharts/modules/exporting';
import 'highcharts/modules/offline-exporting';
import 'highcharts/modules/accessibility';
import HighchartsReact from 'highcharts-react-official';
import { useMemo } from 'react';

/*
 * Loaded only through React.lazy by the screens that draw charts, so Highcharts never lands in the initial
 * bundle. Spanish texts, es-ES numbers, and exporting done in the browser: no chart ever leaves for an
 * export server.
 */
Highcharts.setOptions({
  lang: {
    decimalPoint: ',',
    thousandsSep: '.',
    months: [
      'enero',
      'febrero',
      'marzo',
      'abril',
      'mayo',
      'junio',
      'julio',
      'agosto',
      'septiembre',
      'octubre',
      'noviembre',
      'diciembre',
    ],
    shortMonths: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'],
    weekdays: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
    resetZoom: 'Restablecer zoom',
    loading: 'Cargando…',
    noData: 'Sin datos que mostrar',
  },
  credits: { enabled: false },
  exporting: { enabled: false, local: true, fallbackToExportServer: false },
  chart: { style: { fontFamily: 'inherit' } },
});

interface ChartProps {
  options: Highcharts.Options;
  /** Describes the chart for screen readers. */
  ariaLabel: string;
  onReady?: (chart: Highcharts.Chart) => void;
}

export default function Chart({ options, ariaLabel, onReady }: ChartProps) {
  const withAccessibility = useMemo<Highcharts.Options>(
    () => ({
      ...options,
      accessibility: { enabled: true, description: ariaLabel, ...options.accessibility },
    }),
    [options, ariaLabel],
  );
  return (
    <div className="chart" role="figure" aria-label={ariaLabel}>
      <HighchartsReact highcharts={Highcharts} options={withAccessibility} callback={onReady} />
    </div>
  );
}
