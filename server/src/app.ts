import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';

import { REALM_PREFIX, REALMS } from './auth/realm';
import type { ServerConfig } from './config';
import { type Db, warmReaders } from './db/database';
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
import { configureNotifications } from './notifications';
import { serverNow, setClockOffsetMs } from './clock';
import { readClockOffset } from './data/serverClock';
import { noteCustomerCall } from './eventLoop';
import { workOnThread } from './jobs/jobThread';
import { createJobRunner } from './jobs/runner';
import { startScheduler } from './jobs/scheduler';
import { archivesIdle, configureArchives } from './jobs/dataArchives';
import { realmRoutes } from './routes';
import { warmSearches } from './routes/invoices';
import { devClockRoutes } from './routes/devClock';
import { devOutboxRoutes } from './routes/devOutbox';
import { unsubscribeRoutes } from './routes/notifications';
import { healthRoutes } from './routes/health';

const MAIL_RETRY_INTERVAL_MS = 15_000;

export interface BuildOptions {
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: LogStream;
  /** Run the jobs' scheduler (server/src/jobs/): the real server does; tests run jobs when they choose. */
  scheduleJobs?: boolean;
  /** Runs the jobs' work on a thread of its own (jobs/jobThread.ts); needs a database another connection can open. */
  jobsOnThread?: boolean;
}

/**
 * The whole server: both realms, security headers and the SPA. The caller owns the database (it migrates
 * and seeds it before, and destroys it after app.close()), so tests can share it with their assertions.
 */
export async function buildApp(
  config: ServerConfig,
  db: Db,
  { logStream, scheduleJobs = false, jobsOnThread = false }: BuildOptions = {},
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

  // The customer notices sent on this database (by the jobs) take their links and branding from here.
  configureNotifications(db, config);
  await app.register(unsubscribeRoutes, { config, db });

  // Always registered, so that where it is closed its paths answer 404 rather than the SPA's page.
  // The SPA's "today" (latest selectable date, default ranges, the explorer's last day) follows this clock, not
  // the browser's: every API answer says what time it is (src/shared/lib/madridClock.ts reads it).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('x-server-time', serverNow().toISOString());
  });
  // The jobs rest while customers call (eventLoop.ts breather).
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.startsWith('/api/')) noteCustomerCall();
    done();
  });
  // The shared clock as the database holds it (another process may have moved it), before any request.
  app.addHook('onReady', async () => setClockOffsetMs(await readClockOffset(db)));
  const runner = createJobRunner(db, app.log, jobsOnThread ? workOnThread(config) : undefined);
  app.addHook('onReady', async () => runner.start());
  if (scheduleJobs) {
    let stopScheduler: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stopScheduler = startScheduler(db, runner, app.log);
    });
    app.addHook('onClose', async () => stopScheduler?.());
  }
  app.addHook('onClose', async () => runner.close());
  app.addHook('onClose', archivesIdle);
  configureArchives(db, config.dataDir);

  // Always registered, so that where they are closed their paths answer 404 rather than the SPA's page.
  await app.register(devOutboxRoutes, { config });
  await app.register(devClockRoutes, { config, runner, mailQueue });
  await app.register(healthRoutes, { db });

  await registerStatic(app, config);
  return app;
}

/**
 * What the first calls after a start would otherwise pay (issue 30, cold start): SQLite's readers started, then
 * an administrator's and a customer's search run once.
 */
export async function warmUp(db: Db): Promise<void> {
  await warmReaders(db);
  await warmSearches(db);
}

/**
 * The longest start-up waits for the warm-up: 0.1–0.3 s at the scale seed on a quiet machine, but the readers
 * run below the event loop's priority, and on a loaded one it may take seconds.
 */
export const WARM_UP_WAIT_MS = 3_000;

/**
 * The warm-up, awaited before the server listens, so that no call waits behind it: a first search that came
 * while it ran shared its reader threads and their start. Past `waitMs` it goes on in the background and the
 * server starts anyway; a failure is logged, and costs only a slower first call.
 */
export async function warmUpBeforeListening(
  db: Db,
  log: FastifyBaseLogger,
  waitMs = WARM_UP_WAIT_MS,
): Promise<void> {
  const warmed = warmUp(db).catch((error: unknown) =>
    log.warn({ err: error }, 'no se pudieron preparar los lectores'),
  );
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  await Promise.race([warmed, waited]);
  clearTimeout(timer);
}
