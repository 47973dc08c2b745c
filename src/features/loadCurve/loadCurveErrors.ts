import { UNKNOWN_ERROR } from '@/shared/measurement/measurementMessages';
import { REQUEST_FAILED } from './loadCurveMessages';

/**
 * Spec 02 §8: the answer's `error` field; Error desconocido when the answer has a body without it (an HTML
 * page, another JSON); Error al procesar la solicitud. when there is no body at all (no answer, empty body).
 */
export function loadCurveErrorText(error: unknown): string {
  const body = error && typeof error === 'object' && 'data' in error ? error.data : undefined;
  if (body === undefined || body === null || body === '') return REQUEST_FAILED;
  if (typeof body === 'object') {
    const text = (body as { error?: unknown }).error;
    if (typeof text === 'string' && text) return text;
    // A refusal says why in Spanish (a permission revoked or expired, issue 28): shown as it is.
    const message = (body as { message?: unknown }).message;
    const status = (error as { status?: unknown }).status;
    if (status === 403 && typeof message === 'string' && message) return message;
  }
  return UNKNOWN_ERROR;
}
