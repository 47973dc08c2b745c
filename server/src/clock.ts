import { madridToday } from './measurements/madridTime';

/**
 * The server's one clock (DECISIONS "Time passes"): every business "now" and "today" of the server (the seed's
 * today, default ranges, the certificate's months, the explorer's last day, the latest selectable date, the
 * jobs) reads it. It is the machine's time plus an offset that only /dev/clock and `npm run jobs` move, outside
 * production. The offset lives in the database (server_settings, data/serverClock.ts), so every process on one
 * database keeps the same time: each loads it at start and again on every scheduler tick. Security times
 * (token expiry, sign-in limits, sessions) stay on the machine's time on purpose: a demo clock must never
 * lengthen or shorten a secret's life.
 */
let offsetMs = 0;

/** The server's current instant. */
export const serverNow = (): Date => new Date(Date.now() + offsetMs);

/** The server's today, Europe/Madrid, 'YYYY-MM-DD'. */
export const serverToday = (): string => madridToday(serverNow());

/** How far ahead of the machine's time the clock runs, in milliseconds (0 unless moved). */
export const clockOffsetMs = (): number => offsetMs;

/** Sets this process's view of the shared offset (as read from, or written to, the database). */
export function setClockOffsetMs(ms: number): void {
  offsetMs = Number.isFinite(ms) && ms > 0 ? ms : 0;
}
