import { sql } from 'kysely';

import type { Db } from '../db/database';

/**
 * The jobs' units of work (table job_runs, migration 0019), keyed by what each produces. A unit is claimed in
 * the transaction that writes its product: the claim inserts the unit's row as done, or takes over a failed
 * one. A second claim of the same unit (a repeated run, a restart, another process) finds the row done and
 * gets nothing; on PostgreSQL it waits for the first transaction's outcome on the primary key, so a unit whose
 * first try rolls back can still be done by the other. Many units are claimed in one statement (a billing
 * run's batch); answers the units claimed now.
 */
export async function claimUnits(
  db: Db,
  job: string,
  units: readonly string[],
  now: Date,
  produced = 1,
): Promise<Set<string>> {
  if (!units.length) return new Set();
  const claimed = await db
    .insertInto('job_runs')
    .values(
      units.map((unit) => ({
        job,
        unit,
        status: 'done' as const,
        attempts: 1,
        produced,
        last_error: null,
        next_try_at: null,
        finished_at: now.toISOString(),
      })),
    )
    .onConflict((conflict) =>
      conflict
        .columns(['job', 'unit'])
        .doUpdateSet((eb) => ({
          status: 'done',
          attempts: eb('job_runs.attempts', '+', 1),
          produced,
          last_error: null,
          next_try_at: null,
          finished_at: now.toISOString(),
        }))
        .where('job_runs.status', '=', 'failed'),
    )
    .returning('unit')
    .execute();
  return new Set(claimed.map((row) => row.unit));
}

/**
 * Records what each unit produced, one statement per distinct count (a billing transaction's units produced one
 * or two invoices): a statement per unit was 5,000 round trips of the scale seed's billing run.
 */
export async function setUnitsProduced(
  db: Db,
  job: string,
  units: readonly { unit: string; produced: number }[],
): Promise<void> {
  const byCount = new Map<number, string[]>();
  for (const { unit, produced } of units) {
    const named = byCount.get(produced);
    if (named) named.push(unit);
    else byCount.set(produced, [unit]);
  }
  for (const [produced, named] of byCount) {
    await db
      .updateTable('job_runs')
      .set({ produced })
      .where('job', '=', job)
      .where('unit', 'in', named)
      .execute();
  }
}

/**
 * Records a unit's failed try (after its transaction rolled back): the reason, never personal data, and when
 * to try again. A unit done meanwhile by another process stays done.
 */
export async function recordUnitFailure(
  db: Db,
  job: string,
  unit: string,
  failure: { reason: string; now: Date; nextTryAt: (attempts: number) => Date },
): Promise<number> {
  const before = await db
    .selectFrom('job_runs')
    .select(['status', 'attempts'])
    .where('job', '=', job)
    .where('unit', '=', unit)
    .executeTakeFirst();
  if (before?.status === 'done') return before.attempts;
  const attempts = (before?.attempts ?? 0) + 1;
  const row = {
    status: 'failed' as const,
    attempts,
    last_error: failure.reason.slice(0, 200),
    next_try_at: failure.nextTryAt(attempts).toISOString(),
    finished_at: failure.now.toISOString(),
  };
  await db
    .insertInto('job_runs')
    .values({ job, unit, produced: 0, ...row })
    .onConflict((conflict) =>
      conflict.columns(['job', 'unit']).doUpdateSet(row).where('job_runs.status', '=', 'failed'),
    )
    .execute();
  return attempts;
}

/** Failed units of a job, with their tries and when the next is due. */
export function failedUnits(db: Db, job: string) {
  return db
    .selectFrom('job_runs')
    .select(['unit', 'attempts', 'next_try_at'])
    .where('job', '=', job)
    .where('status', '=', 'failed')
    .execute();
}

/**
 * Whether a failed unit of `job` is due for another try at `now`: tried fewer than `maxAttempts` times, and its
 * wait over. One row of an index, where the retries pass itself reads every contract (jobs/runner.ts).
 */
export async function unitRetryDue(db: Db, job: string, now: Date, maxAttempts: number): Promise<boolean> {
  const due = await db
    .selectFrom('job_runs')
    .select('unit')
    .where('job', '=', job)
    .where('status', '=', 'failed')
    .where('attempts', '<', maxAttempts)
    .where((eb) => eb.or([eb('next_try_at', 'is', null), eb('next_try_at', '<=', now.toISOString())]))
    .limit(1)
    .executeTakeFirst();
  return due !== undefined;
}

/** A job's latest unit done (for day runs, the latest day run: units are 'YYYY-MM-DD'). */
export async function lastDoneUnit(db: Db, job: string): Promise<string | null> {
  const row = await db
    .selectFrom('job_runs')
    .select((eb) => eb.fn.max('unit').as('unit'))
    .where('job', '=', job)
    .where('status', '=', 'done')
    .executeTakeFirst();
  return row?.unit ?? null;
}

/** Records a day's run of a job as done with what it produced in all (also when another process did part). */
export async function recordRunDone(
  db: Db,
  job: string,
  unit: string,
  produced: number,
  now: Date,
): Promise<void> {
  const row = {
    status: 'done' as const,
    produced,
    last_error: null,
    next_try_at: null,
    finished_at: now.toISOString(),
  };
  await db
    .insertInto('job_runs')
    .values({ job, unit, attempts: 1, ...row })
    .onConflict((conflict) => conflict.columns(['job', 'unit']).doNothing())
    .execute();
}

/** What GET /health reports: the latest successful unit of each job, and failed units since `since`. */
export async function jobHealth(db: Db, jobs: readonly string[], since: Date) {
  const last = await db
    .selectFrom('job_runs')
    .select((eb) => ['job', eb.fn.max('finished_at').as('finished_at')])
    .where('job', 'in', jobs)
    .where('status', '=', 'done')
    .groupBy('job')
    .execute();
  const failed = await db
    .selectFrom('job_runs')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '=', 'failed')
    .where('finished_at', '>=', since.toISOString())
    .executeTakeFirstOrThrow();
  return {
    lastSuccess: Object.fromEntries(
      jobs.map((job) => [job, last.find((row) => row.job === job)?.finished_at ?? null]),
    ),
    failedLastDay: Number(failed.count),
  };
}

/** The database answers (GET /health). */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
