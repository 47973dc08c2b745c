import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '@/shared/api/session';

/**
 * The load-curve query the screen shows (spec 02 §4): the default query of the last 7 days on opening, then
 * the range the user picks. ISO dates, converted to DD-MM-YYYY only for the call; the answer stays in the
 * RTK Query cache.
 */
export interface LoadCurveState {
  from: string | null;
  to: string | null;
  isDefaultQuery: boolean;
}

// This slice's part of the store's state, for the typed hooks (see shared/store/appState.ts).
declare module '@/shared/store/appState' {
  interface AppState {
    loadCurve: LoadCurveState;
  }
}

export const initialLoadCurveState: LoadCurveState = { from: null, to: null, isDefaultQuery: true };

export const loadCurveSlice = createSlice({
  name: 'loadCurve',
  initialState: initialLoadCurveState,
  reducers: {
    defaultQueryStarted(state, action: PayloadAction<{ from: string; to: string }>) {
      state.from = action.payload.from;
      state.to = action.payload.to;
      state.isDefaultQuery = true;
    },
    rangeChosen(state, action: PayloadAction<{ from: string; to: string }>) {
      state.from = action.payload.from;
      state.to = action.payload.to;
      state.isDefaultQuery = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialLoadCurveState)
      .addCase(sessionExpired, () => initialLoadCurveState);
  },
});

export const { defaultQueryStarted, rangeChosen } = loadCurveSlice.actions;

export const selectLoadCurveQuery = (state: { loadCurve: LoadCurveState }) => state.loadCurve;
