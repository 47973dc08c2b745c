import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';

import { ApiError } from './errors';

const TYPE_NAMES: Record<string, string> = {
  integer: 'un número entero',
  number: 'un número',
  string: 'un texto',
  boolean: 'true o false',
  object: 'un objeto',
  array: 'una lista',
  null: 'nulo',
};

function describeType(type: unknown): string {
  const types = Array.isArray(type) ? type.map(String) : String(type).split(',');
  return types.map((name) => TYPE_NAMES[name] ?? name).join(' o ');
}

/** One schema failure in Spanish, named after the parameter the client sent (ajv's own text is English). */
function describe(error: FastifySchemaValidationError, dataVar: string): string {
  const field = error.instancePath.replace(/^\//, '').replaceAll('/', '.') || dataVar;
  const params = error.params;
  switch (error.keyword) {
    case 'type':
      return `${field} debe ser ${describeType(params.type)}`;
    case 'minimum':
      return `${field} debe ser mayor o igual que ${String(params.limit)}`;
    case 'maximum':
      return `${field} debe ser menor o igual que ${String(params.limit)}`;
    case 'minLength':
      return `${field} debe tener al menos ${String(params.limit)} caracteres`;
    case 'maxLength':
      return `${field} debe tener como mucho ${String(params.limit)} caracteres`;
    case 'minItems':
    case 'maxItems':
      return `${field} no tiene un número de elementos admitido`;
    case 'required':
      return `falta ${String(params.missingProperty)}`;
    case 'additionalProperties':
      return `${field} no admite ${String(params.additionalProperty)}`;
    case 'enum':
    case 'const':
      return `${field} no es un valor admitido`;
    case 'pattern':
    case 'format':
      return `${field} no tiene un formato válido`;
    default:
      return `${field} no es válido`;
  }
}

/** Fastify's schemaErrorFormatter: the first failure, in Spanish; sendError prefixes "Datos no válidos: ". */
export function formatSchemaErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  return new Error(errors.length ? describe(errors[0], dataVar) : `${dataVar} no es válido`);
}

type Problem = { path: string; reason: string };

/** The first value no route can take: a non-finite number, or text with a NUL character; depth-limited. */
function findUnusable(value: unknown, path: string, depth = 0): Problem | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? null : { path, reason: 'debe ser un número finito' };
  }
  if (typeof value === 'string') {
    return value.includes('\u0000') ? { path, reason: 'contiene un carácter no admitido' } : null;
  }
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findUnusable(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * ajv's type coercion turns `Infinity`, `-Infinity` and `1e999` into numbers and then skips `minimum` and
 * `maximum` for them (its range checks only run on finite numbers), and JSON.parse reads `1e999` as Infinity;
 * PostgreSQL refuses text with a NUL character. Either reached the database and failed there with a 500.
 * Checked once here, after validation has coerced every route's query, path, headers and body, so no route
 * needs to think of it.
 */
export function refuseUnusableInput(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const parts = {
      query: request.query,
      params: request.params,
      headers: request.headers,
      body: request.body,
    };
    for (const value of Object.values(parts)) {
      const problem = findUnusable(value, '');
      if (problem)
        throw new ApiError(400, 400, `Datos no válidos: ${problem.path || 'el cuerpo'} ${problem.reason}`);
    }
  });
}
