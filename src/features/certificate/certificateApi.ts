import { baseApi } from '@/shared/api/baseApi';
import { toDashDate } from '@/shared/lib/dates';
import { fetchAndSaveFile, type SavedFile } from '@/shared/api/fileDownload';
import type { Line } from '@/shared/session/product';
import { certificateFileName } from './certificateMessages';

export interface CertificateArgs {
  line: Line;
  contractCode: string;
  /** ISO dates; sent as DD-MM-YYYY (spec 02 §5). */
  from: string;
  to: string;
}

export const certificateApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The PDF is saved inside the call (files under 150 bytes count as failed), so no Blob reaches the store.
    consumptionCertificate: build.mutation<SavedFile, CertificateArgs>({
      queryFn: ({ line, contractCode, from, to }, _api, _extra, baseQuery) =>
        fetchAndSaveFile(
          baseQuery,
          {
            url: '/ov/contracts/api/consumptionsCertified',
            params: {
              line: line.toLowerCase(),
              contractCode,
              startDate: toDashDate(from),
              endDate: toDashDate(to),
            },
          },
          certificateFileName(contractCode),
        ),
    }),
  }),
});
