import { useField } from 'formik';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  EARLIEST_DATE,
  addDays,
  addMonths,
  calendarWeeks,
  formatLongDate,
  formatSpokenDate,
  isValidIso,
  monthNames,
  parseTypedDate,
  todayIso,
  weekdayIndex,
  weekdayNamesMondayFirst,
} from '@/shared/lib/dates';
import './forms.css';
import './dateField.css';

export const DATE_PLACEHOLDER = 'DD/MM/AAAA';
export const OPEN_CALENDAR = 'Abrir calendario';
export const MONTH_LABEL = 'Mes';
export const YEAR_LABEL = 'Año';
export const PREVIOUS_MONTH = 'Mes anterior';
export const NEXT_MONTH = 'Mes siguiente';

interface DateFieldProps {
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

const clamp = (iso: string, min: string, max: string) => (iso < min ? min : iso > max ? max : iso);
const display = (value: string) => (isValidIso(value) ? formatLongDate(value) : value);

/** Closes the calendar open on the page, so that opening another closes the first. */
let closeOpenCalendar: (() => void) | null = null;

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

  useEffect(() => {
    if (!open) return undefined;
    const close = () => setOpen(false);
    closeOpenCalendar?.();
    closeOpenCalendar = close;
    return () => {
      if (closeOpenCalendar === close) closeOpenCalendar = null;
    };
  }, [open]);

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
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
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
        <button
          ref={toggleRef}
          type="button"
          className="date-field__toggle"
          aria-label={`${OPEN_CALENDAR}: ${label}`}
          aria-expanded={open}
          disabled={disabled}
          onClick={() => setOpen((isOpen) => !isOpen)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && open) {
              event.stopPropagation();
              close();
            }
          }}
        >
          <svg className="date-field__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M3 10h18M8 3v4M16 3v4" />
          </svg>
        </button>
      </div>
      <p id={errorId} className="field__error" aria-live="polite">
        {error ?? ''}
      </p>
      {open && (
        <Calendar
          label={label}
          start={clamp(isValidIso(value) ? value : todayIso(), min, max)}
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

interface CalendarProps {
  label: string;
  /** The day focused on opening: the selected one, else today, within [min, max]. */
  start: string;
  value: string;
  min: string;
  max: string;
  onChoose: (iso: string) => void;
  onClose: () => void;
}

/** Days to move for each arrow key, and months for the page keys (years with Shift). */
const DAY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
const MONTH_STEPS: Record<string, number> = { PageUp: -1, PageDown: 1 };

function Calendar({ label, start, value, min, max, onChoose, onClose }: CalendarProps) {
  const [focused, setFocused] = useState(start);
  const gridRef = useRef<HTMLTableElement>(null);
  // Focus follows the keyboard, and goes to the grid when the calendar opens; not when a select changes month.
  const moveFocus = useRef(true);
  const headingId = useId();
  const year = Number(focused.slice(0, 4));
  const monthIndex = Number(focused.slice(5, 7)) - 1;
  const minYear = Number(min.slice(0, 4));
  const maxYear = Number(max.slice(0, 4));

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const showMonth = (nextYear: number, nextMonth: number) => {
    const day = Math.min(Number(focused.slice(8, 10)), 28);
    const iso = `${nextYear}-${String(nextMonth + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    setFocused(clamp(iso, min, max));
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
    setFocused(clamp(next, min, max));
  };

  return (
    // Escape closes the calendar from any control inside it, as the WAI-ARIA date picker dialog does.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      className="calendar"
      role="dialog"
      aria-modal="false"
      aria-labelledby={headingId}
      // A click on the calendar's background keeps the focus inside it, so the calendar stays open.
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <p id={headingId} className="visually-hidden">
        {`Calendario: ${label}`}
      </p>
      <div className="calendar__header">
        <button
          type="button"
          className="calendar__nav"
          aria-label={PREVIOUS_MONTH}
          disabled={`${year}-${String(monthIndex + 1).padStart(2, '0')}` <= min.slice(0, 7)}
          onClick={() => showMonth(monthIndex === 0 ? year - 1 : year, (monthIndex + 11) % 12)}
        >
          ‹
        </button>
        <label className="visually-hidden" htmlFor={`${headingId}-month`}>
          {MONTH_LABEL}
        </label>
        <select
          id={`${headingId}-month`}
          className="calendar__select"
          value={monthIndex}
          onChange={(event) => showMonth(year, Number(event.target.value))}
        >
          {monthNames().map((name, index) => (
            <option key={name} value={index}>
              {name}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor={`${headingId}-year`}>
          {YEAR_LABEL}
        </label>
        <select
          id={`${headingId}-year`}
          className="calendar__select"
          value={year}
          onChange={(event) => showMonth(Number(event.target.value), monthIndex)}
        >
          {Array.from({ length: maxYear - minYear + 1 }, (_, i) => maxYear - i).map((optionYear) => (
            <option key={optionYear} value={optionYear}>
              {optionYear}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="calendar__nav"
          aria-label={NEXT_MONTH}
          disabled={`${year}-${String(monthIndex + 1).padStart(2, '0')}` >= max.slice(0, 7)}
          onClick={() => showMonth(monthIndex === 11 ? year + 1 : year, (monthIndex + 1) % 12)}
        >
          ›
        </button>
      </div>
      <table ref={gridRef} className="calendar__grid" role="grid" onKeyDown={onGridKeyDown}>
        <thead>
          <tr>
            {weekdayNamesMondayFirst().map((day) => (
              <th key={day.long} scope="col" abbr={day.long}>
                {day.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendarWeeks(year, monthIndex).map((week) => (
            <tr key={week.find(Boolean) ?? 'empty'}>
              {week.map((iso, index) =>
                iso ? (
                  <td key={iso}>
                    <button
                      type="button"
                      className="calendar__day"
                      data-date={iso}
                      tabIndex={iso === focused ? 0 : -1}
                      disabled={iso < min || iso > max}
                      aria-pressed={iso === value}
                      aria-label={formatSpokenDate(iso)}
                      onClick={() => onChoose(iso)}
                    >
                      {Number(iso.slice(8, 10))}
                    </button>
                  </td>
                ) : (
                  <td key={`blank-${index}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface DateFormikFieldProps extends Omit<DateFieldProps, 'id' | 'value' | 'onChange' | 'error'> {
  name: string;
  id?: string;
}

/** DateField bound to a Formik field holding ISO text; its error shows once touched. */
export function DateFormikField({ name, id = `field-${name}`, ...props }: DateFormikFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  return (
    <DateField
      {...props}
      id={id}
      value={field.value ?? ''}
      onChange={(text) => void helpers.setValue(text, true)}
      // Formik validates a touch with the values of the last render, before the change above: only the
      // change's own validation sees the new text, so the touch must not validate again.
      onBlur={() => void helpers.setTouched(true, false)}
      error={meta.touched ? meta.error : undefined}
    />
  );
}
