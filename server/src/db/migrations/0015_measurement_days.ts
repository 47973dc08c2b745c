import { type Kysely, sql } from 'kysely';

import { isPostgres } from '../database';

const PERIODS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];

/**
 * The metered days of a contract (issue 15's speed target): the sums and the highest hour of each tariff period
 * per local day, written with measurement_hours from the same model (data/measurementHours.ts). Every explorer
 * view above the hour reads these rows instead of the hours, so a year is 365 rows, not 8,760, and five years
 * by month 1,826, not 43,800 (server/docs/explorer-api.md, "Speed").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('measurement_days')
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('week_start', 'text', (c) => c.notNull())
    // UTC milliseconds of the day's first and last metered hour.
    .addColumn('first_start', 'bigint', (c) => c.notNull())
    .addColumn('last_start', 'bigint', (c) => c.notNull())
    .addColumn('hours', 'integer', (c) => c.notNull())
    .addColumn('estimated', 'integer', (c) => c.notNull())
    .addColumn('active', 'double precision', (c) => c.notNull())
    .addColumn('surplus', 'double precision', (c) => c.notNull())
    // Per tariff period: its kWh, its highest hour's kWh (null when the day has no hour in the period) and
    // the start of the earliest hour with that value.
    .$call((table) =>
      PERIODS.reduce(
        (columns, period) =>
          columns
            .addColumn(`${period}_kwh`, 'double precision', (c) => c.notNull())
            .addColumn(`${period}_max`, 'double precision')
            .addColumn(`${period}_max_at`, 'bigint'),
        table,
      ),
    )
    .addPrimaryKeyConstraint('measurement_days_pk', ['contract_id', 'date'])
    .$call((table) => (isPostgres(db) ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  // The hours already stored have no days yet: empty the copy, and the next call of each contract writes both
  // tables from the model in one transaction (measurementHours.ts), as a first call always has.
  await db.deleteFrom('measurement_hours' as never).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('measurement_days').execute();
}
