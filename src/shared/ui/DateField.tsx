import { useEffect, useRef, useState } from 'react';
import {
  EARLIEST_DATE,
  clampIso,
  formatLongDate,
  isValidIso,
  parseTypedDate,
  todayIso,
} from '@/shared/lib/dates';
import { Calendar } from './Calendar';
import { CalendarToggle } from './CalendarToggle';
import { useOnlyOpenCalendar } from './useOnlyOpenCalendar';
import './forms.css';
import './dateField.css';

export const DATE_PLACEHOLDER = 'DD/MM/AAAA';
export interface DateFieldProps {
  id: string;
  label: string;
  /**
   * ISO 'YYYY-MM-DD', '' when empty, or the text typed when it is not a date: the field keeps it as typed and
   * the form's rules (`dateRangeProblems`) refuse it, so no search runs with it.
   */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Earliest selectable date, ISO (default 1 January 2004). */
  min?: string;
  /** Latest selectable date, ISO (default today in Europe/Madrid). */
  max?: string;
  error?: string;
  disabled?: boolean;
}

const display = (value: string) => (isValidIso(value) ? formatLongDate(value) : value);

/**
 * A date input that accepts on blur or Enter what it displays ('05 marzo 2026') and the formats of
 * `parseTypedDate`, and a calendar with Spanish month names, Monday first and the days outside [min, max]
 * disabled. A typed value is never replaced: text that is not a date and dates out of bounds stay as typed for
 * the form's rules to explain.
 */
export function DateField({
  id,
  label,
  value,
  onChange,
  onBlur,
  min = EARLIEST_DATE,
  max = todayIso(),
  error,
  disabled,
}: DateFieldProps) {
  const [draft, setDraft] = useState(() => display(value));
  const editing = useRef(false);
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const errorId = `${id}-error`;

  // A value set from outside (a default filled from results, a reset) shows, unless the user is typing.
  useEffect(() => {
    if (!editing.current) setDraft(display(value));
  }, [value]);

  useOnlyOpenCalendar(open, setOpen);

  const commitDraft = () => {
    editing.current = false;
    const text = draft.trim();
    const next = text ? (parseTypedDate(text) ?? text) : '';
    setDraft(display(next));
    onChange(next);
    onBlur?.();
  };

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const choose = (iso: string) => {
    editing.current = false;
    setDraft(display(iso));
    onChange(iso);
    onBlur?.();
    close();
  };

  return (
    // The calendar closes when focus leaves the field (Tab past it, a click elsewhere), so it never stays over
    // the controls below it.
    <div
      className="date-field field"
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="date-field__control">
        <input
          id={id}
          className="field__input date-field__input"
          type="text"
          inputMode="text"
          autoComplete="off"
          placeholder={DATE_PLACEHOLDER}
          value={draft}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            editing.current = true;
            setDraft(event.target.value);
          }}
          onBlur={commitDraft}
          onKeyDown={(event) => {
            // Enter commits the date, then submits the form as in any text field.
            if (event.key === 'Enter') commitDraft();
          }}
        />
        <CalendarToggle
          ref={toggleRef}
          label={label}
          open={open}
          disabled={disabled}
          onToggle={() => setOpen((isOpen) => !isOpen)}
          onClose={close}
        />
      </div>
      <p id={errorId} className="field__error" aria-live="polite">
        {error ?? ''}
      </p>
      {open && (
        <Calendar
          label={label}
          start={clampIso(isValidIso(value) ? value : todayIso(), min, max)}
          value={value}
          min={min}
          max={max}
          onChoose={choose}
          onClose={close}
        />
      )}
    </div>
  );
}
