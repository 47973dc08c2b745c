import type { Db } from '../src/db/database';

/**
 * `db` seen through a Kysely plugin that records every statement sent through it, as its operation tree in JSON
 * (so a test can tell which tables it read). Each executed statement's result passes the plugin once; a subquery
 * is transformed too, but only as part of its statement. Tests hold a call's statements against its target.
 */
export function recordingStatements(db: Db): { db: Db; statements: string[] } {
  const built = new Map<unknown, string>();
  const statements: string[] = [];
  const recorded = db.withPlugin({
    transformQuery: ({ node, queryId }) => (built.set(queryId, JSON.stringify(node)), node),
    transformResult: async ({ result, queryId }) => (statements.push(built.get(queryId) ?? 'raw'), result),
  });
  return { db: recorded, statements };
}
