import { useCallback, useSyncExternalStore } from 'react';

/** The width below which the layout is a phone's: the header folds behind Menú, the home shows contracts first. */
export const PHONE_QUERY = '(max-width: 37.5rem)';

/** Whether a CSS media query matches now, kept up to date as the window changes (false where unsupported). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () =>
    typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false,
  );
}
