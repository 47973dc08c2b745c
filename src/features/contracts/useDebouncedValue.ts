import { useCallback, useEffect, useState } from 'react';

/** Spec 01 §9: the contract search fires after 1 second without typing. */
export const SEARCH_DEBOUNCE_MS = 1000;

/**
 * The value once it has stayed the same for `delay` ms, and a way to settle a value at once (a button that
 * clears the filters has nothing to wait for).
 */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): [T, (now: T) => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  const settleNow = useCallback((now: T) => setSettled(now), []);
  return [settled, settleNow];
}
