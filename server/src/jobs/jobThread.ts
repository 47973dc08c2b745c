import path from 'node:path';

import { clockOffsetMs } from '../clock';
import { customerCallsMemory } from '../eventLoop';
import type { ServerConfig } from '../config';
import { ThreadPool } from '../threadPool';
import type { JobThreadData, JobTask } from './jobThreadTasks';
import type { JobCounts, JobWork } from './runner';

/**
 * Below the event loop's priority, as the SQLite readers and the document threads: on two cores the billing run
 * of thousands of contracts must not take the CPU from a customer's call (bench 18).
 */
const JOB_NICENESS = 10;

/**
 * What the jobs thread takes of the configuration: where the database and the archives are, what the e-mails'
 * links and unsubscribe tokens need, and how to log. Not the whole: trustProxy may be a function, which cannot
 * cross to a thread.
 */
const JOB_THREAD_CONFIG = [
  'dataDir',
  'databaseUrl',
  'databaseSchema',
  'publicUrl',
  'jwtSecret',
  'configFile',
  'staticDir',
  'logger',
  'logLevel',
] as const satisfies readonly (keyof ServerConfig)[];

export type JobThreadConfig = Pick<ServerConfig, (typeof JOB_THREAD_CONFIG)[number]>;

/**
 * The server's jobs on a thread of their own (jobWorker.cjs) with its own database connection: a billing run's
 * transactions, its notices and their garbage collections never hold the event loop or the connection that
 * answers customers (issue 26; server/docs/jobs.md). The thread starts with the first due run and stops when
 * idle for half a minute, so a server between runs keeps none of its memory.
 */
export function workOnThread(config: ServerConfig): JobWork {
  const workerData: JobThreadData = {
    niceness: JOB_NICENESS,
    customerCalls: customerCallsMemory(),
    config: Object.fromEntries(JOB_THREAD_CONFIG.map((key) => [key, config[key]])) as JobThreadConfig,
  };
  const thread = new ThreadPool({
    file: path.join(__dirname, 'jobWorker.cjs'),
    size: 1,
    keepIdle: 0,
    workerData,
    // The runner logs a failure by its class and code (retries.ts failureReason).
    errorOf: ({ name, message, stack, code }) => Object.assign(new Error(message), { name, stack, code }),
  });
  const run = (task: JobTask, input: object) =>
    thread.run({ task, input: { ...input, clockOffsetMs: clockOffsetMs() } });
  return {
    runDay: (name, day, at) => run('runDay', { name, day, at }) as Promise<JobCounts>,
    retryBilling: (day, at) => run('retryBilling', { day, at }) as Promise<number>,
    close: () => thread.destroy(),
  };
}
