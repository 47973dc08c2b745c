import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export const API_MESSAGES = {
  NO_CONNECTION: 'No se ha podido conectar con la Oficina Virtual. Por favor, inténtelo más tarde.',
  TIMEOUT: 'La Oficina Virtual está tardando demasiado en responder. Por favor, inténtelo más tarde.',
  INVALID_ANSWER: 'La Oficina Virtual ha enviado una respuesta no válida. Por favor, inténtelo más tarde.',
  SERVER_ERROR: 'Se ha producido un error en la Oficina Virtual. Por favor, inténtelo más tarde.',
  SESSION_ENDED: 'Su sesión ha caducado. Por favor, vuelva a iniciar sesión.',
  UNKNOWN: 'Ha ocurrido un error. Por favor, inténtelo de nuevo más tarde.',
} as const;

/** Spanish text for any failed call, so that no answer (HTML, 500, silence) ever leaves a blank screen. */
export function describeApiError(error: FetchBaseQueryError | { message?: string } | undefined): string {
  if (!error || !('status' in error)) return API_MESSAGES.UNKNOWN;
  switch (error.status) {
    case 'FETCH_ERROR':
      return API_MESSAGES.NO_CONNECTION;
    case 'TIMEOUT_ERROR':
      return API_MESSAGES.TIMEOUT;
    case 'PARSING_ERROR':
      return API_MESSAGES.INVALID_ANSWER;
    case 'CUSTOM_ERROR':
      return error.error === 'SESSION_ENDED' ? API_MESSAGES.SESSION_ENDED : API_MESSAGES.UNKNOWN;
    default:
      if (error.status === 401) return API_MESSAGES.SESSION_ENDED;
      if (error.status >= 500) return API_MESSAGES.SERVER_ERROR;
      // A refusal that says why (a permission revoked or expired, issue 28) is shown as the server wrote it.
      if (error.status === 403) return spokenMessage(error.data) ?? API_MESSAGES.UNKNOWN;
      return API_MESSAGES.UNKNOWN;
  }
}

/** The Spanish `message` of an error body ({code, message}), if it has one. */
export function spokenMessage(body: unknown): string | null {
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : null;
}

/** The HTTP status of an answer, or null when there was none (network error, timeout). */
export function httpStatusOf(error: FetchBaseQueryError): number | null {
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR') return error.originalStatus;
  return null;
}
