import type { CupsMeAnswer } from '@contract/contracts';
import { baseApi } from '@/shared/api/baseApi';
import type { SupplyPoint } from './product';

export const contractLookupApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The supply point of one contract, for a contract screen opened without it in the session (a bookmark, a
     * link straight after signing in, a new tab): cupsMe filtered by the contract code, keeping the exact
     * match. Null when it is not the user's.
     */
    contractSupplyPoint: build.query<SupplyPoint | null, string>({
      query: (codAbonado) => ({ url: '/ov/cups/api/cupsMe', params: { contract: codAbonado } }),
      transformResponse: (answer: CupsMeAnswer | null, _meta, codAbonado) => {
        const select = answer?.cupsAsociados?.select;
        const points = !select ? [] : Array.isArray(select) ? select : [select];
        return points.find((point) => point.codAbonado === codAbonado) ?? null;
      },
    }),
  }),
});

export const { useContractSupplyPointQuery } = contractLookupApi;
