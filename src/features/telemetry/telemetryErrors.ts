import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { UNKNOWN_ERROR } from '@/shared/measurement/measurementMessages';

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
