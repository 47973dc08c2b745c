import { formatListDate, monthNames } from '@/shared/lib/dates';
import { formatMadridTime } from '@/shared/lib/madridClock';
import type { ExplorerAnswer, Granularity } from './explorerTypes';
import {
  summaryChange,
  SUMMARY_NO_PREVIOUS,
  summaryTopPeriod,
  summaryTotal,
  weekOf,
} from './loadCurveMessages';

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

const BUCKET_NAMES: Record<Granularity, ((date: string) => string) | null> = {
  hour: null,
  day: formatListDate,
  week: (date) => weekOf(formatListDate(date)),
  month: (date) => `${monthNames()[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`,
  year: (date) => date.slice(0, 4),
};

/** A bucket named as a person would (01/02/2026, Semana del 02/02/2026, febrero 2026, 2026), found by its start. */
export function bucketLabel(answer: ExplorerAnswer, time: number): string {
  const date = answer.series.date[answer.series.start.indexOf(time)];
  const name = BUCKET_NAMES[answer.granularity];
  return date && name ? name(date) : formatMadridTime(time);
}
