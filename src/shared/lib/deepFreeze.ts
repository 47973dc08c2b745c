/**
 * Freezes an answer and everything in it, in place. RTK Query's reducer hands a new answer to Immer, which walks
 * it value by value to find drafts and then freezes it; an answer that is frozen already it leaves alone. A year
 * of hours (8,760 records) took Immer about 40 ms of the page's main thread, this loop a few.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) value.forEach(deepFreeze);
  else for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
