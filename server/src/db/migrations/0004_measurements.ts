import { type Kysely, sql } from 'kysely';

/**
 * Hourly metering of electricity contracts. The measurements themselves are computed on request from this
 * profile by measurements/loadProfile.ts (deterministic), so a contract carries one row here instead of ~26,000.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('measurement_profiles')
    .addColumn('contract_id', 'integer', (c) => c.primaryKey().references('contracts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('residencial', 'terciario', 'industrial')`),
    )
    .addColumn('mean_kw', 'double precision', (c) => c.notNull())
    .addColumn('solar_kw', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('seed', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('measurement_profiles').execute();
}
