import { createApi } from '@reduxjs/toolkit/query/react';
import { ovBaseQuery } from './baseQuery';

/** The one RTK Query API of the SPA; each feature injects its endpoints (`xApi.ts`). */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: ovBaseQuery,
  endpoints: () => ({}),
});

interface ApiSliceState {
  queries: Record<string, { status: string } | undefined>;
  mutations: Record<string, { status: string } | undefined>;
}

/** True while any query or mutation is waiting for its answer (drives the global loading indicator). */
export function selectIsAnyRequestPending(state: { api: ApiSliceState }): boolean {
  const isPending = (entry: { status: string } | undefined) => entry?.status === 'pending';
  return (
    Object.values(state.api.queries).some(isPending) || Object.values(state.api.mutations).some(isPending)
  );
}
