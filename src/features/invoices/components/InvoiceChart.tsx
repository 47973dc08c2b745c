import type { Chart as HighchartsChart, Options } from 'highcharts';
import { useRef } from 'react';
import { downloadChartPng } from '@/shared/ui/chartExport';
import { Button } from '@/shared/ui/Button';
import { LazyChart } from '@/shared/ui/LazyChart';
import { CHART_LOADING, DOWNLOAD_CHART } from '../invoicesMessages';

/** A chart with its PNG download (1400x800, grafico_consumo.png, made in the browser). */
export function InvoiceChart({ options, ariaLabel }: { options: Options; ariaLabel: string }) {
  const chartRef = useRef<HighchartsChart | null>(null);
  return (
    <div className="invoice-chart">
      <LazyChart
        options={options}
        ariaLabel={ariaLabel}
        loadingLabel={CHART_LOADING}
        onReady={(chart) => {
          chartRef.current = chart;
        }}
      />
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
