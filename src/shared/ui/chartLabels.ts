import type { Options } from 'highcharts';

/**
 * Axis labels grouped like every other number of the portal (spec 02 §9): Highcharts groups axis labels only
 * from 10.000, unless the format asks with `,`; `f` without decimals keeps the value's own. The separators are
 * the es-ES ones Chart.tsx gives Highcharts. A plain string, so option builders stay free of Highcharts.
 */
export const groupedAxisLabels = (unit?: string) => ({ format: unit ? `{value:,f} ${unit}` : '{value:,f}' });

// Highcharts draws at 400 px unless the options say otherwise.
const DEFAULT_CHART_HEIGHT = 400;

/** The height a chart takes, so what stands in for it meanwhile is as tall and the page does not move. */
export const chartHeight = (options: Options) =>
  typeof options.chart?.height === 'number' ? options.chart.height : DEFAULT_CHART_HEIGHT;
