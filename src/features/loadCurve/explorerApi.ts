import { baseApi } from '@/shared/api/baseApi';
import { toDashDate } from '@/shared/lib/dates';
import { deepFreeze } from '@/shared/lib/deepFreeze';
import type { ExplorerAnswer, ExplorerArgs } from './explorerTypes';

/** The consumption explorer's call (explorer-contract.md): dates as DD-MM-YYYY like the spec's curvas. */
export const explorerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    explore: build.query<ExplorerAnswer, ExplorerArgs>({
      query: ({ cups, contractCode, from, to, granularity, compare }) => ({
        url: '/ov/cups/api/curvas/explorar',
        params: {
          cups,
          contractCode,
          startDate: toDashDate(from),
          endDate: toDashDate(to),
          granularity,
          compare,
        },
      }),
      // A year by hour is 8,760 values a series: frozen before the store takes it (see deepFreeze).
      transformResponse: (answer: ExplorerAnswer) => deepFreeze(answer),
    }),
  }),
});

export const { useExploreQuery } = explorerApi;
