/** Reads the `exp` claim (seconds) of a JWT without verifying it; null when the token cannot be read. */
export function readTokenExpiry(token: string | null | undefined): number | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const payload: unknown = JSON.parse(atob(padded));
    if (typeof payload !== 'object' || payload === null) return null;
    const exp = (payload as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/** A missing or unreadable token counts as expired (spec 01 §7). */
export function isTokenExpired(token: string | null | undefined, nowMs = Date.now()): boolean {
  const exp = readTokenExpiry(token);
  return exp === null || exp * 1000 <= nowMs;
}
