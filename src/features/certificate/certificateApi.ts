import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { baseApi } from '@/shared/api/baseApi';
import { toDashDate } from '@/shared/lib/dates';
import { saveBlob } from '@/shared/lib/download';
import type { Line } from '@/shared/session/product';
import { certificateFileName } from './certificateMessages';

export interface CertificateArgs {
  line: Line;
  contractCode: string;
  /** ISO dates; sent as DD-MM-YYYY (spec 02 §5). */
  from: string;
  to: string;
}

export const TOO_SMALL_ERROR: FetchBaseQueryError = { status: 'CUSTOM_ERROR', error: 'TOO_SMALL' };

export const certificateApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The PDF is saved inside the call (files under 150 bytes count as failed), so no Blob reaches the store.
    consumptionCertificate: build.mutation<{ fileName: string }, CertificateArgs>({
      queryFn: async ({ line, contractCode, from, to }, _api, _extra, baseQuery) => {
        const result = await baseQuery({
          url: '/ov/contracts/api/consumptionsCertified',
          params: {
            line: line.toLowerCase(),
            contractCode,
            startDate: toDashDate(from),
            endDate: toDashDate(to),
          },
          responseHandler: (response) => response.blob(),
        });
        if (result.error) return { error: result.error };
        const fileName = certificateFileName(contractCode);
        return saveBlob(result.data as Blob, fileName) ? { data: { fileName } } : { error: TOO_SMALL_ERROR };
      },
    }),
  }),
});

export const { useConsumptionCertificateMutation } = certificateApi;
