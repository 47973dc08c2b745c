import { combineReducers, configureStore, type ReducersMapObject } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistStore,
  type Persistor,
} from 'redux-persist';
import type { PersistPartial } from 'redux-persist/es/persistReducer';
import { baseApi } from '@/shared/api/baseApi';
import { browserSessionEffects, type SessionEffects, type ThunkExtra } from '@/shared/api/session';
import type { AppState } from '@/shared/store/appState';
import { authSlice } from '@/features/auth/authSlice';
import { contractsSlice } from '@/features/contracts/contractsSlice';
import { issuesSlice } from '@/features/issues/issuesSlice';
import { invoicesSlice } from '@/features/invoices/invoicesSlice';
import { loadCurveSlice } from '@/features/loadCurve/loadCurveSlice';
import { telemetrySlice } from '@/shared/measurement/measurementQuerySlice';
import { persistSession } from './persist';

// Typed as the AppState the slices declare: a missing, extra or mistyped slice fails the type check.
const sliceReducers: ReducersMapObject<AppState> = {
  [baseApi.reducerPath]: baseApi.reducer,
  auth: authSlice.reducer,
  contracts: contractsSlice.reducer,
  issues: issuesSlice.reducer,
  invoices: invoicesSlice.reducer,
  loadCurve: loadCurveSlice.reducer,
  telemetry: telemetrySlice.reducer,
};

export const rootReducer = combineReducers(sliceReducers);

export type RootReducerState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  /** Browser effects of ending a session; the app passes the router's navigation, tests pass spies. */
  sessionEffects?: Partial<SessionEffects>;
}

export function makeStore(preloadedState?: Partial<RootReducerState>, options: StoreOptions = {}) {
  // Filled once the store exists: flushing needs the persistor, which needs the store.
  const persistence: { persistor?: Persistor } = {};
  const extra: ThunkExtra = {
    sessionEffects: {
      ...browserSessionEffects,
      flush: async () => {
        await persistence.persistor?.flush();
      },
      ...options.sessionEffects,
    },
  };
  const store = configureStore({
    reducer: persistSession(rootReducer),
    preloadedState: preloadedState as (RootReducerState & PersistPartial) | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(baseApi.middleware),
    // RTK Query's answers notify the screens a microtask after they land, not at the next animation frame: batched
    // to a frame, the home's first answers rendered together inside the frame's own layout and paint, one
    // task of 46–60 ms at 1x CPU; now each renders in its answer's task and the frame only lays out (bench/24).
    enhancers: (getDefaultEnhancers) => getDefaultEnhancers({ autoBatch: { type: 'tick' } }),
  });
  const persistor = persistStore(store);
  persistence.persistor = persistor;
  return Object.assign(store, { persistor });
}

export type AppStore = ReturnType<typeof makeStore>;
