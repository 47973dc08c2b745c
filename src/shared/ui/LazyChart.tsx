import type { Chart as HighchartsChart, Options } from 'highcharts';
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { chartHeight } from './chartLabels';
import { Notification } from './Notification';
import { Spinner } from './Spinner';

export const CHART_UNAVAILABLE =
  'No se ha podido mostrar el gráfico. Los datos siguen disponibles; recargue la página para intentarlo de nuevo.';

// Highcharts lives only in this lazy chunk, so it never lands in the bundle of a screen without charts.
const Chart = lazy(() => import('./Chart'));

interface BoundaryState {
  failed: boolean;
}

/**
 * A chunk that fails to arrive (a flaky network, a deploy in between) or a chart that throws while drawing
 * costs only the chart: the list, the filters and the downloads around it stay usable.
 */
class ChartErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Error del gráfico', error, info.componentStack);
  }

  render() {
    return this.state.failed ? (
      <Notification kind="error">{CHART_UNAVAILABLE}</Notification>
    ) : (
      this.props.children
    );
  }
}

interface LazyChartProps {
  options: Options;
  /** Describes the chart for screen readers. */
  ariaLabel: string;
  loadingLabel?: string;
  onReady?: (chart: HighchartsChart) => void;
}

/**
 * The one way screens draw a chart: loaded on demand, with a spinner meanwhile (in a box as tall as the chart,
 * so the page does not move when it arrives) and a message on failure.
 */
export function LazyChart({ options, ariaLabel, loadingLabel, onReady }: LazyChartProps) {
  const height = chartHeight(options);
  return (
    <ChartErrorBoundary>
      <Suspense
        fallback={
          <div className="lazy-chart__loading" style={{ height }}>
            <Spinner label={loadingLabel} />
          </div>
        }
      >
        <Chart options={options} ariaLabel={ariaLabel} onReady={onReady} />
      </Suspense>
    </ChartErrorBoundary>
  );
}
