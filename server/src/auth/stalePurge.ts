import type { ServerConfig } from '../config';
import { deleteSessionsBefore } from '../data/sessions';
import { deleteAttemptsBefore } from '../data/signInAttempts';
import type { Db } from '../db/database';
import { longestSignInWindowMs } from './signInLimits';

/** How often one process forgets stale sign-in rows. */
export const STALE_PURGE_INTERVAL_MS = 10 * 60_000;

/**
 * Forgets the rows of signing in that no check reads any more, so the tables do not grow for ever: sessions
 * opened longer ago than any of their tokens lives (access or refresh: none can be presented, whether the
 * session was ended or not), and sign-in attempts older than the longest limit window. Answers a function
 * for the sign-in call that runs the two deletes at most once per `intervalMs` in this process and says
 * whether it ran them; several processes on one database each purge on their own, harmlessly.
 */
export function stalePurge(
  db: Db,
  config: Pick<ServerConfig, 'accessTokenTtl' | 'refreshTokenTtl' | 'loginRateLimit'>,
  intervalMs = STALE_PURGE_INTERVAL_MS,
): (now?: number) => Promise<boolean> {
  let due = 0;
  return async (now = Date.now()) => {
    if (now < due) return false;
    due = now + intervalMs;
    const sessionLifetimeMs = Math.max(config.accessTokenTtl, config.refreshTokenTtl) * 1000;
    await deleteSessionsBefore(db, new Date(now - sessionLifetimeMs).toISOString());
    await deleteAttemptsBefore(
      db,
      new Date(now - longestSignInWindowMs(config.loginRateLimit)).toISOString(),
    );
    return true;
  };
}
