/**
 * The access tariffs' period calendars (mainland Spain): which tariff period every hour of a local day falls
 * in. One module serves the seed, the invoices, the certificate and the charts.
 *
 * - 2.0TD (CNMC Circular 3/2020): weekdays P1 Punta 10-14 h and 18-22 h, P2 Llano 8-10, 14-18 and 22-24 h,
 *   P3 Valle 0-8 h; Saturdays, Sundays and national holidays P3 all day.
 * - 3.0TD and 6.xTD: six periods by season and hour on weekdays, P6 from 0 to 8 h and all day on Saturdays,
 *   Sundays and national holidays. Seasons: alta (January, February, July, December), media alta (March,
 *   November), media (June, August, September), baja (April, May, October).
 * - The old access fees (before June 2021), still on some demo contracts: 2.0A/2.1A one period; 2.0DHA/2.1DHA
 *   P1 12-22 h in winter time and 13-23 h in summer time, P2 the rest; 2.0DHS/2.1DHS P1 13-23 h, P2 23-1 h and
 *   7-13 h, P3 supervalle 1-7 h; 3.0A winter P1 18-22 h, summer P1 11-15 h, P3 0-8 h, P2 the rest; 3.1A winter
 *   P1 17-23 h, summer P1 10-16 h, P3 0-8 h (and until 18 h on rest days, then P2), P2 the rest; 6.1A by day
 *   types A (Dec-Feb), A1 (2nd half of June, July), B (March, November), B1 (1st half of June, September),
 *   C (April, May, October) and D (August, rest days: P6 all day).
 *
 * Hours are clock hours of the local day (Europe/Madrid): on the 23- and 25-hour days the same clock rule
 * applies, so the repeated hour of October counts twice in its period.
 *
 * National holidays for the tariffs are the CNMC's: nationwide, with a fixed date and not substitutable by the
 * regions. Good Friday is a national holiday (nationalHolidays lists it, and the consumption model rests on
 * it) but has no fixed date, so its hours keep their weekday periods, as on every Spanish bill.
 */
import { PERIOD_CODES, type PeriodCode } from '../contract/measurements';
import { clockHour, madridDay } from './madridTime';

// The answers name the periods: their codes are the contract's.
export { PERIOD_CODES, type PeriodCode };

const FIXED_HOLIDAYS = ['01-01', '01-06', '05-01', '08-15', '10-12', '11-01', '12-06', '12-08', '12-25'];

/** Easter Sunday (Gregorian computus, Meeus/Jones/Butcher), 'YYYY-MM-DD'. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Good Friday: two days before Easter Sunday. */
export function goodFriday(year: number): string {
  const sunday = new Date(`${easterSunday(year)}T00:00:00Z`);
  sunday.setUTCDate(sunday.getUTCDate() - 2);
  return sunday.toISOString().slice(0, 10);
}

/** The national holidays of a year in mainland Spain, sorted: the fixed ones and Good Friday. */
export function nationalHolidays(year: number): string[] {
  return [...FIXED_HOLIDAYS.map((monthDay) => `${year}-${monthDay}`), goodFriday(year)].sort();
}

const holidayCache = new Map<number, Set<string>>();

/** A national holiday (Good Friday included): the consumption model treats it as a Sunday. */
export function isNationalHoliday(iso: string): boolean {
  const year = Number(iso.slice(0, 4));
  let holidays = holidayCache.get(year);
  if (!holidays) {
    holidays = new Set(nationalHolidays(year));
    holidayCache.set(year, holidays);
  }
  return holidays.has(iso);
}

const weekdayOf = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

/** Saturday, Sunday or a fixed-date national holiday: the tariffs' rest days (see the header). */
export function isTariffRestDay(iso: string): boolean {
  const weekday = weekdayOf(iso);
  return weekday === 0 || weekday === 6 || FIXED_HOLIDAYS.includes(iso.slice(5));
}

/** A clock-hour table: 24 entries, the period number (1..6) of each hour from 00-01 to 23-24. */
type HourTable = readonly number[];

