import type { Options } from 'highcharts';
import type { BillExplanation } from '@contract/billExplainer';
import {
  EXPLAINER_CHART_TITLE,
  EXPLAINER_SERIES_OWN,
  EXPLAINER_SERIES_PREVIOUS,
  EXPLAINER_SERIES_YEAR,
} from './invoicesMessages';

type Supply = BillExplanation['supplies'][number];

/**
 * The parts of one supply's difference as horizontal bars, one series per comparison (the previous bill, the
 * same period a year before); a bill with nothing before it shows its own parts. The table view reads the same
 * options (shared/ui/chartTable.ts).
 */
export function explainerChartOptions(supply: Supply): Options {
  const comparisons = [
    { name: EXPLAINER_SERIES_PREVIOUS, parts: supply.previous?.parts },
    { name: EXPLAINER_SERIES_YEAR, parts: supply.yearBefore?.parts },
  ].filter((c): c is { name: string; parts: Supply['own'] } => Boolean(c.parts));
  const shown = comparisons.length ? comparisons : [{ name: EXPLAINER_SERIES_OWN, parts: supply.own }];
  return {
    chart: { type: 'bar' },
    title: { text: EXPLAINER_CHART_TITLE },
    xAxis: { categories: shown[0].parts.map((part) => part.label) },
    yAxis: { title: { text: '€' } },
    tooltip: { valueSuffix: ' €' },
    series: shown.map(({ name, parts }) => ({ type: 'bar', name, data: parts.map((part) => part.euros) })),
  };
}
