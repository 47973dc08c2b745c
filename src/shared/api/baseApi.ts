import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { createOvBaseQuery } from './baseQuery';
import { loggedOut, sessionExpired, type StateWithSession, type ThunkExtra } from './session';

/** The one RTK Query API of the SPA; each feature injects its endpoints (`xApi.ts`). */
export const baseApi = createApi({
  reducerPath: 'api',
  // A closure: endSession (below) needs baseApi, so baseQuery cannot import it.
  baseQuery: createOvBaseQuery(() => endSession('expired')),
  endpoints: (build) => ({
    // Here rather than in the auth feature because endSession, which baseQuery also starts, calls it.
    logout: build.mutation<null, string>({
      query: (refreshToken) => ({
        url: '/ov/user/api/logout',
        method: 'POST',
        headers: { refresh_token: refreshToken },
      }),
    }),
  }),
});

/** The ways a session ends (spec 01 §4, §6, §7). */
export type SessionEndReason =
  /** baseQuery found the token expired or unreadable, or the server answered 401. */
  | 'expired'
  /** The user pressed "Cerrar sesión" (header, /admin). */
  | 'logout'
  /** The first CUPS load of this browser came back empty (the home logs it first). */
  | 'emptyFirstLoad'
  /** The home found the stored session marked as leaving. */
  | 'markedLeaving'
  /** A signed-in route found no token but other leftovers of a session (another tab, storage cleared). */
  | 'noToken';

interface SessionEnd {
  /** Does nothing when the session is already leaving: ten concurrent 401s end it once. */
  once: boolean;
  /** Tells the server first, so that the refresh token stops working. */
  serverLogout: boolean;
  /** sessionExpired also marks the session as leaving, so the login page says it expired; loggedOut does not. */
  event: typeof loggedOut | typeof sessionExpired;
  /** Drops every cached answer of the user. */
  resetCache: boolean;
  /** Writes the cleared session to localStorage now and goes to /login (the route guard redirects itself). */
  goToLogin: boolean;
  /** Reloads the page, so nothing of the old session stays in memory. */
  reload: boolean;
}

// Every difference between the ways a session ends, side by side.
const SESSION_ENDS: Record<SessionEndReason, SessionEnd> = {
  expired: {
    once: true,
    serverLogout: false,
    event: sessionExpired,
    resetCache: false,
    goToLogin: true,
    reload: true,
  },
  logout: {
    once: false,
    serverLogout: true,
    event: loggedOut,
    resetCache: true,
    goToLogin: true,
    reload: false,
  },
  emptyFirstLoad: {
    once: true,
    // Told to the server too, unlike an expiry: the session is live, and its refresh token would stay valid.
    serverLogout: true,
    event: sessionExpired,
    resetCache: false,
    goToLogin: true,
    reload: true,
  },
  markedLeaving: {
    once: false,
    serverLogout: false,
    event: sessionExpired,
    resetCache: false,
    goToLogin: true,
    reload: false,
  },
  noToken: {
    once: false,
    serverLogout: false,
    event: loggedOut,
    resetCache: false,
    goToLogin: false,
    reload: false,
  },
};

/**
 * Ends the session for `reason`, as SESSION_ENDS says. In shared, beside the API it calls, because baseQuery
 * (shared) starts it as well as the auth and contracts features; features and the app import it from here.
 */
export function endSession(
  reason: SessionEndReason,
): ThunkAction<Promise<void>, StateWithSession, ThunkExtra, UnknownAction> {
  return async (dispatch, getState, extra) => {
    const end = SESSION_ENDS[reason];
    const endedAlready = () => end.once && getState().auth.isLeaving;
    if (endedAlready()) return;
    const { refreshToken } = getState().auth;
    if (end.serverLogout && refreshToken) {
      const call = dispatch(baseApi.endpoints.logout.initiate(refreshToken));
      await call;
      call.reset();
      // A 401 may have ended the session while the server was being told.
      if (endedAlready()) return;
    }
    dispatch(end.event());
    if (end.resetCache) dispatch(baseApi.util.resetApiState());
    if (end.goToLogin) {
      await extra.sessionEffects.flush();
      extra.sessionEffects.goToLogin();
    }
    if (end.reload) extra.sessionEffects.reload();
  };
}

interface ApiSliceState {
  queries: Record<string, { status: string } | undefined>;
  mutations: Record<string, { status: string } | undefined>;
}

/** True while any query or mutation is waiting for its answer (drives the global loading indicator). */
export function selectIsAnyRequestPending(state: { api: ApiSliceState }): boolean {
  const isPending = (entry: { status: string } | undefined) => entry?.status === 'pending';
  return (
    Object.values(state.api.queries).some(isPending) || Object.values(state.api.mutations).some(isPending)
  );
}
