import type { Db } from '../db/database';

const CLOCK_OFFSET_KEY = 'clock_offset_ms';

/** The clock offset every process on the database shares (clock.ts); 0 when the clock was never moved. */
export async function readClockOffset(db: Db): Promise<number> {
  const row = await db
    .selectFrom('server_settings')
    .select('value')
    .where('key', '=', CLOCK_OFFSET_KEY)
    .executeTakeFirst();
  const ms = Number(row?.value ?? 0);
  return Number.isFinite(ms) ? ms : 0;
}

/**
 * Stores a new offset; time only moves forward, so an offset behind the stored one (another process moved it
 * further meanwhile) is left alone. Answers the offset in force.
 */
export async function writeClockOffset(db: Db, ms: number): Promise<number> {
  const current = await readClockOffset(db);
  if (ms <= current) return current;
  await db
    .insertInto('server_settings')
    .values({ key: CLOCK_OFFSET_KEY, value: String(Math.round(ms)) })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: String(Math.round(ms)) }))
    .execute();
  return Math.round(ms);
}
