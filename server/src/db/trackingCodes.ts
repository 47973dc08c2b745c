import { responseDeadline } from '../measurements/holidays';
import { madridDateAt } from '../measurements/madridTime';
import type { Db } from './database';

/** The demo category whose requests are claims (REC- codes); every other request is a SOL- request. */
export const CLAIM_CATEGORY = 'Reclamación';

/**
 * The next tracking code of its kind and year ('REC-2026-000123'): one upsert raises the counter and answers
 * it, a row lock on PostgreSQL and the write lock on SQLite, so no two processes ever get one number.
 */
export async function nextTrackingCode(db: Db, claim: boolean, year: number): Promise<string> {
  const prefix = claim ? 'REC' : 'SOL';
  const { last } = await db
    .insertInto('tracking_counters')
    .values({ prefix, year, last: 1 })
    .onConflict((oc) =>
      oc.columns(['prefix', 'year']).doUpdateSet((eb) => ({ last: eb('tracking_counters.last', '+', 1) })),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  return `${prefix}-${year}-${String(last).padStart(6, '0')}`;
}

/** What a request gets on receipt: its code (of the Madrid year of receipt), the instant and the deadline. */
export async function receiptOf(db: Db, claim: boolean, receivedAt: Date) {
  const year = Number(madridDateAt(receivedAt.getTime()).slice(0, 4));
  return {
    tracking_code: await nextTrackingCode(db, claim, year),
    received_at: receivedAt.toISOString(),
    deadline: responseDeadline(receivedAt),
  };
}
