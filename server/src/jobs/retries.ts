/** Tries of one unit (a contract's invoice) before it waits for an operator: /health shows it failed. */
export const MAX_UNIT_ATTEMPTS = 8;
const FIRST_RETRY_MS = 15 * 60_000;
const LONGEST_WAIT_MS = 12 * 60 * 60_000;

/** When a unit that failed `attempts` times is tried again: 15 min, doubling, at most 12 h. */
export const retryAt = (now: Date, attempts: number) =>
  new Date(now.getTime() + Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), LONGEST_WAIT_MS));

/**
 * Why a unit failed, for the log and job_runs: the error's class and code only. Messages may quote data (a
 * constraint's values, a CUPS), and the log must hold no personal data.
 */
export function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return 'Error';
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? `${error.name}:${code}` : error.name;
}
