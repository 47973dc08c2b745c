import { isoFromUtcDay, utcDayOf } from './madridTime';

/** Calendar arithmetic on 'YYYY-MM-DD' days and the 'DD-MM-YYYY' text the measurement calls use. */

/** 'DD-MM-YYYY' as 'YYYY-MM-DD' when it names a real calendar day, else null. */
export function parseDashDate(text: string): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  if (!match) return null;
  const [, day, month, year] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const iso = `${year}-${month}-${day}`;
  return date.toISOString().slice(0, 10) === iso ? iso : null;
}

export function toDashDate(iso: string): string {
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}

export const addDays = (iso: string, days: number) => isoFromUtcDay(utcDayOf(iso) + days);

/** Calendar months, the day clamped to the month's length (31 March - 1 month = 28/29 February). */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

export interface DateRange {
  from: string;
  to: string;
}

/** The Monday of the ISO week of a date. */
export function weekStart(iso: string): string {
  const day = utcDayOf(iso);
  // 1 January 1970 was a Thursday: day 0 is weekday 3 counting from Monday.
  return isoFromUtcDay(day - ((day + 3) % 7));
}
