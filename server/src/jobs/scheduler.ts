import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';

import { setClockOffsetMs } from '../clock';
import { readClockOffset } from '../data/serverClock';
import type { Db } from '../db/database';
import type { JobRunner } from './runner';

/**
 * The scheduler of one process (croner): every few seconds it takes the shared clock's offset from the
 * database (so a clock moved by another process is this one's too), and every minute it runs what is due by
 * that clock (JobRunner.runDue: the 06:00 and 07:00 runs, catch-up after a stop, due retries). Ticks never
 * overlap (croner's `protect`); a failed tick is logged and the next one tries again.
 */
export function startScheduler(db: Db, runner: JobRunner, log: FastifyBaseLogger): () => Promise<void> {
  const onError = (error: unknown) => log.error({ err: error }, 'planificador de tareas');
  const sync = new Cron('*/5 * * * * *', { protect: true, catch: onError }, async () => {
    setClockOffsetMs(await readClockOffset(db));
  });
  const jobs = new Cron('0 * * * * *', { protect: true, catch: onError }, async () => {
    setClockOffsetMs(await readClockOffset(db));
    await runner.runDue();
  });
  // A process that starts after a stop catches up at once, not at the next minute.
  void jobs.trigger();
  return async () => {
    sync.stop();
    jobs.stop();
    await runner.idle();
  };
}