/** Builds a 24-hour table from [fromHour, toHour, period] spans over a default period. */
function hours(fallback: number, spans: [from: number, to: number, period: number][]): HourTable {
  const table = Array.from({ length: 24 }, () => fallback);
  for (const [from, to, period] of spans) for (let h = from; h < to; h += 1) table[h] = period;
  return table;
}

const allDay = (period: number) => hours(period, []);

/** Weekday hours of a two-level day: 0-8 h `night`, 9-14 h and 18-22 h `peak`, the rest `shoulder`. */
const peakDay = (peak: number, shoulder: number, night: number) =>
  hours(shoulder, [
    [0, 8, night],
    [9, 14, peak],
    [18, 22, peak],
  ]);

// 3.0TD / 6.xTD weekdays by month: alta P1/P2, media alta P2/P3, media P3/P4, baja P4/P5; P6 at night.
const ALTA = peakDay(1, 2, 6);
const MEDIA_ALTA = peakDay(2, 3, 6);
const MEDIA = peakDay(3, 4, 6);
const BAJA = peakDay(4, 5, 6);
const SIX_PERIOD_MONTHS = [
  ALTA,
  ALTA,
  MEDIA_ALTA,
  BAJA,
  BAJA,
  MEDIA,
  ALTA,
  MEDIA,
  MEDIA,
  BAJA,
  MEDIA_ALTA,
  ALTA,
];

const TD_20_WORKDAY = hours(2, [
  [0, 8, 3],
  [10, 14, 1],
  [18, 22, 1],
]);

// 6.1A (RD 1164/2001) weekday tables by day type.
const A61 = {
  A: hours(2, [
    [0, 8, 6],
    [10, 13, 1],
    [18, 21, 1],
  ]),
  A1: hours(2, [
    [0, 8, 6],
    [11, 19, 1],
  ]),
  B: hours(4, [
    [0, 8, 6],
    [9, 15, 3],
  ]),
  B1: hours(4, [
    [0, 8, 6],
    [16, 22, 3],
  ]),
  C: hours(5, [[0, 8, 6]]),
};

function sixOneADay(month: number, day: number): HourTable {
  if (month === 8) return allDay(6);
  if (month === 12 || month <= 2) return A61.A;
  if (month === 7 || (month === 6 && day > 15)) return A61.A1;
  if (month === 3 || month === 11) return A61.B;
  if (month === 6 || month === 9) return A61.B1;
  return A61.C;
}

export interface TariffCalendar {
  /** How many energy periods the tariff bills. */
  periods: number;
  /** Names printed beside the codes, e.g. 'Punta' for 2.0TD's P1; empty where the tariff has none. */
  names: Partial<Record<PeriodCode, string>>;
  /** The period table (24 clock hours) of a local date. */
  day(iso: string): HourTable;
}

const SINGLE: TariffCalendar = { periods: 1, names: {}, day: () => allDay(1) };

