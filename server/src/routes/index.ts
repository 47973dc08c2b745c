import type { FastifyPluginAsync } from 'fastify';

import type { RouteContext } from './context';
import { userRoutes } from './user';

/** Each resource is one plugin; adding one is one line here. */
export const routePlugins: FastifyPluginAsync<RouteContext>[] = [userRoutes];
