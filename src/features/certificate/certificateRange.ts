import { addDays, dateRangeProblems, todayIso } from '@/shared/lib/dates';
import { RANGE_MESSAGES } from './certificateMessages';

/** Certificates reach 12 months back from Hasta (spec 02 §5, §9). */
export const CERTIFICATE_RANGE_MONTHS = 12;

export interface RangeValues {
  /** ISO dates, '' when empty. */
  from: string;
  to: string;
}

/** Opens on the same window as the other measurement screens: 7 days ago to yesterday. */
export function defaultCertificateRange(today = todayIso()): RangeValues {
  return { from: addDays(today, -7), to: addDays(today, -1) };
}

export function validateCertificateRange({ from, to }: RangeValues): Partial<RangeValues> {
  const problems = dateRangeProblems(from, to, { months: CERTIFICATE_RANGE_MONTHS });
  const errors: Partial<RangeValues> = {};
  if (problems.from) errors.from = RANGE_MESSAGES.from[problems.from];
  if (problems.to) errors.to = RANGE_MESSAGES.to[problems.to];
  return errors;
}