const calendars: { test: (tariff: string) => boolean; calendar: TariffCalendar }[] = [
  {
    test: (t) => t === '2.0TD',
    calendar: {
      periods: 3,
      names: { P1: 'Punta', P2: 'Llano', P3: 'Valle' },
      day: (iso) => (isTariffRestDay(iso) ? allDay(3) : TD_20_WORKDAY),
    },
  },
  {
    test: (t) => /^(3\.0|6\.\d)TD/.test(t),
    calendar: {
      periods: 6,
      names: {},
      day: (iso) => (isTariffRestDay(iso) ? allDay(6) : SIX_PERIOD_MONTHS[Number(iso.slice(5, 7)) - 1]),
    },
  },
  {
    test: (t) => /^2\.[01]DHA$/.test(t),
    calendar: {
      periods: 2,
      names: { P1: 'Punta', P2: 'Valle' },
      day: (iso) => (madridDay(iso).offsetHours === 2 ? hours(2, [[13, 23, 1]]) : hours(2, [[12, 22, 1]])),
    },
  },
  {
    test: (t) => /^2\.[01]DHS$/.test(t),
    calendar: {
      periods: 3,
      names: { P1: 'Punta', P2: 'Valle', P3: 'Supervalle' },
      day: () =>
        hours(2, [
          [1, 7, 3],
          [13, 23, 1],
        ]),
    },
  },
  {
    test: (t) => t === '3.0A',
    calendar: {
      periods: 3,
      names: { P1: 'Punta', P2: 'Llano', P3: 'Valle' },
      day: (iso) =>
        madridDay(iso).offsetHours === 2
          ? hours(2, [
              [0, 8, 3],
              [11, 15, 1],
            ])
          : hours(2, [
              [0, 8, 3],
              [18, 22, 1],
            ]),
    },
  },
  {
    test: (t) => t === '3.1A',
    calendar: {
      periods: 3,
      names: { P1: 'Punta', P2: 'Llano', P3: 'Valle' },
      day: (iso) => {
        if (isTariffRestDay(iso)) return hours(2, [[0, 18, 3]]);
        return madridDay(iso).offsetHours === 2
          ? hours(2, [
              [0, 8, 3],
              [10, 16, 1],
            ])
          : hours(2, [
              [0, 8, 3],
              [17, 23, 1],
              [23, 24, 3],
            ]);
      },
    },
  },
  {
    test: (t) => t === '6.1A',
    calendar: {
      periods: 6,
      names: {},
      day: (iso) =>
        isTariffRestDay(iso) ? allDay(6) : sixOneADay(Number(iso.slice(5, 7)), Number(iso.slice(8, 10))),
    },
  },
];

/** The period calendar of an access tariff; tariffs without time discrimination (2.0A, 2.1A) bill one period. */
export function tariffCalendar(tariff: string): TariffCalendar {
  return calendars.find((entry) => entry.test(tariff))?.calendar ?? SINGLE;
}

/** The period codes a tariff bills, e.g. P1-P3 for 2.0TD. */
export function tariffPeriodCodes(tariff: string): PeriodCode[] {
  return PERIOD_CODES.slice(0, tariffCalendar(tariff).periods);
}

/** 'P1 Punta' for 2.0TD, 'P4' for 3.0TD: the period as printed and shown in legends. */
export function periodLabel(tariff: string, period: PeriodCode): string {
  const name = tariffCalendar(tariff).names[period];
  return name ? `${period} ${name}` : period;
}

/**
 * The period numbers (1..6) of a local date's clock hours (0..23): a loop over a day's hours reads them once a
 * day rather than once an hour (the scale seed bills a million months of hours, issue 30).
 */
export function dayPeriodNumbers(tariff: string, iso: string): readonly number[] {
  return tariffCalendar(tariff).day(iso);
}

/** The period of the hour starting at a clock hour (0..23) of a local date. */
export function periodAt(tariff: string, iso: string, clockHour: number): PeriodCode {
  return PERIOD_CODES[dayPeriodNumbers(tariff, iso)[clockHour] - 1];
}

/**
 * The period numbers (1..6) of many metered hours in date order, each day's table read once (hourPeriod per hour
 * reads it every hour, several times slower over a year of hours).
 */
export function hourPeriodNumbers(
  tariff: string,
  hours: readonly { date: string; hour: number }[],
): Uint8Array {
  const numbers = new Uint8Array(hours.length);
  let dayOf = '';
  let dayHours = 24;
  let table: readonly number[] = [];
  hours.forEach((hour, i) => {
    if (hour.date !== dayOf) {
      dayOf = hour.date;
      dayHours = madridDay(hour.date).hours;
      table = dayPeriodNumbers(tariff, hour.date);
    }
    numbers[i] = table[clockHour(dayHours, hour.hour - 1)];
  });
  return numbers;
}

/**
 * The period of a metered hour (1..23/24/25) of a local date; pass the day's length when it is known already,
 * as a loop over a day's hours does.
 */
export function hourPeriod(
  tariff: string,
  iso: string,
  hour: number,
  dayHours = madridDay(iso).hours,
): PeriodCode {
  return periodAt(tariff, iso, clockHour(dayHours, hour - 1));
}
