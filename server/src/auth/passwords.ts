import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt at N=2^17, r=8, p=1: OWASP's Password Storage Cheat Sheet minimum for scrypt, 128 MiB of memory per
 * hash (figures for this machine in server/README.md). Hashed on libuv's thread pool (async crypto.scrypt),
 * never on the event loop. The parameters travel inside each stored hash, so hashes made at older settings
 * still verify and are upgraded at the owner's next sign-in (needsRehash).
 */
export const DEFAULT_SCRYPT_LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const PREFIX = 'scrypt';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

type Env = Record<string, string | undefined>;

/**
 * SCRYPT_LOG_N lowers the cost for test suites, which sign in hundreds of times; production refuses
 * anything below the default. Throws a plain Error with a Spanish message; loadConfig reports it at start-up.
 */
export function scryptCost(env: Env = process.env): ScryptCost {
  const raw = env.SCRYPT_LOG_N?.trim();
  const logN = raw ? Number(raw) : DEFAULT_SCRYPT_LOG_N;
  if (!Number.isInteger(logN) || logN < 10 || logN > 20) {
    throw new Error('SCRYPT_LOG_N debe ser un entero entre 10 y 20');
  }
  if (env.NODE_ENV?.trim() === 'production' && logN < DEFAULT_SCRYPT_LOG_N) {
    throw new Error(`SCRYPT_LOG_N no puede ser menor que ${DEFAULT_SCRYPT_LOG_N} en producción`);
  }
  return { N: 2 ** logN, r: R, p: P };
}

let current: ScryptCost | undefined;
const currentCost = () => (current ??= scryptCost());

function derive(password: string, salt: Buffer, { N, r, p }: ScryptCost, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    // maxmem must exceed 128*N*r bytes; the default (32 MiB) would reject N=2^17.
    scrypt(password.normalize('NFC'), salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const cost = currentCost();
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost, KEY_LENGTH);
  return [PREFIX, cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string) {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  // Bounds keep a corrupted row from making one login allocate gigabytes.
  if (!(N >= 1024 && N <= 1 << 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16)) return null;
  const expected = Buffer.from(parts[5], 'base64');
  if (expected.length < 16) return null;
  return { cost: { N, r, p }, salt: Buffer.from(parts[4], 'base64'), expected };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parse(stored);
  if (!hash) return false;
  const actual = await derive(password, hash.salt, hash.cost, hash.expected.length);
  return timingSafeEqual(actual, hash.expected);
}

/** True for a hash made with weaker parameters than today's: sign-in then stores a new one. */
export function needsRehash(stored: string): boolean {
  const hash = parse(stored);
  const cost = currentCost();
  return !hash || hash.cost.N < cost.N || hash.cost.r < cost.r || hash.cost.p < cost.p;
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
