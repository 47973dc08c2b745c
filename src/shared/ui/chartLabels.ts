/**
 * Axis labels grouped like every other number of the portal (spec 02 §9): Highcharts groups axis labels only
 * from 10.000, unless the format asks with `,`; `f` without decimals keeps the value's own. The separators are
 * the es-ES ones Chart.tsx gives Highcharts. A plain string, so option builders stay free of Highcharts.
 */
export const groupedAxisLabels = (unit?: string) => ({ format: unit ? `{value:,f} ${unit}` : '{value:,f}' });
