import type { ExportFormat } from './invoicesApi';
import { DATE_FIELD_MESSAGES } from '@/shared/lib/dateMessages';
import { addMonths, dateRangeProblems, isValidIso } from '@/shared/lib/dates';
import {
  FROM_AFTER_TO,
  FROM_REQUIRED,
  RANGE_12_MONTHS,
  RANGE_1_MONTH,
  RANGE_1_YEAR,
  TO_REQUIRED,
} from './invoicesMessages';

/**
 * The longest Desde-Hasta range of each screen (spec 02 §5): 12 months on the per-product and gas screens,
 * 1 month on the electricity list, 1 year (the same 12 months, its own message) on the administrator screen.
 */
export type RangeRule = 'twelveMonths' | 'oneMonth' | 'oneYear';

const RANGE_RULES: Record<RangeRule, { months: number; message: string }> = {
  twelveMonths: { months: 12, message: RANGE_12_MONTHS },
  oneMonth: { months: 1, message: RANGE_1_MONTH },
  oneYear: { months: 12, message: RANGE_1_YEAR },
};

/** Export limits (spec 02 §5, §9). */
export const EXCEL_LIMIT = 1000;
export const PDF_ZIP_LIMIT = 200;
export const EXPORT_RANGE_MONTHS = 12;

export interface DateRangeValues {
  from: string;
  to: string;
}

export type DateRangeErrors = Partial<Record<keyof DateRangeValues, string>>;

/**
 * Desde and Hasta (ISO text, '' when empty), as Formik's `validate` wants them (empty when valid): the shared
 * range checks of every date screen (both dates required; Hasta not before Desde, a one-day range allowed;
 * Desde not before the earliest date nor more than the screen's range before Hasta, day of month counting:
 * 15 Jan to 15 Feb is 1 month, to 16 Feb is more), worded with this screen's messages.
 */
export function validateDateRange({ from, to }: DateRangeValues, rule: RangeRule): DateRangeErrors {
  const { months, message } = RANGE_RULES[rule];
  const problems = dateRangeProblems(from, to, { months });
  const errors: DateRangeErrors = {};
  const messages = {
    from: { ...DATE_FIELD_MESSAGES, required: FROM_REQUIRED, tooEarly: message },
    to: { ...DATE_FIELD_MESSAGES, required: TO_REQUIRED, beforeFrom: FROM_AFTER_TO },
  };
  if (problems.from) errors.from = messages.from[problems.from];
  if (problems.to) errors.to = messages.to[problems.to];
  return errors;
}

/**
 * The Desde/Hasta a screen fills after its default query (DECISIONS "Dates the screens fill"): the earliest and
 * latest launch dates of the results, unless that is wider than the screen's window; then Hasta is the latest
 * launch date and Desde the start of the window ending there (the earliest Desde its own rule accepts), so
 * Buscar pressed untouched always passes.
 */
export function filledDates(span: DateRangeValues, rule: RangeRule): DateRangeValues {
  const windowStart = addMonths(span.to, -RANGE_RULES[rule].months);
  return { from: span.from < windowStart ? windowStart : span.from, to: span.to };
}

/** More than 12 months (the day of month counting), the same reckoning as the screens' date rules. */
const beyondExportRange = (from: string, to: string) =>
  isValidIso(from) && isValidIso(to) && from < addMonths(to, -EXPORT_RANGE_MONTHS);

export interface BrokenExportLimits {
  /** More than 1000 results. */
  excel: boolean;
  /** More than 200 results. */
  pdfZip: boolean;
  range: boolean;
}

/**
 * Which bulk-export limits the current results break: more than 1000 results blocks Excel, more than 200
 * blocks PDF and ZIP, and a Desde-Hasta range over 1 year (12 months and the day of month) blocks all three.
 */
export function brokenExportLimits(count: number, from: string, to: string): BrokenExportLimits {
  const range = beyondExportRange(from, to);
  return { excel: count > EXCEL_LIMIT, pdfZip: count > PDF_ZIP_LIMIT, range };
}

export function exportBlocked(format: ExportFormat, limits: BrokenExportLimits): boolean {
  return limits.range || (format === 'excel' ? limits.excel : limits.pdfZip);
}
