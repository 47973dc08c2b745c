import { formatListDate } from '@/shared/lib/dates';
import type { ExplorerAnswer } from './explorerTypes';
import { summaryChange, SUMMARY_NO_PREVIOUS, summaryTopPeriod, summaryTotal } from './loadCurveMessages';

/** es-ES numbers of the explorer: kWh and kW with 2 decimals, shares with 1, always grouped (1.234,56). */
const grouped = (decimals: number, signDisplay: 'auto' | 'exceptZero' = 'auto') =>
  new Intl.NumberFormat('es-ES', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: 'always' as unknown as boolean,
    signDisplay,
  });
const energy = grouped(2);
const share = grouped(1);
const change = grouped(1, 'exceptZero');
const changeKwh = grouped(2, 'exceptZero');

export const formatKwh = (value: number) => energy.format(value);
export const formatShare = (value: number) => share.format(value);

/** The one-line text summary: total, change against last year (when compared), the period with most kWh. */
export function explorerSummary(answer: ExplorerAnswer): string {
  const parts = [summaryTotal(formatKwh(answer.totals.active))];
  const comparison = answer.comparison;
  if (comparison?.cutoff) {
    parts.push(
      comparison.differencePercent === null
        ? SUMMARY_NO_PREVIOUS
        : summaryChange(
            change.format(comparison.differencePercent),
            changeKwh.format(comparison.differenceKwh),
            formatListDate(comparison.cutoff),
          ),
    );
  }
  const top = answer.periods.reduce<ExplorerAnswer['periods'][number] | null>(
    (best, period) => (period.kwh > (best?.kwh ?? 0) ? period : best),
    null,
  );
  if (top) parts.push(summaryTopPeriod(top.label, formatShare(top.share)));
  return `${parts.join('; ')}.`;
}
