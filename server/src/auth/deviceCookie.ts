import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's device cookie (Authentication Cheat Sheet, "device cookies"): the successful sign-in answer gives
 * the browser a signed cookie naming the account, and a later attempt on that account presenting it is
 * counted apart from strangers (auth/signInLimits.ts). One cookie per account (its name carries the start of
 * the account's key), so a shared browser keeps each of its users known; HttpOnly, SameSite=Strict, Secure on
 * https, sent only to the sign-in call (its path) and kept after logout, which never sees it.
 */

const PREFIX = 'ov_device_';
/** Half a year: a device not used for a sign-in in that time is a stranger again. */
const MAX_AGE_S = 183 * 24 * 60 * 60;

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** The signing key, derived from the tokens' secret so every process on a database shares it. */
export function deviceCookieSecret(jwtSecret: Uint8Array): Buffer {
  return createHmac('sha256', jwtSecret).update('ov device cookie').digest();
}

const cookieName = (nameKey: string) => `${PREFIX}${nameKey.slice(0, 16)}`;
const signature = (secret: Buffer, nameKey: string, nonce: string) =>
  createHmac('sha256', secret).update(`${nameKey}.${nonce}`).digest();

/** The value of one cookie of a Cookie header, or null. */
function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals > 0 && part.slice(0, equals).trim() === name) return part.slice(equals + 1).trim();
  }
  return null;
}

export interface DeviceCookie {
  /** SHA-256 of its nonce: what its attempts are counted under (the nonce itself is never stored). */
  deviceKey: string;
  value: string;
}

/** The valid device cookie of the account `nameKey` in a Cookie header, or null (none, forged, another's). */
export function presentedDevice(
  secret: Buffer,
  nameKey: string,
  header: string | undefined,
): DeviceCookie | null {
  const value = cookieValue(header, cookieName(nameKey));
  const [nonce, signed, extra] = (value ?? '').split('.');
  if (!nonce || !signed || extra !== undefined) return null;
  const expected = signature(secret, nameKey, nonce);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { deviceKey: base64url(createHash('sha256').update(nonce).digest()), value: value! };
}

/** A new device cookie's value for the account `nameKey`. */
export function newDeviceValue(secret: Buffer, nameKey: string): string {
  const nonce = base64url(randomBytes(18));
  return `${nonce}.${base64url(signature(secret, nameKey, nonce))}`;
}

/** The Set-Cookie header of the device cookie of `nameKey`, for the sign-in call at `path`. */
export function deviceSetCookie(nameKey: string, value: string, path: string, https: boolean): string {
  const secure = https ? '; Secure' : '';
  return `${cookieName(nameKey)}=${value}; Path=${path}; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Strict${secure}`;
}
