import type { Chart as HighchartsChart } from 'highcharts';
import { useRef } from 'react';
import { downloadChartPng } from '@/shared/ui/chartExport';
import { Button } from '@/shared/ui/Button';
import { ChartFigure } from '@/shared/ui/ChartFigure';
import type { InvoiceChartModel } from '../invoiceCharts';
import { CHART_LOADING, CHART_ROW_HEADER, DOWNLOAD_CHART, chartAriaLabel } from '../invoicesMessages';

/** A chart with its summary, its table and its PNG download (1400x800, grafico_consumo.png, made in the browser). */
export function InvoiceChart({ id, chart }: { id: string; chart: InvoiceChartModel }) {
  const chartRef = useRef<HighchartsChart | null>(null);
  return (
    <div className="invoice-chart">
      <ChartFigure
        id={id}
        options={chart.options}
        ariaLabel={chartAriaLabel(chart.title)}
        loadingLabel={CHART_LOADING}
        rowHeader={CHART_ROW_HEADER}
        period={chart.period}
        onReady={(drawn) => {
          chartRef.current = drawn;
        }}
        actions={
          <Button
            variant="secondary"
            onClick={() => {
              if (chartRef.current) downloadChartPng(chartRef.current);
            }}
          >
            {DOWNLOAD_CHART}
          </Button>
        }
      />
    </div>
  );
}
