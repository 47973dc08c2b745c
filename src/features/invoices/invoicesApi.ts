import { baseApi } from '@/shared/api/baseApi';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { toQueryDate } from '@/shared/lib/dates';
import { FILE_TOO_SMALL_ERROR, fetchAndSaveFile } from '@/shared/api/fileDownload';
import type { Line } from '@/shared/session/product';
import type { BillExplanation } from '@contract/billExplainer';
import type { CommunitiesAnswer } from '@contract/contracts';
import type {
  ContractDetailAnswer,
  InvoiceListAnswer,
  PriceLimitsAnswer,
  ProductInvoicesAnswer,
} from '@contract/invoices';

/** The answers' shapes are the contract's (server/src/contract/invoices.ts), shared with the server. */
export type { ContractDetail, Invoice, ProductInvoice } from '@contract/invoices';

/** Other backends name the price limits this way (DECISIONS "Lists and pagers"). */
interface OtherPriceLimits {
  invoiceMinImport?: number | string | null;
  invoiceMaxImport?: number | string | null;
}

export interface PriceLimits {
  min: number;
  max: number;
}

export const FALLBACK_PRICE_LIMITS: PriceLimits = { min: -10000, max: 10000 };

/**
 * The limits a screen shows: the answer, the fallback after a failure (spec 02 §8), and undefined while the
 * call is under way, so the fallback is never shown as if it were the answer (issue 14).
 */
export function answeredPriceLimits(query: {
  data?: PriceLimits;
  isError: boolean;
}): PriceLimits | undefined {
  return query.data ?? (query.isError ? FALLBACK_PRICE_LIMITS : undefined);
}

/** Reads either shape; anything unreadable falls back to -10000..10000 (spec 02 §8). */
export function readPriceLimits(
  answer: PriceLimitsAnswer | OtherPriceLimits | null | undefined,
): PriceLimits {
  const number = (value: unknown) =>
    value === null || value === undefined || value === '' ? NaN : Number(value);
  const [minValue, maxValue] =
    answer && 'minImportClientInvoice' in answer
      ? [answer.minImportClientInvoice, answer.maxImportClientInvoice]
      : [answer?.invoiceMinImport, answer?.invoiceMaxImport];
  const min = number(minValue);
  const max = number(maxValue);
  if (!Number.isFinite(min) || !Number.isFinite(max) || min >= max) return FALLBACK_PRICE_LIMITS;
  return { min: Math.floor(min), max: Math.ceil(max) };
}

/** The filters every list and bulk export shares; dates are ISO text ('' when empty). */
export interface InvoiceFilterArgs {
  from: string;
  to: string;
  contract?: string;
  cups?: string;
  invoice?: string;
  minPrice?: number | null;
  maxPrice?: number | null;
  isDefaultQuery: boolean;
}

export interface FullbillingArgs extends InvoiceFilterArgs {
  start: number;
  hasUnicasInvoices?: boolean;
  lineRemover?: Line;
  findUnicas?: boolean;
}

export type AdminLine = 'Electricidad' | 'Gas' | 'Todo';

export interface AdminListArgs extends InvoiceFilterArgs {
  line: AdminLine;
  cif: string;
  start: number;
}

export interface ProductListArgs {
  line: Line;
  contractCode: string;
  isDefaultQuery: boolean;
  from: string;
  to: string;
  start: number;
  factura?: string;
  minPrice?: number | null;
  maxPrice?: number | null;
}

type Params = Record<string, string | number | boolean>;

/** Drops empty filters so that the query string carries only what the user asked for. */
function compact(params: Record<string, string | number | boolean | null | undefined>): Params {
  const kept: Params = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    kept[key] = typeof value === 'string' ? value.trim() : value;
  }
  return kept;
}

export function filterParams(args: InvoiceFilterArgs): Params {
  return compact({
    startDate: toQueryDate(args.from),
    endDate: toQueryDate(args.to),
    contract: args.contract,
    cups: args.cups,
    invoice: args.invoice,
    minPrice: args.minPrice,
    maxPrice: args.maxPrice,
    isDefaultQuery: args.isDefaultQuery,
  });
}

/** The most invoices one call gives (the server's `limit` maximum). */
export const CHART_INVOICES = 50;

