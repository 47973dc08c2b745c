import { addDays, dateRangeProblems, todayIso } from '@/shared/lib/dates';
import { RANGE_MESSAGES, REQUEST_FAILED, UNKNOWN_ERROR } from './loadCurveMessages';

/** Load curve: Desde strictly after Hasta minus 12 months (spec 02 §5). */
export const LOAD_CURVE_RANGE_MONTHS = 12;

export interface RangeValues {
  /** ISO dates, '' when empty. */
  from: string;
  to: string;
}

/** The default query's window: the 7 days ending yesterday, in Madrid (spec 02 §4, §9). */
export function defaultLoadCurveRange(today = todayIso()): RangeValues {
  return { from: addDays(today, -7), to: addDays(today, -1) };
}

export function validateLoadCurveRange({ from, to }: RangeValues): Partial<RangeValues> {
  const problems = dateRangeProblems(from, to, { months: LOAD_CURVE_RANGE_MONTHS, strict: true });
  const errors: Partial<RangeValues> = {};
  if (problems.from) errors.from = RANGE_MESSAGES.from[problems.from];
  if (problems.to) errors.to = RANGE_MESSAGES.to[problems.to];
  return errors;
}

/**
 * Spec 02 §8: the answer's `error` field; Error desconocido when the answer has a body without it (an HTML
 * page, another JSON); Error al procesar la solicitud. when there is no body at all (no answer, empty body).
 */
export function loadCurveErrorText(error: unknown): string {
  const body =
    error && typeof error === 'object' && 'data' in error ? (error as { data: unknown }).data : undefined;
  if (body === undefined || body === null || body === '') return REQUEST_FAILED;
  if (typeof body === 'object') {
    const text = (body as { error?: unknown }).error;
    if (typeof text === 'string' && text) return text;
  }
  return UNKNOWN_ERROR;
}
