import {
  createMeasurementQuerySlice,
  type MeasurementQueryState,
} from '@/shared/measurement/measurementQuerySlice';

// This slice's part of the store's state, for the typed hooks (see shared/store/appState.ts).
declare module '@/shared/store/appState' {
  interface AppState {
    loadCurve: MeasurementQueryState;
  }
}

/** The load-curve query the screen shows (spec 02 §4); the call says whether it is the default query. */
export const loadCurveSlice = createMeasurementQuerySlice('loadCurve');

export const { defaultQueryStarted, rangeChosen } = loadCurveSlice.actions;

export const selectLoadCurveQuery = (state: { loadCurve: MeasurementQueryState }) => state.loadCurve;
