import { addDays, addMonths, dateRangeProblems, todayIso } from '@/shared/lib/dates';
import { RANGE_MESSAGES } from './certificateMessages';

/** Certificates reach 12 months back from Hasta (spec 02 §5, §9). */
export const CERTIFICATE_RANGE_MONTHS = 12;

export interface RangeValues {
  /** ISO dates, '' when empty. */
  from: string;
  to: string;
}

/**
 * Opens on the last 12 complete months, as a certificate gives consumption per month (DECISIONS "Dates the
 * screens fill"): on 23 Nov 2026, 1 Nov 2025 to 31 Oct 2026. That range is within the 12-month rule.
 */
export function defaultCertificateRange(today = todayIso()): RangeValues {
  const monthStart = `${today.slice(0, 7)}-01`;
  return { from: addMonths(monthStart, -CERTIFICATE_RANGE_MONTHS), to: addDays(monthStart, -1) };
}

export function validateCertificateRange({ from, to }: RangeValues): Partial<RangeValues> {
  const problems = dateRangeProblems(from, to, { months: CERTIFICATE_RANGE_MONTHS });
  const errors: Partial<RangeValues> = {};
  if (problems.from) errors.from = RANGE_MESSAGES.from[problems.from];
  if (problems.to) errors.to = RANGE_MESSAGES.to[problems.to];
  return errors;
}
