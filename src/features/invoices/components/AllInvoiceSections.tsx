import { listAmountChart, pagedChartTitle } from '../invoiceCharts';
import { launchDateSpan } from '../invoiceDisplay';
import { CHART_AMOUNTS_TITLE, SIMPLE_INVOICES, UNIFIED_INVOICES } from '../invoicesMessages';
import type { InvoiceSection as Section } from '../invoicesSlice';
import type { ListedInvoices } from '../useAllInvoices';
import { listInvoiceNumber } from '../invoiceNumbers';
import {
  listInvoiceKey,
  SIMPLE_SUMMARY,
  simpleColumns,
  UNIFIED_SUMMARY,
  unifiedColumns,
  type PdfCellOptions,
} from './invoiceColumns';
import { InvoiceSection } from './InvoiceSection';
import { InvoiceTable } from './InvoiceTable';

const SECTIONS = [
  { section: 'simple', title: SIMPLE_INVOICES, columns: simpleColumns, summary: SIMPLE_SUMMARY },
  { section: 'unified', title: UNIFIED_INVOICES, columns: unifiedColumns, summary: UNIFIED_SUMMARY },
] as const;

interface AllInvoiceSectionsProps {
  idPrefix: string;
  lists: Record<Section, ListedInvoices>;
  pages: Record<Section, number>;
  resultsText: (count: number) => string;
  onPage: (section: Section, page: number) => void;
  pdfOptions: PdfCellOptions;
  /** See InvoiceSection: a search's answer takes the focus in the first list, Facturas Simples. */
  searchKey: number;
  emptyText?: string;
  /** The default query's lists are the latest invoices: each says which dates it spans. */
  latest?: boolean;
}

/** Facturas Simples, then Facturas Unificadas, each with its own pager and amounts chart (spec 02 §2.3). */
export function AllInvoiceSections({
  idPrefix,
  lists,
  pages,
  resultsText,
  onPage,
  pdfOptions,
  searchKey,
  emptyText,
  latest = false,
}: AllInvoiceSectionsProps) {
  return SECTIONS.map(({ section, title, columns, summary }, index) => (
    <InvoiceSection
      key={section}
      id={`${idPrefix}-${section}`}
      title={title}
      resultsText={resultsText(lists[section].count)}
      latestSpan={latest ? launchDateSpan(lists[section].rows.map((row) => row.launchDate)) : null}
      loading={lists[section].loading}
      updating={lists[section].updating}
      empty={lists[section].rows.length === 0}
      emptyText={emptyText}
      failed={lists[section].failed}
      onRetry={lists[section].retry}
      page={pages[section]}
      totalPages={lists[section].totalPages}
      onPage={(page) => onPage(section, page)}
      chart={listAmountChart(
        lists[section].rows,
        pagedChartTitle(`${CHART_AMOUNTS_TITLE}: ${title}`, pages[section], lists[section].totalPages),
      )}
      searchKey={index === 0 ? searchKey : undefined}
    >
      <InvoiceTable
        caption={title}
        rows={lists[section].rows}
        columns={columns(pdfOptions)}
        rowKey={listInvoiceKey}
        summary={summary}
        numberOf={listInvoiceNumber}
      />
    </InvoiceSection>
  ));
}
