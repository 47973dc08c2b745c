import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '@/shared/api/session';

/**
 * The range a measurement screen shows (spec 02 §2.6, §4): the default query of the last 7 days on opening,
 * then the range the user picks. ISO dates, converted to DD-MM-YYYY only for the call; the answer and the
 * states the spec names (loading, chart shown, none found) stay in the RTK Query cache.
 */
export interface MeasurementQueryState {
  from: string | null;
  to: string | null;
  isDefaultQuery: boolean;
}

export const initialMeasurementQueryState: MeasurementQueryState = {
  from: null,
  to: null,
  isDefaultQuery: true,
};

/** The range the telemetry screen shows (spec 02 §2.6). */
export const telemetrySlice = createSlice({
  name: 'telemetry',
  initialState: initialMeasurementQueryState,
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
      .addCase(loggedOut, () => initialMeasurementQueryState)
      .addCase(sessionExpired, () => initialMeasurementQueryState);
  },
});

// These slices' parts of the store's state, for the typed hooks (see shared/store/appState.ts).
declare module '@/shared/store/appState' {
  interface AppState {
    telemetry: MeasurementQueryState;
  }
}
