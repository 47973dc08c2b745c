import { baseApi } from '@/shared/api/baseApi';
import { fetchAndSaveFile, type SavedFile } from '@/shared/api/fileDownload';
import type { Line } from '@/shared/session/product';
import { contractPdfFileName, invoicePdfFileName } from './contractsMessages';

/**
 * The home's two downloads, apart from contractsApi: the header's totals bring contractsApi to every page, /login
 * included, and these two would bring the contracts' messages and the file saving with it (issue 23: the JS a
 * visitor downloads before the login form is usable).
 */
const contractDownloadsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Saved inside the call, as Factura-{number as shown}.pdf (DECISIONS "Downloads").
    latestInvoicePdf: build.mutation<SavedFile, { pdf: string; numero: string }>({
      queryFn: ({ pdf, numero }, _api, _extra, baseQuery) =>
        fetchAndSaveFile(baseQuery, { url: pdf }, invoicePdfFileName(numero)),
    }),
    // Saved inside the call (Contrato-{id}.pdf), so no Blob ever reaches the store.
    contractPdf: build.mutation<SavedFile, { codAbonado: string; line: Line }>({
      queryFn: ({ codAbonado, line }, _api, _extra, baseQuery) =>
        fetchAndSaveFile(
          baseQuery,
          { url: `/ov/contracts/${encodeURIComponent(codAbonado)}`, params: { line, output: 'pdf' } },
          contractPdfFileName(codAbonado),
        ),
    }),
  }),
});

export const { useContractPdfMutation, useLatestInvoicePdfMutation } = contractDownloadsApi;
