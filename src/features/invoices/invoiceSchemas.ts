import * as yup from 'yup';
import type { ExportFormat } from './invoicesApi';
import { EARLIEST_DATE, isValidIso, monthsBetween } from '@/shared/lib/dates';
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

/**
 * Desde and Hasta (ISO text, '' when empty). Each must be a date; Hasta must not be before Desde (a one-day
 * range is allowed); Desde must not be before the earliest date nor more than the screen's range before Hasta
 * (whole months with the day of month: 15 Jan to 15 Feb is 1 month, to 16 Feb is more).
 */
export function dateRangeSchema(rule: RangeRule) {
  const { months, message } = RANGE_RULES[rule];
  return yup.object({
    from: yup
      .string()
      .default('')
      .test('date', FROM_REQUIRED, (from) => isValidIso(from))
      .test('range', message, function inRange(from) {
        const { to } = this.parent as DateRangeValues;
        if (!isValidIso(from) || !isValidIso(to) || from > to) return true;
        return from >= EARLIEST_DATE && monthsBetween(from, to) <= months;
      }),
    to: yup
      .string()
      .default('')
      .test('date', TO_REQUIRED, (to) => isValidIso(to))
      .test('order', FROM_AFTER_TO, function afterFrom(to) {
        const { from } = this.parent as DateRangeValues;
        if (!isValidIso(from) || !isValidIso(to)) return true;
        return from <= to;
      }),
  });
}

export type DateRangeErrors = Partial<Record<keyof DateRangeValues, string>>;

/** The first broken rule of each field, as Formik's `validate` wants them (empty when valid). */
export function validateDateRange(values: DateRangeValues, rule: RangeRule): DateRangeErrors {
  try {
    dateRangeSchema(rule).validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    const errors: DateRangeErrors = {};
    for (const inner of (error as yup.ValidationError).inner) {
      const field = inner.path as keyof DateRangeValues;
      errors[field] ??= inner.message;
    }
    return errors;
  }
}

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
  const range = isValidIso(from) && isValidIso(to) && monthsBetween(from, to) > EXPORT_RANGE_MONTHS;
  return { excel: count > EXCEL_LIMIT, pdfZip: count > PDF_ZIP_LIMIT, range };
}

export function exportBlocked(format: ExportFormat, limits: BrokenExportLimits): boolean {
  return limits.range || (format === 'excel' ? limits.excel : limits.pdfZip);
}
