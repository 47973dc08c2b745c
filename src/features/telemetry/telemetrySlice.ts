import {
  createMeasurementQuerySlice,
  type MeasurementQueryState,
} from '@/shared/measurement/measurementQuerySlice';

// This slice's part of the store's state, for the typed hooks (see shared/store/appState.ts).
declare module '@/shared/store/appState' {
  interface AppState {
    telemetry: MeasurementQueryState;
  }
}

/** The range the telemetry screen shows (spec 02 §2.6). */
export const telemetrySlice = createMeasurementQuerySlice('telemetry');

export const { defaultQueryStarted, rangeChosen } = telemetrySlice.actions;

export const selectTelemetryRange = (state: { telemetry: MeasurementQueryState }) => state.telemetry;
