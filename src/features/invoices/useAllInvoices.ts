import type { InvoiceListAnswer } from '@contract/invoices';
import { routes } from '@/shared/config/routes';
import { pageCount } from '@/shared/lib/pager';
import type { Line } from '@/shared/session/product';
import { useEffect } from 'react';
import { useAppDispatch } from '@/shared/store/hooks';
import { asList, isFlagSet, readInvoiceCounts } from './invoiceDisplay';
import {
  useFullbillingQuery,
  useSearchOneInvoiceQuery,
  useUnifiedGasInvoicesQuery,
  type Invoice,
} from './invoicesApi';
import { resultsColonHeading, resultsHeading } from './invoicesMessages';
import type { RangeRule } from './invoiceSchemas';
import type { InvoiceSearch, InvoiceSection } from './invoicesSlice';
import { lineListArgs, openLineInvoices } from './invoicesThunks';

/** The two screens of all the customer's invoices, one per line. */
export type LineScreen = 'electricity' | 'gas';

/** One list of the screen as it shows it. */
export interface ListedInvoices {
  rows: Invoice[];
  count: number;
  totalPages: number;
  loading: boolean;
  updating: boolean;
  /** The server failed: the list says so with Reintentar, never the no-invoices text. */
  failed: boolean;
  retry: () => void;
}

interface ListQuery {
  data?: InvoiceListAnswer | null;
  isError: boolean;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

interface LineScreenSettings {
  line: Line;
  title: string;
  /** The other line, left out of this screen's lists (spec 02 §7 lineRemover). */
  otherLine: Line;
  rangeRule: RangeRule;
  results: (count: number) => string;
}

export const LINE_SCREENS: Record<LineScreen, LineScreenSettings> = {
  electricity: {
    line: 'Electricidad',
    title: routes.allInvoices.title,
    otherLine: 'Gas',
    rangeRule: 'oneMonth',
    results: resultsHeading,
  },
  gas: {
    line: 'Gas',
    title: routes.allInvoicesGas.title,
    otherLine: 'Electricidad',
    rangeRule: 'twelveMonths',
    results: resultsColonHeading,
  },
};

const rowsOf = (answer: InvoiceListAnswer | null | undefined) => asList(answer?.Invoice);

/**
 * The calls of /allinvoices and /allinvoices-gas: Facturas Simples and Facturas Unificadas, each paged on its
 * own, or the one invoice searched with Encontrar factura split between them.
 */
export function useAllInvoices(
  variant: LineScreen,
  search: InvoiceSearch,
  hasUnicasInvoices: boolean | null,
): Record<InvoiceSection, ListedInvoices> {
  const dispatch = useAppDispatch();
  const { singleInvoice } = search;
  const args = lineListArgs(search, LINE_SCREENS[variant].otherLine, hasUnicasInvoices);
  const listing = singleInvoice === null;
  const simple = useFullbillingQuery(args.simple, { skip: !listing });
  const unifiedElectricity = useFullbillingQuery(args.unified, {
    skip: !listing || variant !== 'electricity',
  });
  const unifiedGas = useUnifiedGasInvoicesQuery(args.unified, { skip: !listing || variant !== 'gas' });
  const unified = variant === 'gas' ? unifiedGas : unifiedElectricity;
  const single = useSearchOneInvoiceQuery(singleInvoice ?? '', { skip: listing });

  // 204 gives the empty list with the no-invoices text (spec 02 §4); a failure says it is one (issue 24).
  const singleRows = single.isError ? [] : rowsOf(single.data);
  const listed = (query: ListQuery, unica: boolean): ListedInvoices => {
    if (!listing) {
      const rows = singleRows.filter((row) => isFlagSet(row.isUnica) === unica);
      return {
        rows,
        count: rows.length,
        totalPages: 1,
        loading: single.isLoading,
        updating: single.isFetching,
        failed: single.isError,
        retry: () => void single.refetch(),
      };
    }
    const counts = readInvoiceCounts(query.isError ? null : query.data?.Fullbilling?.total);
    return {
      rows: query.isError ? [] : rowsOf(query.data),
      count: counts.overall,
      // The electricity screen pages by the larger of its electricity and gas counts (spec 02 §9).
      totalPages: Math.max(pageCount(counts.electricity), pageCount(counts.gas)),
      loading: query.isLoading,
      updating: query.isFetching,
      failed: query.isError,
      retry: () => void query.refetch(),
    };
  };
  // The default query, then the dates it fills (invoicesThunks); after a failure, once Reintentar has answered.
  const failed = simple.isError || unified.isError;
  useEffect(() => {
    if (!failed) void dispatch(openLineInvoices(variant, LINE_SCREENS[variant], hasUnicasInvoices));
  }, [dispatch, variant, hasUnicasInvoices, failed]);
  return { simple: listed(simple, false), unified: listed(unified, true) };
}
