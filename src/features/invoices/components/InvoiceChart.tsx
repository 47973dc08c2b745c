import type { Chart as HighchartsChart, Options } from 'highcharts';
import { lazy, Suspense, useRef } from 'react';
import { downloadChartPng } from '@/shared/ui/chartExport';
import { Button } from '@/shared/ui/Button';
import { Spinner } from '@/shared/ui/Spinner';
import { CHART_LOADING, DOWNLOAD_CHART } from '../invoicesMessages';

// Highcharts lives only in this lazy chunk (ARCHITECTURE "Highcharts and moment are loaded only by the routes
// that need them").
const Chart = lazy(() => import('@/shared/ui/Chart'));

/** A chart with its PNG download (1400x800, grafico_consumo.png, made in the browser). */
export function InvoiceChart({ options, ariaLabel }: { options: Options; ariaLabel: string }) {
  const chartRef = useRef<HighchartsChart | null>(null);
  return (
    <div className="invoice-chart">
      <Suspense fallback={<Spinner label={CHART_LOADING} />}>
        <Chart
          options={options}
          ariaLabel={ariaLabel}
          onReady={(chart) => {
            chartRef.current = chart;
          }}
        />
      </Suspense>
      <Button
        variant="secondary"
        className="invoice-chart__download"
        onClick={() => {
          if (chartRef.current) downloadChartPng(chartRef.current);
        }}
      >
        {DOWNLOAD_CHART}
      </Button>
    </div>
  );
}
