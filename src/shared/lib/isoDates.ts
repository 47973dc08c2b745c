import { lastSundayOf, serverNow } from './madridClock';

/**
 * ISO date text ('YYYY-MM-DD') without moment: what the store, the router and the first screen need stays out of
 * moment's chunk, so /login does not download it (issue 23). shared/lib/dates adds the formats moment reads.
 */

/** Earliest selectable Desde (DECISIONS "Dates and numbers"). */
export const EARLIEST_DATE = '2004-01-01';

// Made once: a new Intl.DateTimeFormat costs about a millisecond, and a render of the load curve asks for today
// several times.
let madridDay: Intl.DateTimeFormat | undefined;

/** Today in Europe/Madrid, the portal's time zone, by the server's clock (madridClock.ts serverNow). */
export function todayIso(now: Date = serverNow()): string {
  madridDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return madridDay.format(now);
}

/** The ISO text of a calendar date, or null if the month has no such day (31 April, 29 Feb 2025). */
export function isoOf(year: number, month: number, day: number): string | null {
  // Day 0 of the next month is the last day of this one; UTC, so the browser's zone plays no part.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const PLAIN_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Year, month (1-12) and day of strict ISO text naming a real date, or null. */
export function isoParts(value: string): [number, number, number] | null {
  const plain = PLAIN_ISO.exec(value);
  if (!plain) return null;
  const parts: [number, number, number] = [Number(plain[1]), Number(plain[2]), Number(plain[3])];
  return isoOf(...parts) ? parts : null;
}

export function isValidIso(value: string | null | undefined): value is string {
  return Boolean(value) && isoParts(value as string) !== null;
}

/** `iso` held within [min, max]; ISO text orders as the dates do. */
export function clampIso(iso: string, min: string, max: string): string {
  return iso < min ? min : iso > max ? max : iso;
}

const utcDay = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
};

export function addDays(iso: string, days: number): string {
  const date = utcDay(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Calendar months later (earlier when negative); a day the month lacks becomes its last (31 Jan + 1 = 28 Feb). */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Position of a date in its Monday-first week: 0 for Monday to 6 for Sunday. */
export function weekdayIndex(iso: string): number {
  return (utcDay(iso).getUTCDay() + 6) % 7;
}

/** What may be wrong with one date of a range: empty, not a date (text kept as typed), or after today. */
export type DateProblem = 'required' | 'format' | 'future';

export interface DateRangeProblems {
  from?: DateProblem | 'tooEarly';
  to?: DateProblem | 'beforeFrom';
}

function dateProblem(value: string, today: string): DateProblem | undefined {
  if (!value) return 'required';
  if (!isValidIso(value)) return 'format';
  return value > today ? 'future' : undefined;
}

/**
 * Desde/Hasta checks of the screens limited to some months back from Hasta (spec 02 §5), as codes each
 * screen maps to its own messages: both dates required; each a date (the field keeps text that is not one, so
 * the form must refuse it) and not after today; Hasta not before Desde (one day is a valid range); Desde no
 * earlier than Hasta minus `months` (strictly after it when `strict`, the load curve's rule) and never before
 * EARLIEST_DATE, which gets the same code, the screen's "Desde after" message (spec 02 §5).
 */
export function dateRangeProblems(
  from: string,
  to: string,
  { months, strict = false, today = todayIso() }: { months: number; strict?: boolean; today?: string },
): DateRangeProblems {
  const fromProblem = dateProblem(from, today);
  const toProblem = dateProblem(to, today);
  if (fromProblem || toProblem) {
    return { ...(fromProblem && { from: fromProblem }), ...(toProblem && { to: toProblem }) };
  }
  if (to < from) return { to: 'beforeFrom' };
  const limit = addMonths(to, -months);
  if (from < EARLIEST_DATE || from < limit || (strict && from === limit)) return { from: 'tooEarly' };
  return {};
}

/**
 * Start (UTC milliseconds) of hour `hour` (1..23/24/25) of a local day in Madrid, the numbering of hourly
 * meter data: the day starts at local midnight and counts clock hours, so the 25-hour October day repeats
 * 02:00 and the 23-hour March day skips it. EU rule: summer time from the last Sunday of March to the last
 * Sunday of October.
 */
export function madridHourStart(iso: string, hour: number): number {
  const [year, month, day] = iso.split('-').map(Number);
  const afterSpring = month > 3 || (month === 3 && day > lastSundayOf(year, 2));
  const upToAutumn = month < 10 || (month === 10 && day <= lastSundayOf(year, 9));
  const offsetHours = afterSpring && upToAutumn ? 2 : 1;
  return Date.UTC(year, month - 1, day, hour - 1 - offsetHours);
}

const pad = (number: number) => String(number).padStart(2, '0');

/**
 * A list's date as DD/MM/YYYY, from the shapes the calls send: YYYY-MM-DD, an ISO date and time (its local day,
 * as the browser's clock reads it), DD-MM-YYYY or DD/MM/YYYY; an impossible date, or other text, as it came.
 * Without moment: the signed-in home shows list dates, and must not load it (issue 30).
 */
export function formatListDate(value: string | null | undefined): string {
  if (!value) return '';
  if (isoParts(value)) return value.split('-').reverse().join('/');
  const dayFirst = /^(\d{2})([-/])(\d{2})\2(\d{4})$/.exec(value);
  if (dayFirst)
    return isoOf(+dayFirst[4], +dayFirst[3], +dayFirst[1])
      ? `${dayFirst[1]}/${dayFirst[3]}/${dayFirst[4]}`
      : value;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || !isoParts(value.slice(0, 10))) return value;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  return `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()}`;
}

const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** Spanish month names, January first, for calendars and charts. */
export const monthNames = (): readonly string[] => MONTH_NAMES;
