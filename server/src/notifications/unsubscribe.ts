import { createHmac, timingSafeEqual } from 'node:crypto';

import { isNotificationKind, type NotificationKind } from '../data/notifications';

/** How long an e-mail's unsubscribe link works: a year, longer than anyone keeps acting on a notice. */
export const UNSUBSCRIBE_TTL_MS = 365 * 24 * 3_600_000;

/** The link's key, derived from the server's secret for this one use: a session token's signature is no link. */
const keyOf = (secret: Uint8Array) => createHmac('sha256', secret).update('avisos-baja-v1').digest();

const signatureOf = (secret: Uint8Array, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');

/** A token that switches off one kind for one account until `expiresAt`: `kind.account.expiry.signature`. */
export function unsubscribeToken(
  secret: Uint8Array,
  claim: { kind: NotificationKind; accountId: number; expiresAt: number },
): string {
  const payload = `${claim.kind}.${claim.accountId}.${claim.expiresAt}`;
  return `${payload}.${signatureOf(secret, payload)}`;
}

export type UnsubscribeCheck =
  { ok: true; kind: NotificationKind; accountId: number } | { ok: false; reason: 'invalid' | 'expired' };

/** The kind and account of a token signed with `secret`; a forged or altered one is invalid, an old one expired. */
export function checkUnsubscribeToken(secret: Uint8Array, token: string, now: Date): UnsubscribeCheck {
  const match = /^([A-Za-z]{1,40})\.(\d{1,12})\.(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match || !isNotificationKind(match[1])) return { ok: false, reason: 'invalid' };
  const [, kind, account, expiry, signature] = match;
  const expected = Buffer.from(signatureOf(secret, `${kind}.${account}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  if (Number(expiry) <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, kind: kind, accountId: Number(account) };
}
