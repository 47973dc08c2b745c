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
