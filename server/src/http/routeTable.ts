import type { FastifyInstance, RouteOptions } from 'fastify';

const tables = new WeakMap<FastifyInstance, RouteOptions[]>();

/** Records every route as it is added, so tests can walk all of them (a new route is covered unasked). */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  tables.set(app, routes);
  app.addHook('onRoute', (route) => void routes.push(route));
}

export function routesOf(app: FastifyInstance): readonly RouteOptions[] {
  return tables.get(app) ?? [];
}
