import type { SelectedProduct } from '@/shared/session/product';
import { asList, launchDateSpan } from './invoiceDisplay';
import {
  answeredPriceLimits,
  useProductChartInvoicesQuery,
  useProductInvoicesQuery,
  useProductPriceLimitsQuery,
  type ProductListArgs,
} from './invoicesApi';
import { queriedFilters, type InvoiceSearch } from './invoicesSlice';
import { useDefaultDates } from './useDefaultDates';

/**
 * The calls of Buscar Facturas for one product (spec 02 §2.1): its price limits, the page of invoices asked for
 * and, once there are invoices, the chart's; nothing until the screen's search belongs to this contract.
 */
export function useProductInvoices(product: SelectedProduct, search: InvoiceSearch) {
  const contractCode = product.codAbonado;
  const ready = search.contractCode === contractCode;
  const { filters, isDefaultQuery, pages } = search;
  const priceLimits = useProductPriceLimitsQuery({ line: product.line, contractCode }, { skip: !ready });

  const queried = queriedFilters(search);
  const args: ProductListArgs = {
    line: product.line,
    contractCode,
    isDefaultQuery,
    from: queried.from,
    to: queried.to,
    start: pages.simple,
    factura: filters.invoice,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
  };
  const list = useProductInvoicesQuery(args, { skip: !ready });
  const rows = list.isError ? [] : asList(list.data?.Invoices?.invoicesList);
  const count = Number(list.data?.Invoices?.total?.countInvoices ?? rows.length) || 0;
  // couldSeeChar is not shown in the spec: the ZIP and chart controls appear once there are invoices to show,
  // and stay (with the rows and the chart of the last answer) while the next page or search loads.
  const couldSeeChart = rows.length > 0;
  // Without the page: the chart covers the whole search, whichever page the table shows.
  const { start: _page, ...wholeSearch } = args;
  const chart = useProductChartInvoicesQuery(wholeSearch, { skip: !ready || !couldSeeChart });
  const chartRows = chart.data ? asList(chart.data.Invoices?.invoicesList) : rows;

  const defaultSpan =
    ready && isDefaultQuery && !list.isFetching ? launchDateSpan(rows.map((row) => row.fechaFactura)) : null;
  useDefaultDates('product', defaultSpan, filters, 'twelveMonths');

  return {
    limits: answeredPriceLimits(priceLimits),
    rows,
    count,
    couldSeeChart,
    chartRows,
    loading: !ready || list.isLoading,
    updating: list.isFetching || chart.isFetching,
    failed: list.isError,
    retry: () => void list.refetch(),
  };
}
