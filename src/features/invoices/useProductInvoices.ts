import { useEffect } from 'react';
import type { SelectedProduct } from '@/shared/session/product';
import { useAppDispatch } from '@/shared/store/hooks';
import { asList } from './invoiceDisplay';
import {
  answeredPriceLimits,
  useProductChartInvoicesQuery,
  useProductInvoicesQuery,
  useProductPriceLimitsQuery,
} from './invoicesApi';
import type { InvoiceSearch } from './invoicesSlice';
import { openProductInvoices, productListArgs } from './invoicesThunks';

/**
 * The calls of Buscar Facturas for one product (spec 02 §2.1): its price limits, the page of invoices asked for
 * and, once there are invoices, the chart's; nothing until the screen's search belongs to this contract.
 */
export function useProductInvoices(product: SelectedProduct, search: InvoiceSearch) {
  const contractCode = product.codAbonado;
  const ready = search.contractCode === contractCode;
  const priceLimits = useProductPriceLimitsQuery({ line: product.line, contractCode }, { skip: !ready });

  const args = productListArgs(product, search);
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

  // The default query, then the dates it fills (invoicesThunks); after a failure, once Reintentar has answered.
  const dispatch = useAppDispatch();
  const failed = list.isError;
  const { line, cups } = product;
  useEffect(() => {
    if (ready && !failed) void dispatch(openProductInvoices({ line, cups, codAbonado: contractCode }));
  }, [dispatch, ready, failed, line, cups, contractCode]);

  return {
    limits: answeredPriceLimits(priceLimits),
    rows,
    count,
    couldSeeChart,
    chartRows,
    loading: !ready || list.isLoading,
    updating: list.isFetching || chart.isFetching,
    failed,
    retry: () => void list.refetch(),
  };
}
