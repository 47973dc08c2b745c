import { useRef, type ReactNode } from 'react';
import { Pagination, useFocusAfterPageChange } from '@/shared/ui/Pagination';
import { Spinner } from '@/shared/ui/Spinner';
import { useFocusWhenSettled } from '@/shared/ui/useFocusWhenSettled';
import type { InvoiceChartModel } from '../invoiceCharts';
import { ErrorWithRetry } from '@/shared/ui/ErrorWithRetry';
import { formatListDate } from '@/shared/lib/dates';
import { CHARTS_TITLE, INVOICES_LOAD_FAILED, LATEST_INVOICES_NOTE, NO_INVOICES } from '../invoicesMessages';
import { InvoiceChart } from './InvoiceChart';

interface InvoiceSectionProps {
  id: string;
  title: string;
  /** Últimas 10 facturas, Resultados (n) or Resultados: N. */
  resultsText: string;
  /** The latest invoices of the default query: their launch dates, said under the results line. */
  latestSpan?: { from: string; to: string } | null;
  /** No answer yet: a spinner in place of the list. */
  loading: boolean;
  /** A page change or a search on its way: the last answer stays in place, marked busy. */
  updating?: boolean;
  empty: boolean;
  /** What the empty list says: by default that no invoice falls in the dates (a number search says otherwise). */
  emptyText?: string;
  /** The server failed: said as an error with Reintentar, not as an empty list. */
  failed?: boolean;
  onRetry?: () => void;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  chart: InvoiceChartModel | null;
  /** The number of searches sent from the screen's form: each new one moves the focus to this list's answer. */
  searchKey?: number;
  children: ReactNode;
}

/** One list of an invoice screen: its heading, results line, table, pager and chart under Gráficos. */
export function InvoiceSection({
  id,
  title,
  resultsText,
  latestSpan = null,
  loading,
  updating = false,
  empty,
  emptyText = NO_INVOICES,
  failed = false,
  onRetry,
  page,
  totalPages,
  onPage,
  chart,
  searchKey = 0,
  children,
}: InvoiceSectionProps) {
  const { targetRef: resultsRef, onPageChange } = useFocusAfterPageChange<HTMLHeadingElement>(page, onPage);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  useFocusWhenSettled(searchKey, loading || updating, () => resultsRef.current ?? emptyRef.current);
  return (
    <section
      className={`invoice-section${updating ? ' invoice-section--updating' : ''}`}
      aria-labelledby={`${id}-title`}
      aria-busy={updating}
    >
      <div className="invoice-section__head">
        <h2 id={`${id}-title`} className="invoice-section__title">
          {title}
        </h2>
        {updating && !loading && <Spinner />}
      </div>
      {loading ? (
        <div className="invoice-section__loading">
          <Spinner />
        </div>
      ) : failed && onRetry ? (
        <ErrorWithRetry onRetry={onRetry}>{INVOICES_LOAD_FAILED}</ErrorWithRetry>
      ) : empty ? (
        <p ref={emptyRef} className="invoice-section__empty" tabIndex={-1}>
          {emptyText}
        </p>
      ) : (
        <>
          <h3 ref={resultsRef} className="invoice-section__results" tabIndex={-1}>
            {resultsText}
          </h3>
          {children}
          <Pagination
            page={page}
            totalPages={totalPages}
            onChange={onPageChange}
            label={`Páginas de ${title.toLowerCase()}`}
            arrows
          />
          {/* Under the list, so the first invoice stays in the first screen (issue 24). */}
          {latestSpan && (
            <p className="invoice-section__note">
              {LATEST_INVOICES_NOTE(formatListDate(latestSpan.from), formatListDate(latestSpan.to))}
            </p>
          )}
          {chart && (
            <>
              <h3 className="invoice-section__charts">{CHARTS_TITLE}</h3>
              <InvoiceChart id={`${id}-chart`} chart={chart} />
            </>
          )}
        </>
      )}
    </section>
  );
}
