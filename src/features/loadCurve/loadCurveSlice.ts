import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '@/shared/api/session';
import { todayIso } from '@/shared/lib/isoDates';
import type { AppState } from '@/shared/store/appState';
import type { ExplorerMode, ExplorerView, Granularity } from './explorerTypes';
import { defaultView, drillDown, drillUp, withGranularity } from './explorerView';

/**
 * The load-curve explorer's view as a small state machine: the range, scale, view (mode), comparison and table,
 * changed only by the actions below, each applied to the view the store holds at that moment, so two quick
 * changes never drop one another. `status` follows the calls of the current view: idle until the screen opens,
 * loading on every change, then ready or error for that view only (`revision` tells a late answer of an
 * earlier view from the current one). The URL is the shareable copy: read on opening, written after each change
 * (useExplorerUrl).
 */
type ExplorerStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface LoadCurveState {
  view: ExplorerView;
  /** No range asked for: the spec's default query of the opening screen (spec 02 §4). */
  isDefaultQuery: boolean;
  status: ExplorerStatus;
  /** Counts the view's changes; an answer settles the status only for the revision it was asked for. */
  revision: number;
}

export const initialLoadCurveState: LoadCurveState = {
  view: defaultView(),
  isDefaultQuery: true,
  status: 'idle',
  revision: 0,
};

// This slice's part of the store's state, for the typed hooks (see shared/store/appState.ts).
declare module '@/shared/store/appState' {
  interface AppState {
    loadCurve: LoadCurveState;
  }
}

/** Actions that depend on the day carry it, so the reducer stays pure. */
const onToday = <T>(payload: T) => ({ payload: { ...payload, today: todayIso() } });

const sameRange = (a: ExplorerView, b: ExplorerView) => a.from === b.from && a.to === b.to;

/** A new view: the default query only while the range is the opening one, and a new load unless only the table changed. */
function changed(state: LoadCurveState, next: ExplorerView, today: string) {
  const asksAgain = (Object.keys(next) as (keyof ExplorerView)[]).some(
    (key) => key !== 'table' && state.view[key] !== next[key],
  );
  state.isDefaultQuery = state.isDefaultQuery && sameRange(next, defaultView(today));
  state.view = next;
  if (asksAgain) {
    state.revision += 1;
    state.status = 'loading';
  }
}

export const loadCurveSlice = createSlice({
  name: 'loadCurve',
  initialState: initialLoadCurveState,
  reducers: {
    /** The screen opened, or back/forward moved, on the view its URL asks for. */
    explorerOpened(state, action: PayloadAction<{ view: ExplorerView; isDefaultQuery: boolean }>) {
      state.view = action.payload.view;
      state.isDefaultQuery = action.payload.isDefaultQuery;
      state.revision += 1;
      state.status = 'loading';
    },
    rangeChosen: {
      reducer(state, action: PayloadAction<{ from: string; to: string; today: string }>) {
        const { from, to, today } = action.payload;
        changed(state, { ...state.view, from, to }, today);
        state.isDefaultQuery = false;
      },
      prepare: (range: { from: string; to: string }) => onToday(range),
    },
    scaleChosen: {
      reducer(state, action: PayloadAction<{ granularity: Granularity; today: string }>) {
        const { granularity, today } = action.payload;
        changed(state, withGranularity(state.view, granularity, today), today);
      },
      prepare: (granularity: Granularity) => onToday({ granularity }),
    },
    modeChosen: {
      reducer(state, action: PayloadAction<{ mode: ExplorerMode; today: string }>) {
        changed(state, { ...state.view, mode: action.payload.mode }, action.payload.today);
      },
      prepare: (mode: ExplorerMode) => onToday({ mode }),
    },
    comparisonSet: {
      reducer(state, action: PayloadAction<{ compare: boolean; today: string }>) {
        changed(state, { ...state.view, compare: action.payload.compare }, action.payload.today);
      },
      prepare: (compare: boolean) => onToday({ compare }),
    },
    tableSet: {
      reducer(state, action: PayloadAction<{ table: boolean; today: string }>) {
        changed(state, { ...state.view, table: action.payload.table }, action.payload.today);
      },
      prepare: (table: boolean) => onToday({ table }),
    },
    /** A bar or a table row opened: its bucket one scale down. */
    drilledDown: {
      reducer(state, action: PayloadAction<{ date: string; today: string }>) {
        const next = drillDown(state.view, action.payload.date);
        if (next) changed(state, next, action.payload.today);
      },
      prepare: (date: string) => onToday({ date }),
    },
    /** Subir: one scale up around the range's first day. */
    drilledUp: {
      reducer(state, action: PayloadAction<{ today: string }>) {
        const next = drillUp(state.view, action.payload.today);
        if (next) changed(state, next, action.payload.today);
      },
      prepare: () => onToday({}),
    },
    /** The calls of a view answered; an earlier view's late answer changes nothing. */
    viewSettled(state, action: PayloadAction<{ revision: number; ok: boolean }>) {
      if (action.payload.revision !== state.revision) return;
      state.status = action.payload.ok ? 'ready' : 'error';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialLoadCurveState)
      .addCase(sessionExpired, () => initialLoadCurveState);
  },
});

export const {
  explorerOpened,
  rangeChosen,
  scaleChosen,
  modeChosen,
  comparisonSet,
  tableSet,
  drilledDown,
  drilledUp,
  viewSettled,
} = loadCurveSlice.actions;

export const selectExplorer = (state: AppState) => state.loadCurve;
