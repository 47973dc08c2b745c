import { monthNames } from '@/shared/lib/isoDates';
import { formatQuantity } from '@/shared/lib/money';
import { VisuallyHidden } from '@/shared/ui/VisuallyHidden';
import type { HomeSummaryAnswer } from './contractsApi';
import { CONSUMPTION_BAR, CONSUMPTION_CHART_LABEL } from './contractsMessages';

type Month = HomeSummaryAnswer['consumption']['months'][number];

// Spanish month names from the one date library (locale es); the bars' labels are their first three letters.
const monthName = (month: string) => monthNames()[Number(month.slice(5, 7)) - 1];
const longMonth = (month: string) => `${monthName(month)} ${month.slice(0, 4)}`;

/**
 * Twelve bars drawn in CSS (heights relative to the largest month): the home stays light, Highcharts is loaded
 * only by the chart screens. The list is the accessible form: each bar names its month and kWh.
 */
export function ConsumptionBars({ months, total }: { months: Month[]; total: number }) {
  const largest = Math.max(...months.map((m) => m.kwh), 1);
  return (
    <ol
      className="summary-bars"
      aria-label={CONSUMPTION_CHART_LABEL(
        longMonth(months[0].month),
        longMonth(months[months.length - 1].month),
        formatQuantity(total),
      )}
    >
      {months.map((m) => (
        <li key={m.month} className="summary-bars__month">
          <span className="summary-bars__track" aria-hidden="true">
            <span
              className="summary-bars__bar"
              style={{ height: `${Math.max((m.kwh / largest) * 100, m.kwh > 0 ? 3 : 0)}%` }}
            />
          </span>
          <span className="summary-bars__label" aria-hidden="true">
            {monthName(m.month).slice(0, 3)}
          </span>
          <VisuallyHidden>{CONSUMPTION_BAR(longMonth(m.month), formatQuantity(m.kwh))}</VisuallyHidden>
        </li>
      ))}
    </ol>
  );
}
