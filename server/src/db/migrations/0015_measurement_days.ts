import { type Kysely, sql } from 'kysely';

import { onPostgres } from './frozen';

const PERIODS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];

/**
 * The metered days of a contract, in place of measurement_hours (issue 15's speed target): per local day its
 * totals, each tariff period's kWh and highest hour, and its hours packed in order (data/measurementDays.ts
 * writes them from the model). A year is 365 rows, not 8,760, in every view, the hour view included; five
 * years by month read 1,826 rows, not 43,800 (server/docs/explorer-api.md, "Speed").
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
    // The day's hours in order: JSON arrays of kWh, and one digit per hour for its period and for estimated.
    .addColumn('hour_active', 'text', (c) => c.notNull())
    .addColumn('hour_surplus', 'text', (c) => c.notNull())
    .addColumn('hour_periods', 'text', (c) => c.notNull())
    .addColumn('hour_estimated', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('measurement_days_pk', ['contract_id', 'date'])
    .$call((table) => (onPostgres(db) ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  // A copy of the model, not data: the next call of each contract writes its days again.
  await db.schema.dropTable('measurement_hours').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('measurement_days').execute();
  await measurementHours(db);
}

/** Migration 0013's table, for down(). */
async function measurementHours(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('measurement_hours')
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    // UTC milliseconds of the hour's start: unique within the contract, also on the 25-hour day.
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    // Local (Europe/Madrid) date, metering hour 1..25, and the Monday of the date's ISO week.
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('week_start', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('active', 'double precision', (c) => c.notNull())
    .addColumn('reactive', 'double precision', (c) => c.notNull())
    .addColumn('surplus', 'double precision', (c) => c.notNull())
    .addColumn('estimated', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('measurement_hours_pk', ['contract_id', 'starts_at'])
    // Queries read one contract's hours between two instants: on SQLite the rows are stored in key order,
    // so a range is one contiguous read instead of an index walk plus a look-up per hour.
    .$call((table) => (onPostgres(db) ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
}
