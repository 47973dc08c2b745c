/**
 * Madrid's wall clock without Intl or moment: a year of hourly rows is labelled in a few milliseconds, where
 * Intl.DateTimeFormat took tens of milliseconds on the load curve's main thread. EU rule (since 1996): summer
 * time (UTC+2) from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October, else UTC+1.
 */

export function lastSundayOf(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return lastDay.getUTCDate() - lastDay.getUTCDay();
}

const HOUR = 3_600_000;
let summer = { year: NaN, from: 0, to: 0 };

/** Madrid's offset from UTC, in hours, at an instant (UTC milliseconds). */
export function madridOffsetHours(time: number): number {
  const year = new Date(time).getUTCFullYear();
  if (summer.year !== year) {
    summer = {
      year,
      from: Date.UTC(year, 2, lastSundayOf(year, 2), 1),
      to: Date.UTC(year, 9, lastSundayOf(year, 9), 1),
    };
  }
  return time >= summer.from && time < summer.to ? 2 : 1;
}

const two = (value: number) => (value < 10 ? `0${value}` : String(value));

/** An instant as Madrid's clock shows it, the way es-ES writes it: `25/10/2026, 02:00`. */
export function formatMadridTime(time: number): string {
  const local = new Date(time + madridOffsetHours(time) * HOUR);
  return (
    `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}, ` +
    `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`
  );
}

/**
 * The server's clock (issue 26): the reference server runs a demo clock that /dev/clock moves forward, and
 * every API answer says its time in `X-Server-Time`. Each screen's "today" (the latest selectable date, default
 * ranges, the explorer's last day) reads serverNow(), so it follows the server, not the browser's own clock.
 * Until an answer has come (or with a backend that does not send the header) it is the browser's clock.
 */
let serverOffsetMs = 0;

/** Records the server's time from an answer's `X-Server-Time` header; anything unreadable is ignored. */
export function noteServerTime(header: string | null | undefined, receivedAt = Date.now()): void {
  const time = header ? Date.parse(header) : NaN;
  if (Number.isFinite(time)) serverOffsetMs = time - receivedAt;
}

/** Now, as the server counts it. */
export const serverNow = (): Date => new Date(Date.now() + serverOffsetMs);
