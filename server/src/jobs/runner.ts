import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';

import { serverNow, setClockOffsetMs } from '../clock';
import { lastDoneUnit, recordRunDone, unitRetryDue } from '../data/jobRuns';
import { latestBilledUntil } from '../data/billingRun';
import { latestReadDay, recordDayReadings } from '../data/measurementDays';
import { writeClockOffset } from '../data/serverClock';
import type { Db } from '../db/database';
import { addDays } from '../measurements/dates';
import { madridDateAt, madridDay, madridOffsetAt, madridToday } from '../measurements/madridTime';
import { advanceSupportRequests, announceExpiredPermissions } from '../notifications';
import { announcePendingInvoices, INVOICE_JOB, runBilling } from './billing';
import { purgeArchives } from './dataArchives';
import { purgeAccessRecords } from '../data/accessRecords';
import { failureReason, MAX_UNIT_ATTEMPTS } from './retries';

export const TIME_ZONE = 'Europe/Madrid';

/** What a pass of the jobs wrote. */
export interface JobCounts {
  /** Supply-days of hourly readings. */
  readings: number;
  invoices: number;
  /** E-mails queued. */
  emails: number;
}

interface DayJob {
  name: string;
  /** When it falls due, Europe/Madrid (croner pattern). */
  pattern: string;
  run: (db: Db, day: string, at: Date, log: FastifyBaseLogger) => Promise<JobCounts>;
  /**
   * The day of the latest run the database's data shows done, for a database on which the job never ran (one made
   * before the jobs, or seeded long before its server first started): the runs after it are caught up.
   */
  lastRunInData?: (db: Db) => Promise<string | null>;
}

/** The run of the day after `day`, which took in what `day` closed (null stays null). */
const runAfter = (day: string | null) => (day ? addDays(day, 1) : null);

/**
 * The jobs and their times (DECISIONS "Time passes"): the distributor's readings of the day before at 06:00,
 * the billing run at 07:00, each followed by what it announces, then the support desk's changes at 07:30. A run is one unit, keyed by its day.
 */
export const DAY_JOBS: readonly DayJob[] = [
  {
    name: 'readings',
    pattern: '0 6 * * *',
    run: async (db, day, _at, log) => ({
      readings: await recordDayReadings(db, addDays(day, -1), (contract, error) =>
        log.warn({ job: 'readings', contract, reason: failureReason(error) }, 'lecturas no registradas'),
      ),
      invoices: 0,
      emails: 0,
    }),
    lastRunInData: async (db) => runAfter(await latestReadDay(db)),
  },
  {
    name: 'billing',
    pattern: '0 7 * * *',
    run: async (db, day, at, log) => {
      const billed = await runBilling(db, day, at, log);
      return { readings: 0, invoices: billed.invoices, emails: await announcePendingInvoices(db, at) };
    },
    lastRunInData: async (db) => runAfter(await latestBilledUntil(db)),
  },
  {
    // The support desk's scheduled changes (the demo's request moves to En curso) and their notices.
    name: 'requests',
    pattern: '30 7 * * *',
    run: async (db, _day, at) => ({ readings: 0, invoices: 0, emails: await advanceSupportRequests(db, at) }),
  },
  {
    // What is kept only for a while (issue 28): data archives whose 7-day link has expired, access records
    // older than two years.
    name: 'purge',
    pattern: '0 3 * * *',
    run: async (db, _day, at) => {
      await purgeArchives(db, at);
      await purgeAccessRecords(db, at);
      // Permissions past their end are found here, once, and their holders told (issue 28).
      return { readings: 0, invoices: 0, emails: await announceExpiredPermissions(db, at) };
    },
  },
];

/**
 * Where the jobs' work runs: on the calling thread (workHere: tests, `npm run jobs`) or on the jobs thread
 * (jobThread.ts: the server, so that a billing run never holds the event loop that answers customers). The
 * runner keeps the schedule and the record of runs either way.
 */
export interface JobWork {
  /** One occurrence of the job named `name`: the run of `day`, due at `at`. */
  runDay(name: string, day: string, at: Date): Promise<JobCounts>;
  /** The billing units whose retry is due by `at`: invoices written. */
  retryBilling(day: string, at: Date): Promise<number>;
  /** Ends what it started (the thread). */
  close(): Promise<void>;
}

export function workHere(db: Db, log: FastifyBaseLogger): JobWork {
  return {
    runDay: (name, day, at) => DAY_JOBS.find((job) => job.name === name)!.run(db, day, at, log),
    retryBilling: async (day, at) => (await runBilling(db, day, at, log, { retriesOnly: true })).invoices,
    close: async () => undefined,
  };
}

