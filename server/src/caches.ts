import { LRUCache } from 'lru-cache';

import type { HourlyMeasurement } from './measurements/loadProfile';

/**
 * The server's caches, all here and all bounded (least recently used goes first). Each one stayed because the
 * benchmarks lose more than 10% without it (figures in the commit that brought it here); the verified-token
 * and compiled-SQL caches gained less and are gone. A cache keyed per database (or per SQLite connection)
 * hangs off a WeakMap, so it goes with it.
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
 * Invoice counts of administrators' recent searches, per database (data/invoicePages.ts; a customer's are
 * counted every time, since another process may write its invoices). Paging through a search repeats its
 * counts on every page, and an administrator's count reads every matching index entry (hundreds of
 * thousands); the reference server writes invoices only when it seeds, so a count stays true. Keys name the
 * caller's scope and every filter. Kept short-lived all the same.
 */
export const invoiceCounts = perOwner<object, string, number>(
  () => new LRUCache({ max: 2_000, ttl: 60_000 }),
);

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
