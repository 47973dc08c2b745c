/**
 * Hourly electricity measurements of a supply point, computed from a small stored profile instead of read
 * from ~26,000 stored rows per contract: every value is a pure function of (profile, local date, hour), so
 * the same hour always answers the same figures, on every machine and every day, and a year costs about a
 * millisecond to produce.
 *
 * Hours follow the Spanish metering convention: a local day (Europe/Madrid) has hours 1..N, N being 23 on
 * the last Sunday of March, 25 on the last Sunday of October and 24 otherwise; hour h covers the h-th
 * clock hour of the day, so the repeated 02:00-03:00 of October is hours 3 and 4.
 */

import { clockHour, DAY_MS, HOUR_MS, isoFromUtcDay, madridDay, parseIso, utcDayOf } from './madridTime';
import { isNationalHoliday } from './tariffPeriods';
import { nextTurn } from '../eventLoop';

export type ProfileKind = 'residencial' | 'terciario' | 'industrial';

export interface LoadProfile {
  kind: ProfileKind;
  /** Mean active power over a year, in kW. */
  meanKw: number;
  /** Peak power of on-site solar panels in kW (self-consumption); 0 when there are none. */
  solarKw: number;
  seed: number;
  /**
   * From this local date on the supply draws `stepFactor` times its usual power (a heat pump or a car charger
   * installed): the demo's unusual consumption and hours over the contracted power. Absent: no change.
   */
  stepFrom?: string | null;
  stepFactor?: number | null;
}

/** Every value the model reads of a profile: equal keys, equal hours (caches are keyed with it). */
export const profileKey = (profile: LoadProfile) =>
  `${profile.kind}|${profile.meanKw}|${profile.solarKw}|${profile.seed}|${profile.stepFrom ?? ''}|${profile.stepFactor ?? ''}`;

/** The factor the profile's step puts on a day's demand: 1 before it (or without one). */
export const stepOn = (profile: LoadProfile, iso: string) =>
  profile.stepFrom && profile.stepFactor && iso >= profile.stepFrom ? profile.stepFactor : 1;

export interface HourlyMeasurement {
  /** Local date 'YYYY-MM-DD'. */
  date: string;
  /** 1..23, 1..24 or 1..25 within the local day. */
  hour: number;
  /** Start of the hour, UTC milliseconds. */
  startsAt: number;
  /** Energy taken from the grid during the hour, kWh (= mean kW over the hour). */
  active: number;
  /** Reactive energy, kVArh. */
  reactive: number;
  /** Energy poured into the grid (self-consumption surplus), kWh. */
  surplus: number;
  /** The meter sent nothing for this day: the distributor's estimate stands in (about one day in 70). */
  estimated: boolean;
}