/** croner evaluates the patterns (time zone and summer time included); the server clock says when it is. */
const schedules = new Map(
  DAY_JOBS.map((job) => [job.name, new Cron(job.pattern, { timezone: TIME_ZONE, paused: true })]),
);

/** Local 08:00 (Europe/Madrid) of a day: where `{"to"}` lands, after that day's jobs. */
export function morningOf(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  // 06:00 UTC is after a summer-time change (01:00 UTC) and before 08:00 local: the morning's offset.
  return new Date(Date.UTC(year, month - 1, date, 8 - madridOffsetAt(Date.UTC(year, month - 1, date, 6))));
}

const zero = (): JobCounts => ({ readings: 0, invoices: 0, emails: 0 });
const add = (total: JobCounts, more: JobCounts) => {
  total.readings += more.readings;
  total.invoices += more.invoices;
  total.emails += more.emails;
};

export interface JobRunner {
  /** Marks where a new database's jobs begin (yesterday's runs, which the seed covers). */
  start(): Promise<void>;
  /** Runs, in order, every occurrence due by the server clock and not done yet, then due retries. */
  runDue(): Promise<JobCounts>;
  /** Moves the shared clock forward to `target` (never back) and runs what fell due on the way. */
  moveClockTo(target: Date): Promise<JobCounts>;
  /** Settles when the work taken so far is over (before the database closes). */
  idle(): Promise<void>;
  /** Settles when the work taken so far is over, then ends the jobs thread if there is one. */
  close(): Promise<void>;
}

/**
 * The jobs of one process. Calls are taken one at a time (the scheduler's tick and /dev/clock never overlap
 * here); other processes may run the same occurrences at once, which the units make harmless.
 */
export function createJobRunner(
  db: Db,
  log: FastifyBaseLogger,
  work: JobWork = workHere(db, log),
): JobRunner {
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  /**
   * A database on which a job never ran: the job starts after the latest run its data shows (the readings
   * stored, the periods billed), never later than yesterday's; so a new database starts after yesterday's
   * run, and one whose data stops days ago catches up every day since, in order. Done before the clock first
   * moves (at start-up, and by moveClockTo), so that a move runs the days it passes.
   */
  async function start(now = serverNow()) {
    const yesterday = addDays(madridToday(now), -1);
    for (const job of DAY_JOBS) {
      if (await lastDoneUnit(db, job.name)) continue;
      const shown = await job.lastRunInData?.(db);
      await recordRunDone(db, job.name, shown && shown < yesterday ? shown : yesterday, 0, now);
    }
  }

  async function dueOccurrences(now: Date) {
    await start(now);
    const due: { job: DayJob; at: Date; day: string }[] = [];
    for (const job of DAY_JOBS) {
      const last = (await lastDoneUnit(db, job.name))!;
      const schedule = schedules.get(job.name)!;
      let at = schedule.nextRun(new Date(madridDay(addDays(last, 1)).midnight - 1));
      while (at && at <= now) {
        due.push({ job, at, day: madridDateAt(at.getTime()) });
        at = schedule.nextRun(at);
      }
    }
    return due.sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  async function runDueNow(): Promise<JobCounts> {
    const now = serverNow();
    const counts = zero();
    for (const { job, at, day } of await dueOccurrences(now)) {
      try {
        const produced = await work.runDay(job.name, day, at);
        add(counts, produced);
        await recordRunDone(db, job.name, day, produced.readings + produced.invoices, at);
      } catch (error) {
        // In order: later days wait for this one, retried on the next tick.
        log.error({ err: error, job: job.name, day }, 'tarea no completada; se reintentará');
        return counts;
      }
    }
    // The retries pass reads every contract and its last bill (0.3–1 s at the scale seed): only when a retry is
    // due, not on every tick and every start (issue 30, cold start).
    if (await unitRetryDue(db, INVOICE_JOB, now, MAX_UNIT_ATTEMPTS)) {
      counts.invoices += await work.retryBilling(madridToday(now), now);
    }
    counts.emails += await announcePendingInvoices(db, now);
    return counts;
  }

  return {
    start: () => oneAtATime(() => start()),
    runDue: () => oneAtATime(runDueNow),
    moveClockTo: (target) =>
      oneAtATime(async () => {
        await start();
        setClockOffsetMs(await writeClockOffset(db, target.getTime() - Date.now()));
        return runDueNow();
      }),
    idle: () => queue.then(() => undefined),
    close: () => queue.then(() => work.close()),
  };
}
