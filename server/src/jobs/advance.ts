import { serverToday } from '../clock';
import type { MailQueue } from '../mail/queue';
import { addDays } from '../measurements/dates';
import { type JobCounts, type JobRunner, morningOf } from './runner';

/** The longest move, in days (issue 26). */
export const MAX_CLOCK_DAYS = 400;

/**
 * Where moving the clock to `day` lands: 08:00 Europe/Madrid of that day, after its jobs; null for today (no
 * move); 'out-of-range' before today or more than MAX_CLOCK_DAYS ahead.
 */
export function landingOf(day: string, today = serverToday()): Date | null | 'out-of-range' {
  if (day < today || day > addDays(today, MAX_CLOCK_DAYS)) return 'out-of-range';
  return day === today ? null : morningOf(day);
}

/** Batches of due mail sent before answering, at most (a demo's run queues a few dozen messages). */
const MAIL_BATCHES = 50;

/**
 * Moves the clock to `target` (or leaves it, for null), runs every job that fell due on the way, in order, and
 * sends the mail they queued (to the outbox, without SMTP_URL): /dev/clock and `npm run jobs` both.
 */
export async function advanceClock(
  runner: JobRunner,
  mailQueue: MailQueue,
  target: Date | null,
): Promise<JobCounts> {
  const ran = target ? await runner.moveClockTo(target) : await runner.runDue();
  for (let batch = 0; batch < MAIL_BATCHES && (await mailQueue.deliverDue()) > 0; batch++);
  return ran;
}
