import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt with N=2^14, r=8, p=1: OWASP's minimum for scrypt, about 16 MiB of memory and ~40-60 ms per hash
 * on one core here (see server/README.md). The parameters travel inside each stored hash so they can be
 * raised later without invalidating existing passwords.
 */
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const PREFIX = 'scrypt';

function derive(password: string, salt: Buffer, n: number, r: number, p: number, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    // maxmem must exceed 128*N*r bytes; the default (32 MiB) would reject a future N=2^15.
    scrypt(password.normalize('NFC'), salt, keyLength, { N: n, r, p, maxmem: 256 * n * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, N, R, P, KEY_LENGTH);
  return [PREFIX, N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  // Bounds keep a corrupted row from making one login allocate gigabytes.
  if (!(n >= 1024 && n <= 1 << 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16)) return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (expected.length < 16) return false;
  const actual = await derive(password, salt, n, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;

/**
 * Spends one scrypt on a sign-in for an unknown user so that its answer takes as long as a wrong password,
 * which keeps response times from revealing which user names exist.
 */
export async function spendDecoyHash(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(12).toString('base64'));
  await verifyPassword(password, await decoy);
}
