import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired, sessionRenewed } from '@/shared/api/session';
import type { AppState } from '@/shared/store/appState';

export interface UserProfile {
  username: string;
  ownercif: string;
  email: string;
  telephoneNumber: string;
  given_name: string;
  family_name: string;
  lastName: string;
}

export type AuthStatus = 'idle' | 'loading' | 'succeeded' | 'failed' | 'loggedOut';

export interface AuthState {
  accessToken: string | null;
  refreshToken: string | null;
  email: string | null;
  isAdministrador: boolean;
  profile: UserProfile | null;
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
  profile: null,
  isLeaving: false,
  status: 'idle',
  failureCode: null,
};

export interface LoggedInPayload {
  accessToken: string;
  refreshToken: string | null;
  email: string | null;
  isAdministrador: boolean;
}

const clearedSession = {
  accessToken: null,
  refreshToken: null,
  email: null,
  isAdministrador: false,
  profile: null,
  failureCode: null,
} satisfies Partial<AuthState>;

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    loginRequested(state) {
      state.status = 'loading';
      state.failureCode = null;
    },
    loginFailed(state, action: PayloadAction<number>) {
      state.status = 'failed';
      state.failureCode = action.payload;
    },
    /** The token is stored first (the profile call needs it); status stays loading until the profile is in. */
    loggedIn(state, action: PayloadAction<LoggedInPayload>) {
      Object.assign(state, action.payload);
      state.isLeaving = false;
    },
    profileLoaded(state, action: PayloadAction<UserProfile>) {
      state.profile = action.payload;
    },
    loginSucceeded(state) {
      state.status = 'succeeded';
    },
  },
  extraReducers: (builder) => {
    builder
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
      });
  },
});

export const { loginRequested, loginFailed, loggedIn, profileLoaded, loginSucceeded } = authSlice.actions;

export const selectAuth = (state: AppState) => state.auth;
export const selectIsSignedIn = (state: AppState) => Boolean(state.auth.accessToken);
export const selectIsAdministrador = (state: AppState) => state.auth.isAdministrador;
export const selectProfile = (state: AppState) => state.auth.profile;
export const selectSessionEmail = (state: AppState) => state.auth.email;
