import { useEffect, useState } from 'react';

/** Spec 01 §9: the contract search fires after 1 second without typing. */
export const SEARCH_DEBOUNCE_MS = 1000;

/** The value once it has stayed the same for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
