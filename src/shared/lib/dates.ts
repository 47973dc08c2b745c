import moment from 'moment';
import 'moment/locale/es';
import { lastSundayOf, serverNow } from './madridClock';

moment.locale('es');

/**
 * The only importer of moment in the SPA: routes that need it load it through their own chunk. Dates cross the
 * store and the components as ISO text ('YYYY-MM-DD'); these helpers convert at the edges.
 */
const ISO = 'YYYY-MM-DD';
const DASH = 'DD-MM-YYYY';

/** Earliest selectable Desde (DECISIONS "Dates and numbers"). */
export const EARLIEST_DATE = '2004-01-01';

const parseIso = (iso: string) => moment(iso, ISO, true);

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

export function isValidIso(value: string | null | undefined): value is string {
  return Boolean(value) && parseIso(value as string).isValid();
}

const PLAIN_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

export function formatListDate(value: string | null | undefined): string {
  if (!value) return '';
  // Most list dates are plain YYYY-MM-DD: rearranged without moment's parse against three formats, which made
  // the home's tables cost a long task on a phone. Other shapes (times, DD-MM-YYYY) still go through moment.
  const plain = PLAIN_ISO.exec(value);
  if (plain) {
    return isoOf(Number(plain[1]), Number(plain[2]), Number(plain[3]))
      ? `${plain[3]}/${plain[2]}/${plain[1]}`
      : value;
  }
  const parsed = moment(value, [moment.ISO_8601, DASH, 'DD/MM/YYYY'], true);
  return parsed.isValid() ? parsed.format('DD/MM/YYYY') : value;
}

/** 'DD MMMM YYYY' with Spanish month names, as the pickers show dates. */
export function formatLongDate(value: string): string {
  return moment(value, [ISO, moment.ISO_8601]).locale('es').format('DD MMMM YYYY');
}

/** Invoice calls send YYYY-MM-DD, and 0 for an empty date (DECISIONS). */
export function toQueryDate(iso: string | null | undefined): string {
  return isValidIso(iso) ? iso : '0';
}

/** Telemetry, load curve, certificate and contract-level calls send DD-MM-YYYY. */
export function toDashDate(iso: string): string {
  return parseIso(iso).format(DASH);
}

export function fromDashDate(text: string): string | null {
  const parsed = moment(text, DASH, true);
  return parsed.isValid() ? parsed.format(ISO) : null;
}

/** Any date text the API sends (ISO, DD-MM-YYYY, DD/MM/YYYY) as ISO, or null. */
export function toIsoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const parsed = moment(value, [ISO, moment.ISO_8601, DASH, 'DD/MM/YYYY'], true);
  return parsed.isValid() ? parsed.format(ISO) : null;
}

/** `iso` held within [min, max]; ISO text orders as the dates do. */
export function clampIso(iso: string, min: string, max: string): string {
  return iso < min ? min : iso > max ? max : iso;
}

export function addDays(iso: string, days: number): string {
  return parseIso(iso).add(days, 'days').format(ISO);
}

export function addMonths(iso: string, months: number): string {
  return parseIso(iso).add(months, 'months').format(ISO);
}

/** Whole months from `from` to `to` (the day of month counts: 15 Jan -> 16 Feb is more than 1 month). */
export function monthsBetween(from: string, to: string): number {
  return parseIso(to).diff(parseIso(from), 'months', true);
}

/** Spanish month names, January first, for calendars. */
// The locale is fixed at import (es): its month names are read once, not rebuilt by moment on every call.
let months: readonly string[] | null = null;

export function monthNames(): readonly string[] {
  months ??= moment.months();
  return months;
}

/** Monday-first short weekday names (lu, ma, mi, ju, vi, sá, do). */
export function weekdayNamesMondayFirst(): { short: string; long: string }[] {
  const shortNames = moment.weekdaysMin();
  const longNames = moment.weekdays();
  return [1, 2, 3, 4, 5, 6, 0].map((day) => ({ short: shortNames[day], long: longNames[day] }));
}

/** Position of a date in its Monday-first week: 0 for Monday to 6 for Sunday. */
export function weekdayIndex(iso: string): number {
  return parseIso(iso).isoWeekday() - 1;
}

/** The weeks (Monday first) of a month as ISO dates, with null for the days of other months. */
export function calendarWeeks(year: number, monthIndex: number): (string | null)[][] {
  const first = moment({ year, month: monthIndex, day: 1 });
  const leadingBlanks = (first.isoWeekday() + 6) % 7;
  const days: (string | null)[] = Array.from({ length: leadingBlanks }, () => null);
  for (let day = 1; day <= first.daysInMonth(); day += 1) {
    days.push(moment({ year, month: monthIndex, day }).format(ISO));
  }
  while (days.length % 7) days.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

const NUMERIC_DAY_FIRST = /^(\d{1,2})([/-])(\d{1,2})\2(\d{4})$/;
const NUMERIC_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const LONG = /^(\d{1,2}) (?:de )?(\p{L}+) (?:de )?(\d{4})$/u;

/** The ISO text of a calendar date, or null if the month has no such day (31 April, 29 Feb 2025). */
function isoOf(year: number, month: number, day: number): string | null {
  // Day 0 of the next month is the last day of this one; UTC, so the browser's zone plays no part.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A date the user typed as ISO, or null. Accepts what the field displays ('09 mayo 2026', also '9 mayo 2026'
 * and '9 de mayo de 2026'), DD/MM/AAAA and DD-MM-AAAA with or without leading zeros, and AAAA-MM-DD. Day
 * first always: '01-03-2025' is 1 March. Written by hand rather than with moment's strict multi-format
 * parsing, which refused a padded day before a month name.
 */
export function parseTypedDate(text: string): string | null {
  const clean = text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('es');
  const dayFirst = NUMERIC_DAY_FIRST.exec(clean);
  if (dayFirst) return isoOf(Number(dayFirst[4]), Number(dayFirst[3]), Number(dayFirst[1]));
  const iso = NUMERIC_ISO.exec(clean);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const long = LONG.exec(clean);
  if (long) {
    const month = monthNames().findIndex((name) => name.toLocaleLowerCase('es') === long[2]) + 1;
    return month ? isoOf(Number(long[3]), month, Number(long[1])) : null;
  }
  return null;
}

/** '5 de marzo de 2026', the accessible name of a calendar day. */
export function formatSpokenDate(iso: string): string {
  return parseIso(iso).locale('es').format('D [de] MMMM [de] YYYY');
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
