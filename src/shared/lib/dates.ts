import moment from 'moment';
import 'moment/locale/es';
import { isoOf, isValidIso, monthNames } from './isoDates';

moment.locale('es');

/**
 * The only importer of moment in the SPA: routes that need it load it through their own chunk. Dates cross the
 * store and the components as ISO text ('YYYY-MM-DD'); these helpers convert at the edges. The ISO arithmetic
 * needs no moment and lives in isoDates, which the first screen's code imports directly.
 */
export {
  formatListDate,
  monthNames,
  addDays,
  addMonths,
  clampIso,
  dateRangeProblems,
  EARLIEST_DATE,
  isValidIso,
  madridHourStart,
  todayIso,
  weekdayIndex,
} from './isoDates';

const ISO = 'YYYY-MM-DD';
const DASH = 'DD-MM-YYYY';

const parseIso = (iso: string) => moment(iso, ISO, true);

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

/** Whole months from `from` to `to` (the day of month counts: 15 Jan -> 16 Feb is more than 1 month). */
export function monthsBetween(from: string, to: string): number {
  return parseIso(to).diff(parseIso(from), 'months', true);
}

/** Monday-first short weekday names (lu, ma, mi, ju, vi, sá, do). */
export function weekdayNamesMondayFirst(): { short: string; long: string }[] {
  const shortNames = moment.weekdaysMin();
  const longNames = moment.weekdays();
  return [1, 2, 3, 4, 5, 6, 0].map((day) => ({ short: shortNames[day], long: longNames[day] }));
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
