import { createAction } from '@reduxjs/toolkit';
import { loginPathFor } from '@/shared/config/routes';

/**
 * Session events every session-holding slice reacts to. They live in shared so that each feature's slice can
 * clear itself without importing the auth feature.
 */
export const loggedOut = createAction('auth/loggedOut');
export const sessionExpired = createAction('auth/sessionExpired');

export interface RenewedSession {
  accessToken: string;
  refreshToken: string | null;
}

/**
 * The server ended the session and opened a new one for the same user (a password change on /admin): the
 * tokens are replaced, everything else of the session stays. In shared so the account feature can report it.
 */
export const sessionRenewed = createAction<RenewedSession>('auth/sessionRenewed');

/** What baseQuery needs to read from the store; the auth slice fulfils this contract. */
export interface SessionView {
  accessToken: string | null;
  refreshToken: string | null;
  isAdministrador: boolean;
  /** A session of the retailer's staff (realm atencion, issue 27). */
  isAtencion: boolean;
  isLeaving: boolean;
}

export interface StateWithSession {
  auth: SessionView;
}

/**
 * Browser side effects of ending a session. The app wires them to the persistor, the router and
 * window.location; tests pass spies so that nothing reloads jsdom.
 */
export interface SessionEffects {
  /** Writes the persisted session to localStorage now (redux-persist writes asynchronously otherwise). */
  flush(): Promise<void>;
  goToLogin(): void;
  reload(): void;
}

export interface ThunkExtra {
  sessionEffects: SessionEffects;
}

export const browserSessionEffects: SessionEffects = {
  flush: async () => undefined,
  goToLogin: () => window.location.assign(loginPathFor(window.location.pathname)),
  reload: () => window.location.reload(),
};
