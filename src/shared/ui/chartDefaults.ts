import type { Options } from 'highcharts';
import { CHART_LANG } from './chartMessages';

/*
 * What every chart of the portal is drawn with, beside its own options: Spanish texts (screen-reader ones
 * included, from chartMessages), es-ES numbers, and exporting done in the browser (no chart ever leaves for an
 * export server). Chart.tsx hands these to Highcharts; the chart bench (bench/14) draws with the same ones.
 * Only types come from Highcharts, so it stays in the chart's lazy chunk.
 */
/** Past this many points a series is large: its chart draws in a task of its own, and keys move by series. */
export const LARGE_CHART_POINTS = 1000;

export const CHART_DEFAULTS: Options = {
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
    // The arrow keys step through the points of a series up to this size (a year of days, to drill into one); a
    // year of hours is stepped by series: point by point it cannot be read, its values are in "Ver como tabla",
    // and marking 8,760 points a series for the keyboard took ~20 ms of the drawing's task.
    keyboardNavigation: { seriesNavigation: { pointNavigationEnabledThreshold: LARGE_CHART_POINTS } },
  },
};

/** A chart's options with the accessibility every chart has; what the options bring themselves wins. */
export const withChartAccessibility = (options: Options, ariaLabel: string): Options => ({
  ...options,
  // No landmark of its own: the chart sits in a figure named by its title, and two charts on one page would
  // otherwise be two regions with the same name (axe landmark-unique).
  accessibility: {
    enabled: true,
    description: ariaLabel,
    landmarkVerbosity: 'disabled',
    ...options.accessibility,
  },
});
