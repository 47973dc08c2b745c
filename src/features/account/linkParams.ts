import { useSearchParams } from 'react-router-dom';

/**
 * What the e-mailed links carry: a token (or confirmation code) and, for administrators, isAdministradorFinca=true,
 * which picks the realm the token belongs to (server/README.md, "Account flows").
 */
export function useLinkParams(tokenName = 'token'): { token: string; admin: boolean } {
  const [params] = useSearchParams();
  return { token: params.get(tokenName) ?? '', admin: params.get('isAdministradorFinca') === 'true' };
}

/** Full-page navigation, kept apart so tests can watch it (jsdom cannot navigate). */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** The user query parameter of /user-validation: URL-encoded base64 of the UTF-8 full name; null if unreadable. */
export function decodeUserName(value: string | null): string | null {
  if (!value) return null;
  try {
    const bytes = Uint8Array.from(atob(value.trim()), (character) => character.charCodeAt(0));
    const name = new TextDecoder('utf-8', { fatal: true }).decode(bytes).trim();
    return name || null;
  } catch {
    return null;
  }
}
