import { createHash } from 'node:crypto';

import type { LoginRateLimit } from '../config';
import {
  addressFailures,
  insertFailedAttempt,
  markAttemptNotFailed,
  nameAttempts,
} from '../data/signInAttempts';
import type { Db } from '../db/database';
import type { Realm } from './realm';

/**
 * The one normal form of a user name, used both to find the account and to key the sign-in limits, so no
 * spelling of a name (surrounding spaces of any kind, full-width letters, capitals) opens a fresh allowance.
 */
export function normalizeUsername(username: string): string {
  return username
    .normalize('NFKC')
    .replace(/^\s+|\s+$/gu, '')
    .toLowerCase();
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How far back any sign-in limit looks: the hour of a name's failures, or a longer configured window. */
export function longestSignInWindowMs(limits: LoginRateLimit): number {
  return Math.max(HOUR, limits.windowMs, limits.ipWindowMs);
}

/**
 * Past `accountMax` failures in the last hour, each further attempt waits after the latest failure 1 minute,
 * then 2, 4, 8… up to an hour: a guesser spread over many addresses gets a few attempts an hour, and the
 * owner is never locked out for longer than an hour of quiet.
 */
export function accountDelayMs(failures: number, accountMax: number): number {
  if (failures < accountMax) return 0;
  return Math.min(HOUR, MINUTE * 2 ** (failures - accountMax));
}

export interface SignInRefusal {
  /** 'address': a limit of the source (429); 'account': the growing delay of the user name (423). */
  limit: 'address' | 'account';
  retryAfterMs: number;
}

export const signInNameKey = (realm: Realm, username: string) => key(realm, normalizeUsername(username));

function key(...parts: string[]) {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url');
}

/**
 * Sign-in attempts counted in the database, so every process on it shares the counts. An attempt is
 * recorded as failed before its password is checked (concurrent guesses count against each other) and
 * marked successful afterwards; an attempt refused by a limit is recorded as not failed, so waiting out a
 * limit is not made longer by the refusals themselves.
 *
 * Failures count per account and source (OWASP's device cookies against lockout): an attempt with a valid
 * device cookie of the account (`deviceKey`, a browser that signed in to it before) is counted against that
 * cookie alone and is held only by its own failures; every other attempt is a stranger's, held by the
 * strangers' failures on the name (the growing delay, 423), by its address's on the name and by its
 * address's on any name (429). A stranger's right password waits like a guess,
 * while the owner's known browser gets in.
 */
export class SignInAttempts {
  constructor(
    private readonly db: Db,
    private readonly limits: LoginRateLimit,
  ) {}

  /** Records an attempt as failed and answers the limit it breaks, if any; `notFailed` when it succeeds. */
  async begin(
    nameKey: string,
    ip: string,
    deviceKey: string | null,
  ): Promise<{ id: number; refusal: SignInRefusal | null }> {
    const now = Date.now();
    const ipKey = key('ip', ip);
    const at = (ms: number) => new Date(ms).toISOString();
    const id = await insertFailedAttempt(this.db, { nameKey, ipKey, deviceKey, createdAt: at(now) });

    const { max: pairMax, windowMs: pairWindowMs, ipMax, ipWindowMs, accountMax } = this.limits;
    const byName = await nameAttempts(this.db, {
      nameKey,
      deviceKey,
      attemptId: id,
      since: at(now - HOUR),
      ipKey,
      pairSince: at(now - pairWindowMs),
    });
    // A known device is its own source: its owner's address may be shared with a guesser (a NAT, a proxy).
    const byAddress = deviceKey === null ? await addressFailures(this.db, ipKey, at(now - ipWindowMs)) : 0;

    let refusal: SignInRefusal | null = null;
    if (byName.pair > pairMax) refusal = { limit: 'address', retryAfterMs: pairWindowMs };
    else if (byAddress > ipMax) refusal = { limit: 'address', retryAfterMs: ipWindowMs };
    else {
      // This attempt is among the failures counted; the delay depends on those before it.
      const delay = accountDelayMs(byName.failures - 1, accountMax);
      // A simultaneous attempt may be written after this one began (a later time than `now`): no delay is
      // still no delay, and a wait never counts below zero. Without this, parallel right-password sign-ins on
      // PostgreSQL refused one another with a false 423.
      const waited = byName.lastFailure ? Math.max(0, now - Date.parse(byName.lastFailure)) : Infinity;
      if (delay > 0 && waited < delay) refusal = { limit: 'account', retryAfterMs: delay - waited };
    }
    if (refusal) await this.notFailed(id);
    return { id, refusal };
  }

  /** Marks an attempt as no failure: its password was right, or a limit refused it before any check. */
  async notFailed(id: number): Promise<void> {
    await markAttemptNotFailed(this.db, id);
  }
}
