import type { IncomingMessage, ServerResponse } from 'node:http';

import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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

function helmetOptions(config: Pick<ServerConfig, 'cspConnectSrc' | 'publicUrl'>): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'same-origin' },
    // HSTS over plain http is ignored by browsers and would only mislead; send it when served over https.
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  };
}

/**
 * The headers Helmet sets for our options, worked out once: none of them depends on the request (no CSP
 * nonces, no directive functions). @fastify/helmet built Helmet's middleware anew on every request, parsing
 * the directives each time.
 */
export function securityHeaders(config: Pick<ServerConfig, 'cspConnectSrc' | 'publicUrl'>) {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(helmetOptions(config))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
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

export async function registerSecurity(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const headers = { ...securityHeaders(config), 'permissions-policy': PERMISSIONS_POLICY };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (isApi(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
}
