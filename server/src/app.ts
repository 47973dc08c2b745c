import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';

import { REALM_PREFIX, REALMS } from './auth/realm';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { registerCompression } from './http/compression';
import { sizeDocumentThreads } from './documents/documentThreads';
import { sendError } from './http/errors';
import { formatSchemaErrors, refuseUnusableInput } from './http/input';
import { loggerOptions, type LogStream } from './http/logging';
import { recordRoutes } from './http/routeTable';
import { registerSecurity } from './http/security';
import { frameworkErrorHandler, registerStatic } from './http/static';
import { createMailer } from './mail/mailer';
import { createMailQueue } from './mail/queue';
import { realmRoutes } from './routes';
import { devOutboxRoutes } from './routes/devOutbox';

const MAIL_RETRY_INTERVAL_MS = 15_000;

export interface BuildOptions {
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: LogStream;
}

/**
 * The whole server: both realms, security headers and the SPA. The caller owns the database (it migrates
 * and seeds it before, and destroys it after app.close()), so tests can share it with their assertions.
 */
export async function buildApp(
  config: ServerConfig,
  db: Db,
  { logStream }: BuildOptions = {},
): Promise<FastifyInstance> {
  // On PostgreSQL without JWT_SECRET the secret comes from the database (db/startup.ts prepareDatabase).
  if (config.jwtSecret.length < 32)
    throw new Error('Falta el secreto de firma: llame antes a prepareDatabase');
  const app = Fastify({
    logger: loggerOptions(config, logStream),
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
  registerCompression(app);
  sizeDocumentThreads(config.processes);
  // Registered at the root so its route hook sees the routes of every realm; each route opts in.
  await app.register(rateLimit, { global: false, hook: 'preHandler' });

  // Queued mail left by a stopped process, and retries of failed sends, go out from here.
  const mailQueue = createMailQueue(db, createMailer(config), app.log);
  app.addHook('onReady', async () => mailQueue.start(MAIL_RETRY_INTERVAL_MS));
  app.addHook('onClose', async () => mailQueue.stop());

  for (const realm of REALMS) {
    await app.register(realmRoutes({ realm, db, config, mailQueue }), { prefix: REALM_PREFIX[realm] });
  }

  // Always registered, so that where it is closed its paths answer 404 rather than the SPA's page.
  await app.register(devOutboxRoutes, { config });

  await registerStatic(app, config);
  return app;
}
