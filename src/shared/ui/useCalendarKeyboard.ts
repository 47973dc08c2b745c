import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, addMonths, clampIso, weekdayIndex } from '@/shared/lib/dates';

/** Days to move for each arrow key, and months for the page keys (years with Shift). */
const DAY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
const MONTH_STEPS: Record<string, number> = { PageUp: -1, PageDown: 1 };

/**
 * The calendar's focused day and its keyboard model (DateField.md "The calendar"): arrows, PageUp/PageDown (with
 * Shift a year), Home/End, always within [min, max]. `gridRef` is the grid whose day buttons carry `data-date`.
 */
export function useCalendarKeyboard(start: string, min: string, max: string) {
  const [focused, setFocused] = useState(start);
  const gridRef = useRef<HTMLTableElement>(null);
  // Focus follows the keyboard, and goes to the grid when the calendar opens; not when a select changes month.
  const moveFocus = useRef(true);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const showMonth = (nextYear: number, nextMonth: number) => {
    const day = Math.min(Number(focused.slice(8, 10)), 28);
    const iso = `${nextYear}-${String(nextMonth + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    setFocused(clampIso(iso, min, max));
  };

  const onGridKeyDown = (event: KeyboardEvent) => {
    let next: string | null = null;
    if (event.key in DAY_STEPS) next = addDays(focused, DAY_STEPS[event.key]);
    else if (event.key in MONTH_STEPS) {
      next = addMonths(focused, MONTH_STEPS[event.key] * (event.shiftKey ? 12 : 1));
    } else if (event.key === 'Home') next = addDays(focused, -weekdayIndex(focused));
    else if (event.key === 'End') next = addDays(focused, 6 - weekdayIndex(focused));
    if (next === null) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocused(clampIso(next, min, max));
  };

  return { focused, gridRef, showMonth, onGridKeyDown };
}
