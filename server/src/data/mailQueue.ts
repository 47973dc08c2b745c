import type { Insertable } from 'kysely';

import type { Db } from '../db/database';
import type { MailQueueTable } from '../db/schema';

/** Writes a message to the queue and answers its id. */
export async function insertQueuedMail(db: Db, values: Insertable<MailQueueTable>): Promise<number> {
  const row = await db.insertInto('mail_queue').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findQueuedMail(db: Db, id: number) {
  return db.selectFrom('mail_queue').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Moves an unsent message's next attempt to `until`, only if nobody has moved it since it was read (its
 * next attempt is still `seenNextAttemptAt`), so one process alone sends it; answers whether it did.
 */
export async function claimQueuedMail(
  db: Db,
  id: number,
  seenNextAttemptAt: string,
  until: string,
): Promise<boolean> {
  const claimed = await db
    .updateTable('mail_queue')
    .set({ next_attempt_at: until })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '=', seenNextAttemptAt)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/**
 * The body of a message that will not be sent again is cleared: it carries a live one-time link, and a
 * database backup must hand out none. Recipient, subject and the delivery record stay.
 */
const PURGED_BODY = { text: '', html: '', headers: null };

/** Records a failed try: the count of tries, why it failed, and when to try again (the body goes after the last). */
export async function recordMailFailure(
  db: Db,
  id: number,
  failure: { attempts: number; lastError: string; nextAttemptAt: string; lastTry: boolean },
): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set({
      attempts: failure.attempts,
      last_error: failure.lastError,
      next_attempt_at: failure.nextAttemptAt,
      // Given up: nothing will send it, so nothing needs its link.
      ...(failure.lastTry ? PURGED_BODY : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Records a message as sent and purges its body. */
export async function markMailSent(db: Db, id: number, sentAt: string): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set({ sent_at: sentAt, ...PURGED_BODY })
    .where('id', '=', id)
    .execute();
}

/** Up to `limit` unsent messages with tries left whose next attempt is due at `now`, oldest first. */
export async function dueMailIds(
  db: Db,
  due: { now: string; maxAttempts: number; limit: number },
): Promise<{ id: number }[]> {
  return db
    .selectFrom('mail_queue')
    .select('id')
    .where('sent_at', 'is', null)
    .where('attempts', '<', due.maxAttempts)
    .where('next_attempt_at', '<=', due.now)
    .orderBy('id')
    .limit(due.limit)
    .execute();
}

/** Messages not sent yet that still have tries left (GET /health). */
export async function waitingMailCount(db: Db, maxAttempts: number): Promise<number> {
  const row = await db
    .selectFrom('mail_queue')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('sent_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
