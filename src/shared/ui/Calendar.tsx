import { useId } from 'react';
import { monthNames } from '@/shared/lib/dates';
import { CalendarGrid } from './CalendarGrid';
import { useCalendarKeyboard } from './useCalendarKeyboard';

export const MONTH_LABEL = 'Mes';
export const YEAR_LABEL = 'Año';
export const PREVIOUS_MONTH = 'Mes anterior';
export const NEXT_MONTH = 'Mes siguiente';

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

/** A labelled month or year list of the calendar's header (the label is for screen readers only). */
function CalendarSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  options: { value: number; text: string }[];
  onChange: (value: number) => void;
}) {
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="calendar__select"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
    </>
  );
}

/** DateField's calendar dialog: month navigation and month/year selects above the day grid. */
export function Calendar({ label, start, value, min, max, onChoose, onClose }: CalendarProps) {
  const { focused, gridRef, showMonth, onGridKeyDown } = useCalendarKeyboard(start, min, max);
  const headingId = useId();
  const year = Number(focused.slice(0, 4));
  const monthIndex = Number(focused.slice(5, 7)) - 1;
  const minYear = Number(min.slice(0, 4));
  const maxYear = Number(max.slice(0, 4));

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
        <CalendarSelect
          id={`${headingId}-month`}
          label={MONTH_LABEL}
          value={monthIndex}
          options={monthNames().map((name, index) => ({ value: index, text: name }))}
          onChange={(month) => showMonth(year, month)}
        />
        <CalendarSelect
          id={`${headingId}-year`}
          label={YEAR_LABEL}
          value={year}
          options={Array.from({ length: maxYear - minYear + 1 }, (_, i) => maxYear - i).map((optionYear) => ({
            value: optionYear,
            text: String(optionYear),
          }))}
          onChange={(optionYear) => showMonth(optionYear, monthIndex)}
        />
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
      <CalendarGrid
        year={year}
        monthIndex={monthIndex}
        focused={focused}
        value={value}
        min={min}
        max={max}
        gridRef={gridRef}
        onKeyDown={onGridKeyDown}
        onChoose={onChoose}
      />
    </div>
  );
}
