import { workerData } from 'node:worker_threads';

import Fastify from 'fastify';

import { setClockOffsetMs } from '../clock';
import type { ServerConfig } from '../config';
import { createDatabase } from '../db/database';
import { followCustomerCalls } from '../eventLoop';
import { loggerOptions } from '../http/logging';
import { configureNotifications } from '../notifications';
import { configureArchives } from './dataArchives';
import type { JobThreadConfig } from './jobThread';
import { type JobCounts, type JobWork, workHere } from './runner';

/** What the jobs thread is started with (jobThread.ts). */
export interface JobThreadData {
  niceness: number;
  /** The server's latest API call (eventLoop.ts): the jobs yield to customers while they call. */
  customerCalls: SharedArrayBuffer;
  config: JobThreadConfig;
}

/** Every piece of work carries the server clock's offset as the process had it when it sent the work. */
interface Timed {
  clockOffsetMs: number;
}

let work: JobWork | undefined;

/**
 * The thread's own connection (its own pool on PostgreSQL; on SQLite a second writer, which takes the write lock
 * at BEGIN: db/sqliteWriter.ts), configured as buildApp configures the server's, and a logger with the server's
 * redaction; made on the first piece of work.
 */
function workOfThisThread(): JobWork {
  if (!work) {
    const { config, customerCalls } = workerData as JobThreadData;
    followCustomerCalls(customerCalls);
    const db = createDatabase({ ...config, sqliteReadWorkers: 0 });
    configureNotifications(db, config);
    configureArchives(db, config.dataDir);
    work = workHere(db, Fastify({ logger: loggerOptions(config as ServerConfig) }).log);
  }
  return work;
}

/** The jobs thread's tasks (jobWorker.cjs answers each message with one of them). */
export const jobTasks = {
  runDay({
    name,
    day,
    at,
    clockOffsetMs,
  }: Timed & { name: string; day: string; at: Date }): Promise<JobCounts> {
    setClockOffsetMs(clockOffsetMs);
    return workOfThisThread().runDay(name, day, at);
  },
  retryBilling({ day, at, clockOffsetMs }: Timed & { day: string; at: Date }): Promise<number> {
    setClockOffsetMs(clockOffsetMs);
    return workOfThisThread().retryBilling(day, at);
  },
};

export type JobTask = keyof typeof jobTasks;
