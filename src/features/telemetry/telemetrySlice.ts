import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '@/shared/api/session';

/**
 * The range the telemetry screen shows (ISO dates, converted to DD-MM-YYYY only for the call). The state the
 * spec names (loading, chart shown, none found) follows from this range's answer in the RTK Query cache.
 */
export interface TelemetryState {
  from: string | null;
  to: string | null;
}

// This slice's part of the store's state, for the typed hooks (see shared/store/appState.ts).
declare module '@/shared/store/appState' {
  interface AppState {
    telemetry: TelemetryState;
  }
}

export const initialTelemetryState: TelemetryState = { from: null, to: null };

export const telemetrySlice = createSlice({
  name: 'telemetry',
  initialState: initialTelemetryState,
  reducers: {
    rangeChosen(state, action: PayloadAction<{ from: string; to: string }>) {
      state.from = action.payload.from;
      state.to = action.payload.to;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialTelemetryState)
      .addCase(sessionExpired, () => initialTelemetryState);
  },
});

export const { rangeChosen } = telemetrySlice.actions;

export const selectTelemetryRange = (state: { telemetry: TelemetryState }) => state.telemetry;
