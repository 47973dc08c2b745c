import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';

import { REALM_PREFIX, REALMS } from './auth/realm';
import { createRequireAuth } from './auth/requireAuth';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { sendError } from './http/errors';
import { formatSchemaErrors, refuseUnusableInput } from './http/input';
import { recordRoutes } from './http/routeTable';
import { registerSecurity } from './http/security';
import { frameworkErrorHandler, registerStatic } from './http/static';
import { createMailer } from './mail/mailer';
import { createMailQueue } from './mail/queue';
import type { RouteContext } from './routes/context';
import { routePlugins } from './routes';
import { devOutboxRoutes } from './routes/devOutbox';

// Secrets travel in these headers; bodies are never logged (Fastify's serializers leave them out).
const REDACTED = [
  'req.headers.authorization',
  'req.headers.refresh_token',
  'req.headers.token',
  'req.headers.newpassword',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

const MAIL_RETRY_INTERVAL_MS = 15_000;

function loggerOptions(config: ServerConfig): FastifyServerOptions['logger'] {
  if (!config.logger) return false;
  return { level: config.logLevel, redact: { paths: REDACTED, censor: '[oculto]' } };
}

/**
 * The whole server: both realms, security headers and the SPA. The caller owns the database (it migrates
 * and seeds it before, and destroys it after app.close()), so tests can share it with their assertions.
 */
export async function buildApp(config: ServerConfig, db: Db): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    schemaErrorFormatter: formatSchemaErrors,
    // A bad URL gets the SPA's not-found page or a Spanish 400; other router errors (an over-long path
    // parameter) our error shape.
    frameworkErrors: frameworkErrorHandler(config),
  });

  recordRoutes(app);
  app.decorateRequest('account', null);
  app.setErrorHandler(sendError);
  refuseUnusableInput(app);
  await registerSecurity(app, config);
  // Registered at the root so its route hook sees the routes of every realm; each route opts in.
  await app.register(rateLimit, { global: false, hook: 'preHandler' });

  // Queued mail left by a stopped process, and retries of failed sends, go out from here.
  const mailQueue = createMailQueue(db, createMailer(config), app.log);
  app.addHook('onReady', async () => mailQueue.start(MAIL_RETRY_INTERVAL_MS));
  app.addHook('onClose', async () => mailQueue.stop());

  for (const realm of REALMS) {
    const context: RouteContext = {
      realm,
      db,
      config,
      requireAuth: createRequireAuth(realm, db, config.jwtSecret),
      mailQueue,
    };
    await app.register(
      async (scope) => {
        for (const plugin of routePlugins) await scope.register(plugin, context);
      },
      { prefix: REALM_PREFIX[realm] },
    );
  }

  // The mail outbox page shows one-time links: never in production.
  if (config.nodeEnv !== 'production') await app.register(devOutboxRoutes, { config });

  await registerStatic(app, config);
  return app;
}
