import type { Kysely } from 'kysely';

/**
 * The jobs' record of work (server/src/jobs/): one row per unit, keyed by what the unit produces: a day's run of
 * a job ('readings', '2026-11-27'), one contract's invoice of one period ('invoice', '12:2026-10-01'), one
 * e-mail ('mail:nueva-factura', invoice and account). A unit's row is written in the same transaction as
 * what it produces, so a unit done twice (a repeated run, a restart, a second process) finds its row and
 * changes nothing. Failed units keep their tries and the time of the next one (backoff).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    // 'done' or 'failed'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    // What the unit wrote: readings, invoices or e-mails.
    .addColumn('produced', 'integer', (c) => c.notNull())
    // A short reason, never personal data (an error's name and code).
    .addColumn('last_error', 'text')
    // Server clock (clock.ts), ISO 8601.
    .addColumn('next_try_at', 'text')
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_runs_pk', ['job', 'unit'])
    .execute();
  // GET /health: the latest run of each job, and failures of the last day.
  await db.schema.createIndex('job_runs_status').on('job_runs').columns(['status', 'finished_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
}
