import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyInstance,
  type onRequestAsyncHookHandler,
  type preHandlerAsyncHookHandler,
  type RouteOptions,
} from 'fastify';

import { REALM_PREFIX, REALMS } from './auth/realm';
import { createRequireAuth } from './auth/requireAuth';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { sendError } from './http/errors';
import { loggerOptions, type LogStream } from './http/logging';
import { registerSecurity } from './http/security';
import { registerStatic } from './http/static';
import type { RouteContext } from './routes/context';
import { routePlugins } from './routes';
import { devOutboxRoutes } from './routes/devOutbox';

/**
 * Routes declare `preHandler: requireAuth`; it runs at onRequest instead, before the input is parsed and
 * validated, so a caller without a live session learns nothing about a route's input rules and every
 * signed-in route answers a dead session with the same 401.
 */
function checkSessionFirst(route: RouteOptions, requireAuth: preHandlerAsyncHookHandler): void {
  const preHandlers = [route.preHandler ?? []].flat();
  if (!preHandlers.includes(requireAuth)) return;
  route.preHandler = preHandlers.filter((hook) => hook !== requireAuth);
  route.onRequest = [requireAuth as onRequestAsyncHookHandler, ...[route.onRequest ?? []].flat()];
}

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
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });

  app.decorateRequest('account', null);
  app.setErrorHandler(sendError);
  await registerSecurity(app, config);
  // Registered at the root so its route hook sees the routes of every realm; each route opts in.
  await app.register(rateLimit, { global: false, hook: 'preHandler' });

  for (const realm of REALMS) {
    const context: RouteContext = {
      realm,
      db,
      config,
      requireAuth: createRequireAuth(realm, db, config.jwtSecret),
    };
    await app.register(
      async (scope) => {
        scope.addHook('onRoute', (route) => checkSessionFirst(route, context.requireAuth));
        for (const plugin of routePlugins) await scope.register(plugin, context);
      },
      { prefix: REALM_PREFIX[realm] },
    );
  }

  // Always registered, so that where it is closed its paths answer 404 rather than the SPA's page.
  await app.register(devOutboxRoutes, { config });

  await registerStatic(app, config);
  return app;
}
