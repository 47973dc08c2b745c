import type { FastifyBaseLogger } from 'fastify';

import {
  claimQueuedMail,
  dueMailIds,
  findQueuedMail,
  insertQueuedMail,
  markMailSent,
  recordMailFailure,
} from '../data/mailQueue';
import { serverNow } from '../clock';
import type { Db } from '../db/database';
import { MailError, type Mailer, type OutgoingMail } from './mailer';

/** Tries per message; the waits between them double from 30 s up to an hour (about 10 h in all). */
export const MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 60 * 60_000;
const BATCH = 20;
// Longer than any send takes (SMTP_TIMEOUT_MS is at most 2 min).
const CLAIM_MS = 5 * 60_000;

export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), LONGEST_WAIT_MS);

/**
 * Writes a message to the queue. Pass the transaction that writes what the message is about (an account, a
 * one-time token), so that both are stored or neither is.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail, now = serverNow()): Promise<number> {
  return insertQueuedMail(db, {
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers ? JSON.stringify(mail.headers) : null,
    attempts: 0,
    next_attempt_at: now.toISOString(),
    last_error: null,
    sent_at: null,
    created_at: now.toISOString(),
  });
}

export interface MailQueue {
  /** Sends one queued message now; a failure is recorded for a retry and thrown as MailError. */
  deliver(id: number): Promise<void>;
  /** Sends every message whose retry is due (and those a stopped process left behind); returns how many left. */
  deliverDue(now?: Date): Promise<number>;
  /** Retries due messages every intervalMs until stop(). */
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

export function createMailQueue(db: Db, mailer: Mailer, log: FastifyBaseLogger): MailQueue {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function attempt(id: number, now: Date): Promise<MailError | null> {
    const row = await findQueuedMail(db, id);
    if (!row || row.sent_at) return null;
    // Claim it for a while, so that another process's worker does not send the same message meanwhile.
    const claimed = await claimQueuedMail(
      db,
      id,
      row.next_attempt_at,
      new Date(now.getTime() + CLAIM_MS).toISOString(),
    );
    if (!claimed) return null;
    try {
      await mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
      });
    } catch (error) {
      const failure = error instanceof MailError ? error : new MailError('rejected', { cause: error });
      const attempts = row.attempts + 1;
      await recordMailFailure(db, id, {
        attempts,
        lastError: failure.failure,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
        lastTry: attempts >= MAX_ATTEMPTS,
      });
      log.warn({ err: failure.cause, failure: failure.failure, attempts, mail: id }, 'correo no enviado');
      return failure;
    }
    await markMailSent(db, id, serverNow().toISOString());
    return null;
  }

  async function deliverDue(now = serverNow()): Promise<number> {
    const due = await dueMailIds(db, { now: now.toISOString(), maxAttempts: MAX_ATTEMPTS, limit: BATCH });
    let sent = 0;
    for (const { id } of due) if (!(await attempt(id, now))) sent += 1;
    return sent;
  }

  return {
    async deliver(id) {
      const failure = await attempt(id, serverNow());
      if (failure) throw failure;
    },
    deliverDue,
    start(intervalMs) {
      const tick = () => {
        running = deliverDue().catch((error: unknown) => log.error({ err: error }, 'cola de correo'));
      };
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
