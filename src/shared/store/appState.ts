import { createAsyncThunk, type ThunkAction, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import type { baseApi } from '@/shared/api/baseApi';
import type { ThunkExtra } from '@/shared/api/session';

/**
 * The store's state as every layer sees it. Features may not import app/ (imports flow shared -> features
 * -> app), so the type cannot come from app/store.ts: each slice file adds its own key here by module
 * augmentation,
 *
 *   declare module '@/shared/store/appState' { interface AppState { auth: AuthState } }
 *
 * and app/store.ts builds its root reducer from a ReducersMapObject<AppState>, so a slice that is not in the
 * store, or a reducer that is not in this type, fails the type check. (The same idea as the LazyLoadedSlices
 * interface of RTK's code-splitting docs, without the laziness: every slice is in the store from the start.)
 */
export interface AppState {
  api: ReturnType<typeof baseApi.reducer>;
}

export type AppDispatch = ThunkDispatch<AppState, ThunkExtra, UnknownAction>;
export type AppThunk<R = void> = ThunkAction<R, AppState, ThunkExtra, UnknownAction>;

export const createAppAsyncThunk = createAsyncThunk.withTypes<{
  state: AppState;
  dispatch: AppDispatch;
  extra: ThunkExtra;
}>();
