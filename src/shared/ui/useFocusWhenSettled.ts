import { useEffect, useRef } from 'react';

/**
 * Moves the focus to what `target` gives once `key` has changed and `busy` is over: the answer to a search,
 * once it is in, so the user goes on from the results rather than from the form's button. The first value of
 * `key` moves nothing (a screen opening keeps the focus where the browser puts it).
 */
export function useFocusWhenSettled(key: number, busy: boolean, target: () => HTMLElement | null) {
  const handled = useRef(key);
  useEffect(() => {
    if (busy || key === handled.current) return;
    handled.current = key;
    target()?.focus();
  }, [key, busy, target]);
}
