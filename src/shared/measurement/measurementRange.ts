import { addDays, dateRangeProblems, todayIso } from '@/shared/lib/isoDates';
import { RANGE_MESSAGES } from './measurementMessages';

/** Telemetry, load curve and certificate reach 12 months back from Hasta (spec 02 §5, §9). */
export const MEASUREMENT_RANGE_MONTHS = 12;

export interface RangeValues {
  /** ISO dates, '' when empty. */
  from: string;
  to: string;
}

/** The opening window of the telemetry and load-curve charts: the 7 days ending yesterday, in Madrid (§4, §9). */
export function lastWeekRange(today = todayIso()): RangeValues {
  return { from: addDays(today, -7), to: addDays(today, -1) };
}

/** A screen that allows a longer range than 12 months (the load curve by week, month or year), and its message. */
export interface LongRange {
  months: number;
  message: string;
}

/**
 * Spec 02 §5. Telemetry and certificate accept Desde exactly 12 months before Hasta; the load curve reads the
 * rule as "start after the end date minus 12 months", so it is `strict` and refuses that day.
 */
export function validateMeasurementRange(
  { from, to }: RangeValues,
  { strict = false, longRange }: { strict?: boolean; longRange?: LongRange } = {},
): Partial<RangeValues> {
  const months = longRange?.months ?? MEASUREMENT_RANGE_MONTHS;
  const problems = dateRangeProblems(from, to, { months, strict: strict && !longRange });
  const errors: Partial<RangeValues> = {};
  if (problems.from === 'tooEarly' && longRange) errors.from = longRange.message;
  else if (problems.from) errors.from = RANGE_MESSAGES.from[problems.from];
  if (problems.to) errors.to = RANGE_MESSAGES.to[problems.to];
  return errors;
}