/** A uniform number in [0, 1) for (seed, a, b): a stateless hash, so any hour can be computed alone. */
export function unit(seed: number, a: number, b: number): number {
  let h = Math.imul(seed ^ Math.imul(a, 0x9e3779b1), 0x85ebca6b) ^ Math.imul(b + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

// Relative demand by clock hour (0 = 00:00-01:00). Homes: night trough, breakfast peak, evening peak at
// 20-22 h. Shops and offices: working hours. Industry: two shifts from 06 to 22 h.
const SHAPES: Record<ProfileKind, { workday: number[]; restday: number[] }> = {
  residencial: {
    workday: [
      0.5, 0.42, 0.37, 0.35, 0.35, 0.38, 0.55, 0.85, 1.0, 0.78, 0.66, 0.64, 0.7, 0.82, 0.88, 0.72, 0.66, 0.72,
      0.88, 1.1, 1.38, 1.5, 1.28, 0.86,
    ],
    restday: [
      0.56, 0.46, 0.4, 0.36, 0.35, 0.36, 0.4, 0.52, 0.74, 0.96, 1.02, 0.98, 1.04, 1.16, 1.1, 0.88, 0.78, 0.8,
      0.92, 1.1, 1.32, 1.42, 1.24, 0.92,
    ],
  },
  terciario: {
    workday: [
      0.3, 0.28, 0.28, 0.28, 0.29, 0.34, 0.55, 0.95, 1.3, 1.45, 1.5, 1.52, 1.48, 1.35, 1.32, 1.42, 1.45, 1.36,
      1.1, 0.78, 0.5, 0.38, 0.33, 0.31,
    ],
    restday: [
      0.28, 0.27, 0.27, 0.27, 0.27, 0.28, 0.3, 0.34, 0.4, 0.44, 0.46, 0.46, 0.45, 0.42, 0.4, 0.4, 0.4, 0.38,
      0.36, 0.33, 0.31, 0.3, 0.29, 0.28,
    ],
  },
  industrial: {
    workday: [
      0.62, 0.6, 0.6, 0.6, 0.62, 0.75, 1.25, 1.32, 1.35, 1.36, 1.36, 1.34, 1.3, 1.28, 1.3, 1.33, 1.34, 1.32,
      1.3, 1.26, 1.2, 1.08, 0.8, 0.66,
    ],
    restday: [
      0.5, 0.49, 0.49, 0.49, 0.49, 0.5, 0.52, 0.54, 0.55, 0.55, 0.55, 0.55, 0.54, 0.54, 0.54, 0.54, 0.54,
      0.54, 0.53, 0.52, 0.52, 0.51, 0.5, 0.5,
    ],
  },
};

// Winter heating and summer cooling weigh differently on each kind of consumer.
const SEASONALITY: Record<ProfileKind, { winter: number; summer: number }> = {
  residencial: { winter: 0.38, summer: 0.24 },
  terciario: { winter: 0.14, summer: 0.34 },
  industrial: { winter: 0.05, summer: 0.08 },
};

const REACTIVE_RATIO: Record<ProfileKind, number> = { residencial: 0.14, terciario: 0.28, industrial: 0.38 };

function dayOfYear(iso: string): number {
  const { year } = parseIso(iso);
  return utcDayOf(iso) - Date.UTC(year, 0, 1) / DAY_MS + 1;
}

function seasonFactor(kind: ProfileKind, doy: number): number {
  const winter = Math.max(0, Math.cos((2 * Math.PI * (doy - 15)) / 365.25)) ** 2;
  const summer = Math.max(0, Math.cos((2 * Math.PI * (doy - 205)) / 365.25)) ** 3;
  const { winter: w, summer: s } = SEASONALITY[kind];
  return 1 + w * winter + s * summer;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The measurements of one local day. */
export function dayMeasurements(profile: LoadProfile, iso: string): HourlyMeasurement[] {
  const { hours, midnight, offsetHours } = madridDay(iso);
  const dayNumber = utcDayOf(iso);
  const weekday = new Date(dayNumber * DAY_MS).getUTCDay();
  // On national holidays (Good Friday included) demand follows a Sunday.
  const isRestDay = weekday === 0 || weekday === 6 || isNationalHoliday(iso);
  const estimated = unit(profile.seed, dayNumber, 97) < 1 / 70;
  const shape = SHAPES[profile.kind][isRestDay ? 'restday' : 'workday'];
  const doy = dayOfYear(iso);
  const { month, day } = parseIso(iso);
  // Factories close for the middle of August.
  const august = profile.kind === 'industrial' && month === 8 && day >= 5 && day <= 25 ? 0.55 : 1;
  const dayLevel =
    profile.meanKw *
    seasonFactor(profile.kind, doy) *
    august *
    stepOn(profile, iso) *
    (0.9 + 0.2 * unit(profile.seed, dayNumber, 99));

  // Sun: day length from 9.3 h (December) to 14.7 h (June); solar noon about 13:15 in winter time.
  const solarNoon = 12.25 + offsetHours;
  const dayLength = 12 + 2.7 * Math.sin((2 * Math.PI * (doy - 80)) / 365.25);
  const clearness = Math.min(
    1,
    0.35 + 0.65 * unit(profile.seed, dayNumber, 98) + 0.25 * Math.sin((2 * Math.PI * (doy - 80)) / 365.25),
  );

  const result: HourlyMeasurement[] = [];
  for (let index = 0; index < hours; index += 1) {
    const clock = clockHour(hours, index);
    const load = dayLevel * shape[clock] * (0.88 + 0.24 * unit(profile.seed, dayNumber, index));
    let solar = 0;
    if (profile.solarKw > 0) {
      const position = (clock + 0.5 - (solarNoon - dayLength / 2)) / dayLength;
      if (position > 0 && position < 1)
        solar = profile.solarKw * clearness * Math.sin(Math.PI * position) ** 1.3;
    }
    const active = Math.max(0, load - solar);
    result.push({
      date: iso,
      hour: index + 1,
      startsAt: midnight + index * HOUR_MS,
      active: round3(active),
      reactive: round3(
        active * REACTIVE_RATIO[profile.kind] * (0.85 + 0.3 * unit(profile.seed, dayNumber, index + 50)),
      ),
      surplus: round3(Math.max(0, solar - load)),
      estimated,
    });
  }
  return result;
}

/** Every hour from `from` to `to` (local dates, inclusive), in order. */
export function measurementsBetween(profile: LoadProfile, from: string, to: string): HourlyMeasurement[] {
  const result: HourlyMeasurement[] = [];
  for (let day = utcDayOf(from), last = utcDayOf(to); day <= last; day += 1) {
    result.push(...dayMeasurements(profile, isoFromUtcDay(day)));
  }
  return result;
}

/** Days computed between two yields of measurementsInSlices: about a month, a few milliseconds. */
export const DAYS_PER_SLICE = 31;

/**
 * measurementsBetween in slices of a month, yielding the event loop between them: a year of hours took the
 * loop for hundreds of milliseconds at once on a busy machine, and every other customer's request waited
 * (issue 25, bench 15).
 */
export async function measurementsInSlices(
  profile: LoadProfile,
  from: string,
  to: string,
  /** Stops between slices (rejecting with its reason) once the client has gone away. */
  signal?: AbortSignal,
): Promise<HourlyMeasurement[]> {
  const result: HourlyMeasurement[] = [];
  for (let day = utcDayOf(from), last = utcDayOf(to); day <= last; day += DAYS_PER_SLICE) {
    signal?.throwIfAborted();
    const sliceEnd = Math.min(day + DAYS_PER_SLICE - 1, last);
    for (const hour of measurementsBetween(profile, isoFromUtcDay(day), isoFromUtcDay(sliceEnd)))
      result.push(hour);
    if (sliceEnd < last) await nextTurn();
  }
  return result;
}

/** A stable 32-bit seed from a contract code. */
export function seedFromCode(code: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < code.length; i += 1) h = Math.imul(h ^ code.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
