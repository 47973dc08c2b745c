import { LRUCache } from 'lru-cache';

import type { HourlyMeasurement } from './measurements/loadProfile';

/**
 * The server's caches, all here and all bounded (least recently used goes first): prepared SQLite statements,
 * SQL texts seen slow, recent hourly measurements, verified session tokens and the list-items SQL. Each says what
 * it saves and why what it holds stays true. A cache keyed per database (or per SQLite connection, or per
 * secret) hangs off a WeakMap, so it goes with it. Invoice counts are not cached: the kept counts
 * (server/docs/invoice-search.md) answer an administrator's in a few rows, and another process may write them.
 */

/** The cache of `owner`, made on first use. */
function perOwner<Owner extends object, Key extends NonNullable<unknown>, Value extends NonNullable<unknown>>(
  make: () => LRUCache<Key, Value>,
) {
  const caches = new WeakMap<Owner, LRUCache<Key, Value>>();
  return (owner: Owner) => {
    let cache = caches.get(owner);
    if (!cache) caches.set(owner, (cache = make()));
    return cache;
  };
}

/**
 * Prepared SQLite statements by their SQL text, per connection (db/database.ts, and each reader thread of
 * db/sqliteReadWorker.cjs, which keeps its own of this size): preparing (parsing and planning) costs more than
 * running most of our queries.
 */
export const PREPARED_STATEMENTS = 500;

export const preparedStatements = <Statement extends object>(size = PREPARED_STATEMENTS) =>
  new LRUCache<string, Statement>({ max: size });

/** Heap bytes of one HourlyMeasurement, measured (a year of 8,760 hours holds 1.18 MB after a full GC). */
export const MEASUREMENT_BYTES = 144;

/** What the hourly measurements cache may hold: about seven years of hours, or hundreds of weeks. */
export const MEASUREMENTS_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * Hourly measurements of recently asked ranges (data/measurements.ts): a screen asks for the same range again
 * for the chart, the spreadsheet and the certificate, and past hours never change. Keys hold the profile's
 * values, so a changed profile misses. Bounded by bytes, not entries: a count bound let 16 year-long ranges
 * hold 19 MB as surely as 16 weeks held 0.4 MB (server/docs/wire-and-memory.md).
 */
export const recentMeasurements = new LRUCache<string, HourlyMeasurement[]>({
  maxSize: MEASUREMENTS_CACHE_BYTES,
  sizeCalculation: (hours) => Math.max(1, hours.length * MEASUREMENT_BYTES),
});

/**
 * Session tokens already verified, per secret, by their whole text (auth/tokens.ts): checking the HMAC again
 * would give the same answer for the same text and key. Entries are used only before the token's `exp`.
 */
export const verifiedTokens = perOwner<Uint8Array, string, VerifiedToken>(
  () => new LRUCache({ max: 10_000 }),
);

/** What a verified token says, kept until it expires. */
export interface VerifiedToken {
  subject: string | undefined;
  realm: unknown;
  sessionId: unknown;
  /** Milliseconds since the epoch: `exp` of the token. */
  expiresAt: number;
}

/**
 * SQL text of the list-items query per database and number of ids (data/invoices.ts): its only parameters
 * are the ids, so it is built and compiled once per count (pages hold at most 50).
 */
export const listItemsSql = perOwner<object, number, string>(() => new LRUCache({ max: 100 }));
