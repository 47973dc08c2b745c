import type { CupsMeAnswer, HomeSummaryAnswer } from '@contract/contracts';
import type { UnifiedCountsAnswer } from '@contract/invoices';
import { baseApi } from '@/shared/api/baseApi';

/**
 * Query of GET ov/cups/api/cupsMe; empty filters are left out, starts are row indexes (0, 10, 20…). Without
 * starts the answer's select lists every matching supply point; with them, only those of the rows returned.
 */
export interface CupsMeArgs {
  cups: string;
  contract: string;
  startPaginationElectricidad: number;
  startPaginationGas: number;
}

export type { CupsMeAnswer, HomeSummaryAnswer };

export interface DebugLogEntry {
  event: string;
  /** Numbers and flags only: the log must not carry personal data. */
  details?: Record<string, number | boolean>;
}

/** First pages of both tables go without paging parameters, so the answer carries the whole CUPS list. */
export function isPagedLoad(args: CupsMeArgs): boolean {
  return args.startPaginationElectricidad > 0 || args.startPaginationGas > 0;
}

export function cupsMeParams(args: CupsMeArgs): Record<string, string | number> {
  return {
    ...(args.cups.trim() ? { cups: args.cups.trim() } : {}),
    ...(args.contract.trim() ? { contract: args.contract.trim() } : {}),
    ...(isPagedLoad(args)
      ? {
          startPaginationElectricidad: args.startPaginationElectricidad,
          startPaginationGas: args.startPaginationGas,
        }
      : {}),
  };
}

export const contractsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    cupsMe: build.query<CupsMeAnswer, CupsMeArgs>({
      query: (args) => ({ url: '/ov/cups/api/cupsMe', params: cupsMeParams(args) }),
    }),
    homeSummary: build.query<HomeSummaryAnswer, void>({
      query: () => ({ url: '/ov/home/api/summary' }),
    }),
    unicaInvoicesAssociate: build.query<UnifiedCountsAnswer, void>({
      query: () => ({ url: '/ov/invoices/api/isUnicaInvoicesAssociate' }),
    }),
    createDebugLog: build.mutation<unknown, DebugLogEntry>({
      query: (body) => ({ url: '/ov/cups/api/createdebuglog', method: 'POST', body }),
    }),
  }),
});

export const { useCupsMeQuery, useHomeSummaryQuery } = contractsApi;
