import type { FastifyPluginAsync } from 'fastify';

import { serverNow } from '../clock';
import { databaseAnswers, jobHealth } from '../data/jobRuns';
import { waitingMailCount } from '../data/mailQueue';
import type { Db } from '../db/database';
import { DAY_JOBS } from '../jobs/runner';
import { MAX_ATTEMPTS } from '../mail/queue';

const DAY_MS = 86_400_000;

/**
 * For operators and load balancers (issue 26), no personal data: whether the database answers, each job's
 * last successful run, units failed in the last day and mail waiting to leave. 503 when the database does not
 * answer, so a balancer takes the process out.
 */
export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!(await databaseAnswers(db))) return reply.code(503).send({ status: 'error', database: 'error' });
    try {
      const now = serverNow();
      const jobs = await jobHealth(
        db,
        DAY_JOBS.map((job) => job.name),
        new Date(now.getTime() - DAY_MS),
      );
      return reply.send({
        status: 'ok',
        database: 'ok',
        now: now.toISOString(),
        jobs: Object.fromEntries(
          Object.entries(jobs.lastSuccess).map(([name, lastSuccess]) => [name, { lastSuccess }]),
        ),
        failedLastDay: jobs.failedLastDay,
        mailWaiting: await waitingMailCount(db, MAX_ATTEMPTS),
      });
    } catch {
      return reply.code(503).send({ status: 'error', database: 'error' });
    }
  });
};
