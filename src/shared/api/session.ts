import { createAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';

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
  isAdministrador: boolean;
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
  goToLogin: () => window.location.assign('/login'),
  reload: () => window.location.reload(),
};

/**
 * Ends an expired session exactly once: isLeaving is set synchronously by the reducer, so the second of ten
 * concurrent 401s finds it set and does nothing. Clears the session, writes it, goes to /login and reloads.
 */
export function endExpiredSession(): ThunkAction<Promise<void>, StateWithSession, ThunkExtra, UnknownAction> {
  return async (dispatch, getState, extra) => {
    if (getState().auth.isLeaving) return;
    dispatch(sessionExpired());
    await extra.sessionEffects.flush();
    extra.sessionEffects.goToLogin();
    extra.sessionEffects.reload();
  };
}
