import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { addDays, dateRangeProblems, todayIso } from '@/shared/lib/dates';
import { RANGE_MESSAGES, UNKNOWN_ERROR } from './telemetryMessages';

/** Telemetry ranges reach 12 months back from Hasta (spec 02 §5, §9). */
export const TELEMETRY_RANGE_MONTHS = 12;

export interface RangeValues {
  /** ISO dates, '' when empty. */
  from: string;
  to: string;
}

/** The default window: from 7 days ago to yesterday, in Madrid (spec 02 §9). */
export function defaultTelemetryRange(today = todayIso()): RangeValues {
  return { from: addDays(today, -7), to: addDays(today, -1) };
}

export function validateTelemetryRange({ from, to }: RangeValues): Partial<RangeValues> {
  const problems = dateRangeProblems(from, to, { months: TELEMETRY_RANGE_MONTHS });
  const errors: Partial<RangeValues> = {};
  if (problems.from) errors.from = RANGE_MESSAGES.from[problems.from];
  if (problems.to) errors.to = RANGE_MESSAGES.to[problems.to];
  return errors;
}

/** The answer's own error text (spec 02 §8), else Error desconocido. */
export function telemetryErrorText(error: unknown): string {
  const body =
    error && typeof error === 'object' && 'data' in error
      ? (error as FetchBaseQueryError & { data?: unknown }).data
      : undefined;
  if (body && typeof body === 'object') {
    const { error: text, message } = body as { error?: unknown; message?: unknown };
    if (typeof text === 'string' && text) return text;
    if (typeof message === 'string' && message) return message;
  }
  return UNKNOWN_ERROR;
}