function productParams(args: ProductListArgs): Params {
  const base = { line: args.line, contractCode: args.contractCode, start: args.start, limit: 10 };
  if (args.isDefaultQuery) return compact({ ...base, defaultQuery: true });
  return compact({
    ...base,
    startDate: toQueryDate(args.from),
    endDate: toQueryDate(args.to),
    factura: args.factura,
    minPrice: args.minPrice,
    maxPrice: args.maxPrice,
  });
}

/** A file call of spec 02 §7. */
export interface FileRequest {
  url: string;
  params?: Params;
  headers?: Record<string, string>;
}

export type ExportFormat = 'excel' | 'pdf' | 'zip';

const EXPORT_PATHS: Record<ExportFormat, (line: string) => string> = {
  excel: (line) => `/ov/invoices/api/${encodeURIComponent(line)}`,
  pdf: (line) => `/ov/invoices/api/fullbilling/allinPDF/${encodeURIComponent(line)}`,
  zip: (line) => `/ov/invoices/api/fullbilling/allinRar/${encodeURIComponent(line)}`,
};

const EXPORT_EXTENSIONS: Record<ExportFormat, string> = { excel: 'xlsx', pdf: 'pdf', zip: 'rar' };

/** Bulk export of one line with the screen's filters: facturas {line}.xlsx / .pdf / .rar (DECISIONS). */
export function bulkExportRequest(
  format: ExportFormat,
  line: string,
  filters: InvoiceFilterArgs & { cif?: string; lineRemover?: Line },
): FileRequest & { fileName: string } {
  return {
    url: EXPORT_PATHS[format](line),
    params: { ...filterParams(filters), ...compact({ cif: filters.cif, line }) },
    headers: format === 'zip' ? { Accept: 'application/zip' } : undefined,
    fileName: `facturas ${line}.${EXPORT_EXTENSIONS[format]}`,
  };
}

/** An invoice's own Pdf path (relative to the realm base, already with a query string). */
export function invoicePdfRequest(pdfPath: string, cups?: string): FileRequest {
  const withCups = cups
    ? `${pdfPath}${pdfPath.includes('?') ? '&' : '?'}CUPS=${encodeURIComponent(cups)}`
    : pdfPath;
  return { url: withCups.startsWith('/') ? withCups : `/${withCups}` };
}

/** One unified invoice PDF (spec 02 §7 "contracts"). */
export function unifiedInvoiceRequest(series: string, number: string, line: string): FileRequest {
  return {
    url: '/ov/contracts/api/contracts',
    params: {
      numeroFactura: number,
      serieFactura: series,
      line,
      marca: getRuntimeConfig().brandCode,
      'Content-Type': 'pdf',
      base64: false,
    },
  };
}

export type ProformaKind = 'zip' | 'xlsx';

export function proformaRequest(
  kind: ProformaKind,
  series: string,
  number: string,
  line: string,
): FileRequest {
  return {
    url: kind === 'zip' ? '/ov/invoices/api/proforma' : '/ov/invoices/api/proformaDownload',
    headers: {
      Accept:
        kind === 'zip'
          ? 'application/zip'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      serieFactura: series,
      numeroFactura: number,
      linea: line,
      nombreMarca: getRuntimeConfig().brandCode,
    },
  };
}

/** Per-product archive of the invoices in the Desde-Hasta range. */
export function productZipRequest(args: {
  cups: string;
  line: Line;
  contractCode: string;
  from: string;
  to: string;
  factura?: string;
}): FileRequest {
  return {
    url: '/ov/contracts/api/contractCode/fullbilling',
    params: compact({
      CUPS: args.cups,
      line: args.line,
      contractCode: args.contractCode,
      startDate: toQueryDate(args.from),
      endDate: toQueryDate(args.to),
      factura: args.factura,
    }),
    headers: { Accept: 'application/zip' },
  };
}

export function consumptionExportRequest(args: {
  cups: string;
  line: Line;
  contractCode: string;
  from: string;
  to: string;
}): FileRequest {
  return {
    url: '/ov/consumptions/api/fullbilling',
    params: compact({
      contractCode: args.contractCode,
      cups: args.cups,
      line: args.line,
      startDate: toQueryDate(args.from),
      endDate: toQueryDate(args.to),
    }),
  };
}

