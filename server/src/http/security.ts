import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

export async function registerSecurity(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'same-origin' },
    // HSTS over plain http is ignored by browsers and would only mislead; send it when served over https.
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
}
