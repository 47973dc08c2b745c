import { createSlice } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired, sessionRenewed } from '@/shared/api/session';
import type { AppState } from '@/shared/store/appState';
import type { LoginAnswer, ProfileAnswer } from '@contract/user';
import { authApi } from './authApi';
import { login } from './authThunks';

export type AuthStatus = 'idle' | 'loading' | 'succeeded' | 'failed' | 'loggedOut';

export interface AuthState {
  accessToken: string | null;
  refreshToken: string | null;
  email: string | null;
  isAdministrador: boolean;
  /** A session of the retailer's staff (realm atencion, issue 27): it opens only the /atencion area. */
  isAtencion: boolean;
  profile: ProfileAnswer | null;
  isLeaving: boolean;
  /** Not persisted: the outcome of the last login attempt on this page. */
  status: AuthStatus;
  failureCode: number | null;
}

// This slice's part of the store's state, for the typed hooks (see shared/store/appState.ts).
declare module '@/shared/store/appState' {
  interface AppState {
    auth: AuthState;
  }
}

export const initialAuthState: AuthState = {
  accessToken: null,
  refreshToken: null,
  email: null,
  isAdministrador: false,
  isAtencion: false,
  profile: null,
  isLeaving: false,
  status: 'idle',
  failureCode: null,
};

/** The session a token answer opens; isAdministrador comes as a boolean or as its text. */
function sessionOf(answer: LoginAnswer, staff: boolean): Partial<AuthState> {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    email: answer.email ?? null,
    isAdministrador: !staff && String(answer.isAdministrador) === 'true',
    isAtencion: staff,
    isLeaving: false,
  };
}

const clearedSession = {
  accessToken: null,
  refreshToken: null,
  email: null,
  isAdministrador: false,
  isAtencion: false,
  profile: null,
  failureCode: null,
} satisfies Partial<AuthState>;

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(login.pending, (state) => {
        state.status = 'loading';
        state.failureCode = null;
      })
      .addCase(login.fulfilled, (state, action) => {
        if (action.payload) state.profile = action.payload;
        state.status = 'succeeded';
      })
      .addCase(login.rejected, (state, action) => {
        state.status = 'failed';
        // A thrown error (not an answer) has no code: it counts as no answer, as a network failure does.
        state.failureCode = action.payload ?? 470;
      })
      .addCase(loggedOut, (state) => ({ ...state, ...clearedSession, status: 'loggedOut' }))
      .addCase(sessionExpired, (state) => ({
        ...state,
        ...clearedSession,
        isLeaving: true,
        status: 'loggedOut',
      }))
      .addCase(sessionRenewed, (state, action) => {
        state.accessToken = action.payload.accessToken;
        state.refreshToken = action.payload.refreshToken;
      })
      // The token is stored first (the profile call needs it); status stays loading until the profile is in.
      .addMatcher(authApi.endpoints.privateToken.matchFulfilled, (state, action) => {
        Object.assign(state, sessionOf(action.payload, action.meta.arg.originalArgs.staff === true));
      });
  },
});

export const selectIsAdministrador = (state: AppState) => state.auth.isAdministrador;
export const selectProfile = (state: AppState) => state.auth.profile;
export const selectSessionEmail = (state: AppState) => state.auth.email;
