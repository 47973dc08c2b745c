import { useEffect } from 'react';

/** Closes the calendar open on the page, so that opening another closes the first. */
let closeOpenCalendar: (() => void) | null = null;

/** While `open`, this field's calendar is the page's only open one: it closes any other, and `setOpen(false)` closes it. */
export function useOnlyOpenCalendar(open: boolean, setOpen: (open: boolean) => void) {
  useEffect(() => {
    if (!open) return undefined;
    const close = () => setOpen(false);
    closeOpenCalendar?.();
    closeOpenCalendar = close;
    return () => {
      if (closeOpenCalendar === close) closeOpenCalendar = null;
    };
  }, [open, setOpen]);
}
