/**
 * Time in Spain's mainland zone (Europe/Madrid) for the hourly data, computed by the EU rule (summer time from
 * 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October), whatever the server's zone.
 * Local days are 'YYYY-MM-DD' text; a day has 23, 24 or 25 hours.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

function lastSundayOf(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return lastDay.getUTCDate() - lastDay.getUTCDay();
}

export const parseIso = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return { year, month, day };
};

/** Dates already written: the hourly models and the seed's bills ask for the same few thousand days again and again. */
const isoByDay = new Map<number, string>();
/** More than 270 years of days: past it (never in practice) the map starts again rather than grow. */
const ISO_DAYS_KEPT = 100_000;

export function isoFromUtcDay(dayNumber: number): string {
  let iso = isoByDay.get(dayNumber);
  if (iso === undefined) {
    if (isoByDay.size >= ISO_DAYS_KEPT) isoByDay.clear();
    iso = new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
    isoByDay.set(dayNumber, iso);
  }
  return iso;
}

export function utcDayOf(iso: string): number {
  const { year, month, day } = parseIso(iso);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

export interface MadridDay {
  /** 23, 24 or 25. */
  hours: number;
  /** UTC milliseconds of local midnight. */
  midnight: number;
  /** Offset from UTC at local midnight: 1 in winter time, 2 in summer time. */
  offsetHours: number;
}

/** The hours of a local day in Spain's mainland time zone (EU rule: changes at 01:00 UTC). */
export function madridDay(iso: string): MadridDay {
  const { year, month, day } = parseIso(iso);
  const springDay = lastSundayOf(year, 2);
  const autumnDay = lastSundayOf(year, 9);
  const hours = month === 3 && day === springDay ? 23 : month === 10 && day === autumnDay ? 25 : 24;
  // Local midnight is summer time from the day after the spring change up to the autumn change day.
  const afterSpring = month > 3 || (month === 3 && day > springDay);
  const upToAutumn = month < 10 || (month === 10 && day <= autumnDay);
  const offsetHours = afterSpring && upToAutumn ? 2 : 1;
  return { hours, midnight: Date.UTC(year, month - 1, day) - offsetHours * HOUR_MS, offsetHours };
}

/** Offset from UTC (1 or 2 hours) in force at an instant: summer time from 01:00 UTC on the last Sunday of
 * March to 01:00 UTC on the last Sunday of October. */
export function madridOffsetAt(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  const springChange = Date.UTC(year, 2, lastSundayOf(year, 2), 1);
  const autumnChange = Date.UTC(year, 9, lastSundayOf(year, 9), 1);
  return utcMs >= springChange && utcMs < autumnChange ? 2 : 1;
}

/** ISO 8601 local time with its offset, e.g. '2026-10-25T02:00:00+01:00' (unambiguous on the 25-hour day). */
export function madridTimestamp(utcMs: number): string {
  const offset = madridOffsetAt(utcMs);
  return `${new Date(utcMs + offset * HOUR_MS).toISOString().slice(0, 19)}+0${offset}:00`;
}

// Made once: building an Intl formatter costs more than a whole explorer query (about 0.1 ms).
const madridDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Europe/Madrid, whatever the server's zone. */
export function madridToday(now: Date = new Date()): string {
  return madridDateFormat.format(now);
}

/** Clock hour (0..23) at which the hour index (0-based) of a day starts. */
export function clockHour(hours: number, index: number): number {
  if (hours === 23) return index < 2 ? index : index + 1;
  if (hours === 25) return index <= 2 ? index : index - 1;
  return index;
}

/** The local date (Europe/Madrid) of an instant. */
export function madridDateAt(utcMs: number): string {
  return new Date(utcMs + madridOffsetAt(utcMs) * HOUR_MS).toISOString().slice(0, 10);
}

/** The local clock time 'HH:MM' (Europe/Madrid) of an instant. */
export function madridClock(utcMs: number): string {
  return new Date(utcMs + madridOffsetAt(utcMs) * HOUR_MS).toISOString().slice(11, 16);
}
