import { baseApi } from '@/shared/api/baseApi';
import { fetchAndSaveFile, type SavedFile } from '@/shared/api/fileDownload';
import type { Line, SupplyPoint } from '@/shared/session/product';
import { contractPdfFileName, invoicePdfFileName } from './contractsMessages';
import type { ContractsPage } from './contractsSlice';

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

export interface CupsMeAnswer {
  /** A list, or a single object when exactly one supply point matches (as the retailer's API answers). */
  cupsAsociados?: { select?: SupplyPoint[] | SupplyPoint | null } | null;
  totalElectricidad?: number;
  totalGas?: number;
  contratos?: Partial<Record<Line, ContractsPage>> | null;
}

/** GET ov/home/api/summary (server/docs/home-issues-api.md): the newest invoice and 12 months billed. */
export interface HomeSummaryAnswer {
  latestInvoice: {
    numero: string;
    fecha: string;
    importe: number;
    line: Line;
    /** Empty for a unified invoice, which covers several supplies. */
    contractCode: string;
    supplies: number;
    pdf: string;
    /** Issued since the previous sign-in (the reference server; other backends may not say). */
    nueva?: boolean;
  } | null;
  consumption: { line: Line; months: { month: string; kwh: number }[]; totalKwh: number };
  /** Requests the retailer changed since the previous sign-in, newest first. */
  newRequests?: { id: number; asunto: string; estado: string }[];
}

export interface DebugLogEntry {
  event: string;
  /** Numbers and flags only: the log must not carry personal data. */
  details?: Record<string, number | boolean>;
}

export interface UnicaInvoicesAnswer {
  FacturasUnicas?: { Electricidad?: number | string; Gas?: number | string } | null;
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
    // Saved inside the call, as Factura-{number as shown}.pdf (DECISIONS "Downloads").
    latestInvoicePdf: build.mutation<SavedFile, { pdf: string; numero: string }>({
      queryFn: ({ pdf, numero }, _api, _extra, baseQuery) =>
        fetchAndSaveFile(baseQuery, { url: pdf }, invoicePdfFileName(numero)),
    }),
    unicaInvoicesAssociate: build.query<UnicaInvoicesAnswer, void>({
      query: () => ({ url: '/ov/invoices/api/isUnicaInvoicesAssociate' }),
    }),
    createDebugLog: build.mutation<unknown, DebugLogEntry>({
      query: (body) => ({ url: '/ov/cups/api/createdebuglog', method: 'POST', body }),
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

export const { useCupsMeQuery, useContractPdfMutation, useHomeSummaryQuery, useLatestInvoicePdfMutation } =
  contractsApi;
