import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '@/shared/api/session';

export type LoadCurveStatus = 'idle' | 'loading' | 'shown' | 'none';

/** Date range of the screen as DD-MM-YYYY strings, the format its calls use (spec 02 §7). */
export interface LoadCurveState {
  status: LoadCurveStatus;
  from: string | null;
  to: string | null;
}

export const initialLoadCurveState: LoadCurveState = { status: 'idle', from: null, to: null };

export const loadCurveSlice = createSlice({
  name: 'loadCurve',
  initialState: initialLoadCurveState,
  reducers: {
    rangeChosen(state, action: PayloadAction<{ from: string; to: string }>) {
      state.from = action.payload.from;
      state.to = action.payload.to;
      state.status = 'loading';
    },
    measurementsShown(state, action: PayloadAction<boolean>) {
      state.status = action.payload ? 'shown' : 'none';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialLoadCurveState)
      .addCase(sessionExpired, () => initialLoadCurveState);
  },
});

export const { rangeChosen, measurementsShown } = loadCurveSlice.actions;
