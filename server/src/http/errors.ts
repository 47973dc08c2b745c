import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

import { codeAndMessage, type CodeAndMessage } from '../contract/common';

/** An expected failure with the HTTP status and the body code the SPA reads. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    message: string,
    /** Headers of the answer (Retry-After of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ErrorBody = CodeAndMessage;

/** The response schema of an ErrorBody, for the `4xx` (and other) entries of a route's schema. */
export const errorBody = codeAndMessage;

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: 'Petición no válida',
  401: 'Sesión caducada',
  403: 'Acceso denegado',
  404: 'Recurso no encontrado',
  405: 'Método no permitido',
  406: 'Formato de respuesta no disponible',
  413: 'Petición demasiado grande',
  414: 'Dirección demasiado larga',
  415: 'Tipo de contenido no admitido',
  429: 'Demasiadas peticiones; inténtelo más tarde',
};

/** The answer for a path that does not exist (or must look as if it did not). */
export const notFound = () => new ApiError(404, 404, CLIENT_ERROR_MESSAGES[404]);

/**
 * What data/ found, or the 404 a route answers when it found nothing: data/ returns null (or nothing) for a row
 * outside the caller's scope, the same as for a missing one, and never speaks HTTP.
 */
export function orNotFound<T>(found: T | null | undefined): T {
  if (found === null || found === undefined) throw notFound();
  return found;
}

/**
 * The answer when a caller has more requests waiting than a limit allows; Retry-After says when a turn is
 * likely free again.
 */
export const tooManyRequests = (retryAfterSeconds = 1, message = CLIENT_ERROR_MESSAGES[429]) =>
  new ApiError(429, 429, message, { 'retry-after': String(retryAfterSeconds) });

/** A route-level error handler that answers schema failures with this error instead of the generic 400. */
export const badInputAs =
  (answer: ApiError) => (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    void sendError(error.validation ? answer : error, request, reply);
  };

export function isBadInput(error: FastifyError): boolean {
  return Boolean(error.validation) || error.statusCode === 400 || error.statusCode === 415;
}

/**
 * Every failure answers JSON {code, message}: validation and parsing problems are 400, other client errors
 * keep their status, and anything unexpected is logged and hidden behind a generic 500.
 */
export function sendError(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    if (error.headers) reply.headers(error.headers);
    return reply
      .status(error.statusCode)
      .send({ code: error.code, message: error.message } satisfies ErrorBody);
  }
  if (error.validation) {
    return reply
      .status(400)
      .send({ code: 400, message: `Datos no válidos: ${error.message}` } satisfies ErrorBody);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // data/ never speaks HTTP, but a refusal it throws may carry a text meant for the person (grants.ts).
    const spoken = (error as { spokenMessage?: unknown }).spokenMessage === true;
    const message = spoken ? error.message : (CLIENT_ERROR_MESSAGES[status] ?? 'Petición no válida');
    return reply.status(status).send({ code: status, message } satisfies ErrorBody);
  }
  request.log.error({ err: error }, 'error no controlado');
  return reply.status(500).send({ code: 500, message: 'Error interno' } satisfies ErrorBody);
}
