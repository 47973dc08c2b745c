import Highcharts from 'highcharts';
import 'highcharts/modules/exporting';
import 'highcharts/modules/offline-exporting';
import 'highcharts/modules/accessibility';
import HighchartsReact from 'highcharts-react-official';
import { useEffect, useMemo, useState } from 'react';
import { chartHeight } from './chartLabels';
import { CHART_LANG } from './chartMessages';

/*
 * Loaded only through React.lazy by the screens that draw charts, so Highcharts never lands in the initial
 * bundle. Spanish texts (screen-reader ones included, from chartMessages), es-ES numbers, and exporting done
 * in the browser: no chart ever leaves for an export server.
 */
Highcharts.setOptions({
  lang: CHART_LANG,
  credits: { enabled: false },
  exporting: { enabled: false, local: true, fallbackToExportServer: false },
  chart: { style: { fontFamily: 'inherit' } },
  accessibility: {
    screenReaderSection: {
      // Highcharts' default opens with a heading it guesses (an h6 where no heading precedes the chart), which
      // breaks the page's outline (axe heading-order); the figure around the chart already names it.
      beforeChartFormat:
        '<p>{chartTitle}</p><div>{typeDescription}</div><div>{chartSubtitle}</div>' +
        '<div>{chartLongdesc}</div><div>{xAxisDescription}</div><div>{yAxisDescription}</div>',
    },
  },
});

/** Past this many points a chart draws in a task of its own (a year of hours costs Highcharts about 100 ms). */
const LARGE_CHART_POINTS = 1000;

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
  const withAccessibility = useMemo<Highcharts.Options>(
    () => ({
      ...options,
      // No landmark of its own: the chart sits in a figure named by its title, and two charts on one page
      // would otherwise be two regions with the same name (axe landmark-unique).
      accessibility: {
        enabled: true,
        description: ariaLabel,
        landmarkVerbosity: 'disabled',
        ...options.accessibility,
      },
    }),
    [options, ariaLabel],
  );
  // A large chart waits one task: the page's own update (its text, table and summary) is painted first, and
  // it and the drawing are two tasks instead of one long one.
  const [drawing, setDrawing] = useState(() => pointCount(options) <= LARGE_CHART_POINTS);
  useEffect(() => {
    if (drawing) return undefined;
    const timer = setTimeout(() => setDrawing(true));
    return () => clearTimeout(timer);
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
        <HighchartsReact highcharts={Highcharts} options={withAccessibility} callback={ready} />
      ) : (
        <div style={{ height: chartHeight(options) }} />
      )}
    </div>
  );
}
