import type { Line, SelectedProduct } from '@/shared/session/product';
import type { AppThunk } from '@/shared/store/appState';
import { asList, launchDateSpan } from './invoiceDisplay';
import { invoicesApi, type AdminListArgs, type FullbillingArgs, type ProductListArgs } from './invoicesApi';
import { filledDates, type RangeRule } from './invoiceSchemas';
import { defaultDatesFound, queriedFilters, type InvoiceScreen, type InvoiceSearch } from './invoicesSlice';

/*
 * What an invoice screen asks in sequence (spec 02 §4): its default query (the latest invoices), then Desde and
 * Hasta filled from that answer's launch dates, which the next search sends. The thunks start the calls with
 * endpoint.initiate(), wait for them and record what the screen's search needs; the components read the same
 * cache entries through the generated hooks, built from the same arguments below.
 */

/** What a call started with endpoint.initiate() gives back: its answer when awaited, and a way to let go. */
interface Started<Data> extends PromiseLike<{ data?: Data; isError: boolean }> {
  unsubscribe(): void;
}

/** The answers of calls started together; the screen's hooks keep the cache entries, the thunk lets go. */
async function answersOf<Data>(requests: Started<Data>[]) {
  try {
    return await Promise.all(requests);
  } finally {
    requests.forEach((request) => request.unsubscribe());
  }
}

/** Only a screen still on its default query, with no date the person has filled, takes the answer's dates. */
const opensWithDefaults = (search: InvoiceSearch) =>
  search.isDefaultQuery && search.singleInvoice === null && !search.filters.from && !search.filters.to;

/** Desde and Hasta from the default answer's launch dates, within the screen's window. */
function defaultDatesOf(
  screen: InvoiceScreen,
  rule: RangeRule,
  dates: (string | null | undefined)[],
): AppThunk {
  return (dispatch) => {
    const span = launchDateSpan(dates);
    // The reducer still refuses them if a search was made while the answer was on its way (issue 24).
    if (span) dispatch(defaultDatesFound({ screen, ...filledDates(span, rule) }));
  };
}

/** The list calls of /allinvoices and /allinvoices-gas: simple and unified invoices, each paged on its own. */
export function lineListArgs(
  search: InvoiceSearch,
  otherLine: Line,
  hasUnicasInvoices: boolean | null,
): Record<'simple' | 'unified', FullbillingArgs> {
  const base: Omit<FullbillingArgs, 'start'> = {
    ...queriedFilters(search),
    isDefaultQuery: search.isDefaultQuery,
    lineRemover: otherLine,
    hasUnicasInvoices: hasUnicasInvoices ?? undefined,
  };
  return {
    simple: { ...base, findUnicas: false, start: search.pages.simple },
    unified: { ...base, findUnicas: true, start: search.pages.unified },
  };
}

/** The per-product list call (spec 02 §2.1). */
export function productListArgs(product: SelectedProduct, search: InvoiceSearch): ProductListArgs {
  const queried = queriedFilters(search);
  return {
    line: product.line,
    contractCode: product.codAbonado,
    isDefaultQuery: search.isDefaultQuery,
    from: queried.from,
    to: queried.to,
    start: search.pages.simple,
    factura: search.filters.invoice,
    minPrice: search.filters.minPrice,
    maxPrice: search.filters.maxPrice,
  };
}

/** The administrator's list call (spec 02 §2.4). */
export function adminListArgs(search: InvoiceSearch): AdminListArgs {
  return { ...queriedFilters(search), isDefaultQuery: search.isDefaultQuery, start: search.pages.simple };
}

/** /allinvoices and /allinvoices-gas: both lists' default query, then the dates of every invoice they show. */
export function openLineInvoices(
  screen: 'electricity' | 'gas',
  settings: { otherLine: Line; rangeRule: RangeRule },
  hasUnicasInvoices: boolean | null,
): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const search = getState().invoices.searches[screen];
    if (!opensWithDefaults(search)) return;
    const args = lineListArgs(search, settings.otherLine, hasUnicasInvoices);
    const { fullbilling, unifiedGasInvoices } = invoicesApi.endpoints;
    const answers = await answersOf([
      dispatch(fullbilling.initiate(args.simple)),
      dispatch(
        screen === 'gas' ? unifiedGasInvoices.initiate(args.unified) : fullbilling.initiate(args.unified),
      ),
    ]);
    const dates = answers.flatMap((answer) =>
      answer.isError ? [] : asList(answer.data?.Invoice).map((row) => row.launchDate),
    );
    dispatch(defaultDatesOf(screen, settings.rangeRule, dates));
  };
}

/** One product's screen: its default query, then the dates of its latest invoices. */
export function openProductInvoices(product: SelectedProduct): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const search = getState().invoices.searches.product;
    if (search.contractCode !== product.codAbonado || !opensWithDefaults(search)) return;
    const [answer] = await answersOf([
      dispatch(invoicesApi.endpoints.productInvoices.initiate(productListArgs(product, search))),
    ]);
    if (answer.isError) return;
    const dates = asList(answer.data?.Invoices?.invoicesList).map((row) => row.fechaFactura);
    dispatch(defaultDatesOf('product', 'twelveMonths', dates));
  };
}

/** The administrator's screen: its default query, then the dates of the latest invoices of its clients. */
export function openAdminInvoices(): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const search = getState().invoices.searches.administrator;
    if (!opensWithDefaults(search)) return;
    const [answer] = await answersOf([
      dispatch(invoicesApi.endpoints.filterFullbilling.initiate(adminListArgs(search))),
    ]);
    if (answer.isError) return;
    const dates = asList(answer.data?.Invoice).map((row) => row.launchDate);
    dispatch(defaultDatesOf('administrator', 'oneYear', dates));
  };
}
