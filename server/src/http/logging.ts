import type { FastifyError, FastifyRequest, FastifyServerOptions } from 'fastify';

import type { ServerConfig } from '../config';

// Secrets travel in these headers. The request serializer below logs no header at all; this is the second
// line, should a header ever be logged. Bodies are never logged (Fastify's serializers leave them out).
const REDACTED = [
  'req.headers.authorization',
  'req.headers.refresh_token',
  'req.headers.token',
  'req.headers.newpassword',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/**
 * Query parameters whose values never reach the log: the one-time tokens of the e-mailed links, personal data
 * of the guest lookups, and the user name on the validation page (base64 of the person's name).
 */
const SECRET_PARAMETERS = new Set([
  'token',
  'confirmation',
  'nif',
  'cif',
  'email',
  'telefono',
  'newpassword',
  'password',
  'refresh_token',
  'user',
  'username',
  'cups',
]);

/** A CUPS anywhere (a page path, a parameter of another name): ES, 16 digits, 2 letters, a border point. */
const CUPS = /ES\d{16}[A-Z]{2}(?:\d[A-Z])?/gi;

/** Text for the log with every CUPS hidden, as the listed parameters are. */
export const redactCups = (text: string) => text.replace(CUPS, '[oculto]');

function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).replace(/\[.*$/, '').trim().toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL with the values of SECRET_PARAMETERS and every CUPS replaced, as it goes to the log. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return redactCups(url);
  const pairs = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0 || !SECRET_PARAMETERS.has(parameterName(pair.slice(0, equals)))) return pair;
      return `${pair.slice(0, equals)}=[oculto]`;
    });
  return redactCups(`${url.slice(0, query)}?${pairs.join('&')}`);
}

/** What pino writes log lines to. */
export interface LogStream {
  write(line: string): void;
}

export function loggerOptions(config: ServerConfig, stream?: LogStream): FastifyServerOptions['logger'] {
  if (!config.logger) return false;
  return {
    level: config.logLevel,
    redact: { paths: REDACTED, censor: '[oculto]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
      // An error's text may quote the value it failed on (a database error, a parse error).
      err: (error: FastifyError) => ({
        type: error.name,
        message: redactCups(error.message),
        stack: redactCups(error.stack ?? ''),
        ...(error.code !== undefined ? { code: error.code } : {}),
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
