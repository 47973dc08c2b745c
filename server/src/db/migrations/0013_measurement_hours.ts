import { type Kysely, sql } from 'kysely';

import { onPostgres } from './frozen';

/**
 * The metered hours of a contract, materialised from the consumption model (measurements/loadProfile.ts stays
 * the one source; data/measurementHours.ts fills this copy on a contract's first use and extends it as days
 * close) so the consumption explorer can aggregate by tariff period and by day, week, month or year in SQL.
 * One row per hour: ~26,000 per contract for the three years of history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('measurement_hours').execute();
}
