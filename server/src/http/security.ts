import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

import type { ServerConfig } from '../config';

/**
 * The SPA is served as files from this origin (no inline scripts or styles), so 'self' covers it; extra
 * connect-src origins let a deployment point the SPA at another backend. No upgrade-insecure-requests: the
 * demo runs on plain http://localhost.
 */
export function contentSecurityPolicy(config: Pick<ServerConfig, 'cspConnectSrc'>) {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...config.cspConnectSrc],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The outbox's view of a message's HTML part, shown as a mail program shows it: mail keeps its styles inline
 * (programs strip stylesheets), so this one page allows inline styles; it runs no script at all (sandbox) and
 * loads nothing but images.
 */
export const MAIL_VIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: http: https:; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";

// Not typed as HelmetOptions: @fastify/helmet's declarations see helmet's CommonJS types, ours its ES module
// ones, and TypeScript holds the two copies of its `dangerouslyDisableDefaultSrc` symbol apart.
function helmetOptions(config: Pick<ServerConfig, 'cspConnectSrc' | 'publicUrl'>) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'same-origin' as const },
    // HSTS over plain http is ignored by browsers and would only mislead; send it when served over https.
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  };
}

/**
 * For answers Fastify makes before any hook has run (its frameworkErrors): the headers @fastify/helmet would
 * have set, by the same Helmet middleware on the raw response.
 */
export function securityHeadersSetter(config: Pick<ServerConfig, 'cspConnectSrc' | 'publicUrl'>) {
  const middleware = helmet(helmetOptions(config));
  return (request: FastifyRequest, reply: FastifyReply) =>
    middleware(request.raw, reply.raw, (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error('helmet');
    });
}

/**
 * Browser features the SPA never uses are switched off for it and anything it might embed; full screen stays
 * for the charts' "Ver en pantalla completa".
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'fullscreen=(self)',
].join(', ');

// Every API answer is personal (contracts, invoices, their PDF, XLSX and ZIP files) or a one-time secret.
const isApi = (url: string) => url.startsWith('/api/');

/** Helmet's headers and ours on every answer; registered at the root, so it covers every route and the 404s. */
export async function registerSecurity(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await app.register(fastifyHelmet, helmetOptions(config));
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (isApi(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
}
