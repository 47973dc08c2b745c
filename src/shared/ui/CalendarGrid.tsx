import type { KeyboardEvent, RefObject } from 'react';
import { calendarWeeks, formatSpokenDate, weekdayNamesMondayFirst } from '@/shared/lib/dates';

interface CalendarGridProps {
  year: number;
  monthIndex: number;
  /** The day that takes Tab (roving tabindex); the keyboard moves it. */
  focused: string;
  value: string;
  min: string;
  max: string;
  gridRef: RefObject<HTMLTableElement | null>;
  onKeyDown: (event: KeyboardEvent) => void;
  onChoose: (iso: string) => void;
}

/** One month's days, Monday first; days outside [min, max] are disabled and the selected one is pressed. */
export function CalendarGrid({
  year,
  monthIndex,
  focused,
  value,
  min,
  max,
  gridRef,
  onKeyDown,
  onChoose,
}: CalendarGridProps) {
  return (
    <table ref={gridRef} className="calendar__grid" role="grid" onKeyDown={onKeyDown}>
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
  );
}
