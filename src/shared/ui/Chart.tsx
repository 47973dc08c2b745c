import Highcharts from 'highcharts';
import 'highcharts/modules/exporting';
import 'highcharts/modules/offline-exporting';
import 'highcharts/modules/accessibility';
import HighchartsReact from 'highcharts-react-official';
import { useEffect, useMemo, useState } from 'react';
import { chartHeight } from './chartLabels';
import { CHART_DEFAULTS, LARGE_CHART_POINTS, withChartAccessibility } from './chartDefaults';
import { withLongLinesThinned } from './chartThinning';

// Loaded only through React.lazy by the screens that draw charts, so Highcharts never lands in the initial bundle.
Highcharts.setOptions(CHART_DEFAULTS);

const pointCount = (options: Highcharts.Options) =>
  (options.series ?? []).reduce(
    (count, series) => count + ((series as { data?: unknown[] }).data?.length ?? 0),
    0,
  );

interface ChartProps {
  options: Highcharts.Options;
  /** Describes the chart for screen readers (Highcharts' description, when the options bring none). */
  ariaLabel: string;
  onReady?: (chart: Highcharts.Chart) => void;
}

export default function Chart({ options, ariaLabel, onReady }: ChartProps) {
  const drawn = useMemo(
    () => withChartAccessibility(withLongLinesThinned(options), ariaLabel),
    [options, ariaLabel],
  );
  // A large chart (a year of hours costs Highcharts about 100 ms) waits for the next frame and a task after it: the page's own update (its text, table and
  // summary) is laid out and painted first, so the drawing's task neither includes it nor forces that layout
  // (Highcharts measures its container and labels).
  const [drawing, setDrawing] = useState(() => pointCount(options) <= LARGE_CHART_POINTS);
  useEffect(() => {
    if (drawing) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setDrawing(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [drawing]);
  const ready = (chart: Highcharts.Chart) => {
    // The renderer's fixed English <desc> ("Created with Highcharts") would be read with the chart.
    chart.renderer.box.querySelector('desc')?.remove();
    onReady?.(chart);
  };
  return (
    // The figure, its name and its summary are ChartFigure's; this is the drawing.
    <div className="chart">
      {drawing ? (
        // A new chart for new options: Highcharts' update merges them into the old ones, so a switch from the
        // stacked kWh bars to the euro bars kept the kWh stack labels and stacking, and the keyboard navigation
        // kept series the update had destroyed (TypeError 'inactiveOtherPoints', issue 24).
        <HighchartsReact highcharts={Highcharts} options={drawn} callback={ready} immutable />
      ) : (
        <div style={{ height: chartHeight(options) }} />
      )}
    </div>
  );
}