export const invoicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    fullbilling: build.query<InvoiceListAnswer | null, FullbillingArgs>({
      query: (args) => ({
        url: '/ov/invoices/api/fullbilling',
        params: {
          ...filterParams(args),
          ...compact({
            start: args.start,
            hasUnicasInvoices: args.hasUnicasInvoices,
            lineRemover: args.lineRemover,
            findUnicas: args.findUnicas,
          }),
        },
      }),
    }),
    unifiedGasInvoices: build.query<InvoiceListAnswer | null, FullbillingArgs>({
      query: (args) => ({
        url: '/ov/invoices/api/fullbilling/unicas/gas',
        params: { ...filterParams(args), start: args.start },
      }),
    }),
    filterFullbilling: build.query<InvoiceListAnswer | null, AdminListArgs>({
      query: (args) => ({
        url: '/ov/invoices/api/filterfullbilling',
        params: {
          ...filterParams(args),
          ...compact({ line: args.line.toLowerCase(), cif: args.cif, start: args.start }),
        },
      }),
    }),
    // The administrator's communities to choose one from (server/docs/home-issues-api.md).
    communities: build.query<CommunitiesAnswer, void>({
      query: () => ({ url: '/ov/cups/api/communities' }),
    }),
    // "¿Por qué ha cambiado mi factura?" (server/docs/bill-explainer.md).
    billExplanation: build.query<BillExplanation, number>({
      query: (id) => ({ url: `/ov/invoices/api/explicacion/${id}` }),
    }),
    searchOneInvoice: build.query<InvoiceListAnswer | null, string>({
      query: (invoice) => ({ url: '/ov/invoices/api/searchOneInvoice', params: { invoice: invoice.trim() } }),
    }),
    priceLimits: build.query<PriceLimits, void>({
      query: () => ({ url: '/ov/invoices/api/getPriceMinAndMaxInvoice' }),
      transformResponse: (answer: PriceLimitsAnswer | null) => readPriceLimits(answer),
    }),
    productPriceLimits: build.query<PriceLimits, { line: Line; contractCode: string }>({
      query: ({ line, contractCode }) => ({
        url: '/ov/contracts/api/getPriceMinAndMaxInvoices',
        params: { line, contractCode },
      }),
      transformResponse: (answer: PriceLimitsAnswer | null) => readPriceLimits(answer),
    }),
    productInvoices: build.query<ProductInvoicesAnswer | null, ProductListArgs>({
      query: (args) => ({ url: '/ov/contracts/api/contractCode/invoices/', params: productParams(args) }),
    }),
    /**
     * The chart sums and ranks the whole search, not the page shown (issue 24): its first CHART_INVOICES
     * invoices, more than a 12-month search of one contract holds.
     */
    productChartInvoices: build.query<ProductInvoicesAnswer | null, Omit<ProductListArgs, 'start'>>({
      query: (args) => ({
        url: '/ov/contracts/api/contractCode/charts/invoices/',
        // The default answer is the latest 10, all on the list's one page; a search is charted whole.
        params: {
          ...productParams({ ...args, start: 1 }),
          ...(args.isDefaultQuery ? {} : { limit: CHART_INVOICES }),
        },
      }),
    }),
    contractDetail: build.query<ContractDetailAnswer | null, { contract: string; line: Line }>({
      query: ({ contract, line }) => ({
        url: '/ov/contracts/api/administrador-fincas',
        params: { codigoContrato: contract, line },
      }),
    }),
    /**
     * Fetches a file and saves it in one step, so the Blob never enters the store (it is not serializable);
     * the store only learns whether the file was saved. A file under the minimum size is not saved.
     */
    saveInvoiceFile: build.mutation<
      { saved: boolean },
      FileRequest & { fileName: string; minimumBytes: number }
    >({
      queryFn: async ({ url, params, headers, fileName, minimumBytes }, _api, _extra, baseQuery) => {
        const result = await fetchAndSaveFile(baseQuery, { url, params, headers }, fileName, minimumBytes);
        if ('error' in result && result.error !== FILE_TOO_SMALL_ERROR) return { error: result.error };
        return { data: { saved: 'data' in result } };
      },
    }),
  }),
});

export const {
  useBillExplanationQuery,
  useCommunitiesQuery,
  useFullbillingQuery,
  useUnifiedGasInvoicesQuery,
  useFilterFullbillingQuery,
  useSearchOneInvoiceQuery,
  usePriceLimitsQuery,
  useProductPriceLimitsQuery,
  useProductInvoicesQuery,
  useProductChartInvoicesQuery,
  useLazyContractDetailQuery,
  useSaveInvoiceFileMutation,
} = invoicesApi;
