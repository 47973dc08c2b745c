import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';
import { pageCount } from '@/shared/lib/pager';
import type { Line } from '@/shared/session/product';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';

import { BulkLimitNotice } from './components/BulkLimitNotice';
import { ContractDetailModal } from './components/ContractDetailModal';
import { DateRangeFields } from './components/DateRangeFields';
import { ExportButtons } from './components/ExportButtons';
import { administratorColumns, listInvoiceKey, listInvoiceNumber } from './components/invoiceColumns';
import { InvoiceSection } from './components/InvoiceSection';
import { InvoiceTable } from './components/InvoiceTable';
import { amountChartOptions, invoiceAmountPoints } from './invoiceCharts';
import { asList, launchDateSpan, readInvoiceCounts } from './invoiceDisplay';
import { listInvoicePdf } from './invoiceDownloads';
import {
  bulkExportRequest,
  useFilterFullbillingQuery,
  useLazyContractDetailQuery,
  type AdminLine,
  type ExportFormat,
  type Invoice,
} from './invoicesApi';
import {
  CHART_AMOUNTS_TITLE,
  EXCEL_EXPORT_FAILED,
  INVOICES_TITLE,
  INVOICE_LIST,
  LABEL_CIF,
  LABEL_CONTRACT,
  LABEL_CUPS,
  LABEL_INVOICE_NUMBER,
  LABEL_LINE,
  LATEST_INVOICES,
  LINE_ALL,
  PDF_EXPORT_FAILED,
  SEARCH,
  TAB_ELECTRICITY,
  TAB_GAS,
  ZIP_EXPORT_FAILED,
  contractDetailFailed,
  resultsHeading,
} from './invoicesMessages';
import { brokenExportLimits, validateDateRange } from './invoiceSchemas';
import {
  pageChanged,
  queriedFilters,
  searchSubmitted,
  selectInvoiceSearch,
  type InvoiceFilters,
} from './invoicesSlice';
import { useDefaultDates } from './useDefaultDates';
import { useFileDownload } from './useFileDownload';
import './invoices.css';

const EXPORT_FAILURES: Record<ExportFormat, string> = {
  excel: EXCEL_EXPORT_FAILED,
  pdf: PDF_EXPORT_FAILED,
  zip: ZIP_EXPORT_FAILED,
};

const LINE_OPTIONS: { value: AdminLine; label: string }[] = [
  { value: 'Gas', label: TAB_GAS },
  { value: 'Electricidad', label: TAB_ELECTRICITY },
  { value: 'Todo', label: LINE_ALL },
];

type FilterValues = Pick<InvoiceFilters, 'line' | 'cif' | 'cups' | 'contract' | 'invoice' | 'from' | 'to'>;

const TEXT_FILTERS = [
  { name: 'cif', label: LABEL_CIF },
  { name: 'cups', label: LABEL_CUPS },
  { name: 'contract', label: LABEL_CONTRACT },
  { name: 'invoice', label: LABEL_INVOICE_NUMBER },
] as const;

/** /administrador-fincas: the invoices of every client the administrator manages (spec 02 §2.4). */
export default function AdminInvoicesPage() {
  const dispatch = useAppDispatch();
  const search = useAppSelector((state) => selectInvoiceSearch('administrator')(state));
  const { filters, isDefaultQuery, pages } = search;
  const { download, failure, pending } = useFileDownload();
  const [openContract, setOpenContract] = useState<{ code: string; line: Line } | null>(null);
  const [detailFailure, setDetailFailure] = useState<string | null>(null);
  const [fetchDetail, detail] = useLazyContractDetailQuery();

  const list = useFilterFullbillingQuery({ ...queriedFilters(search), isDefaultQuery, start: pages.simple });
  const rows = list.isError ? [] : asList(list.data?.Invoice);
  const counts = readInvoiceCounts(list.isError ? null : list.data?.Fullbilling?.total);

  const defaultSpan =
    isDefaultQuery && !list.isFetching ? launchDateSpan(rows.map((row) => row.launchDate)) : null;
  useDefaultDates('administrator', defaultSpan, filters, 'oneYear');

  // The administrator screen lists every line: its export limits count electricity plus gas (spec 02 §5).
  const exportLimits = brokenExportLimits(counts.overall, filters.from, filters.to);
  const downloadsDisabled = pending || openContract !== null;

  const initialValues = useMemo<FilterValues>(
    () => ({
      line: filters.line,
      cif: filters.cif,
      cups: filters.cups,
      contract: filters.contract,
      invoice: filters.invoice,
      from: filters.from,
      to: filters.to,
    }),
    [filters],
  );

  const toggleContract = async (invoice: Invoice) => {
    const code = invoice.contractCode;
    if (!code) return;
    setDetailFailure(null);
    if (openContract?.code === code) {
      setOpenContract(null);
      return;
    }
    setOpenContract({ code, line: invoice.line });
    const result = await fetchDetail({ contract: code, line: invoice.line }, true);
    if (result.isError || !result.data?.Contrato) {
      setOpenContract((current) => (current?.code === code ? null : current));
      setDetailFailure(contractDetailFailed(code));
    }
  };

  const shownDetail =
    openContract && !detail.isFetching && detail.originalArgs?.contract === openContract.code
      ? (detail.data?.Contrato ?? null)
      : null;

  const exportLine = (format: ExportFormat, line: string) => {
    const file = bulkExportRequest(format, line, { ...filters, isDefaultQuery });
    void download({ request: file, fileName: file.fileName, failureMessage: EXPORT_FAILURES[format] });
  };

  return (
    <section className="page invoices-page" aria-labelledby="admin-invoices-title">
      <h1 id="admin-invoices-title" className="page__title">
        {INVOICES_TITLE}
      </h1>
      <Formik
        initialValues={initialValues}
        enableReinitialize
        validate={(values) => validateDateRange(values, 'oneYear')}
        onSubmit={(values) =>
          void dispatch(searchSubmitted({ screen: 'administrator', filters: { ...filters, ...values } }))
        }
      >
        {({ values, handleChange }) => (
          <Form className="invoice-filters" noValidate aria-label="Filtros de facturas">
            <div className="field">
              <label className="field__label" htmlFor="admin-line">
                {LABEL_LINE}
              </label>
              <select
                id="admin-line"
                name="line"
                className="field__select"
                value={values.line}
                onChange={handleChange}
              >
                {LINE_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            {TEXT_FILTERS.map(({ name, label }) => (
              <div className="field" key={name}>
                <label className="field__label" htmlFor={`admin-${name}`}>
                  {label}
                </label>
                <input
                  id={`admin-${name}`}
                  name={name}
                  className="field__input"
                  value={values[name]}
                  onChange={handleChange}
                />
              </div>
            ))}
            <DateRangeFields idPrefix="admin" />
            <div className="invoice-filters__actions">
              <Button type="submit">{SEARCH}</Button>
            </div>
          </Form>
        )}
      </Formik>

      {detailFailure && <Notification kind="error">{detailFailure}</Notification>}
      {failure && <Notification kind="error">{failure}</Notification>}
      <BulkLimitNotice count={counts.overall} limits={exportLimits} />
      <ExportButtons
        lines={[
          { line: 'Electricidad', count: counts.electricity },
          { line: 'Gas', count: counts.gas },
        ]}
        limits={exportLimits}
        disabled={downloadsDisabled}
        onExport={exportLine}
      />

      <InvoiceSection
        id="admin-invoices"
        title={INVOICE_LIST}
        resultsText={isDefaultQuery ? LATEST_INVOICES : resultsHeading(counts.overall)}
        loading={list.isLoading}
        updating={list.isFetching}
        empty={rows.length === 0}
        page={pages.simple}
        totalPages={pageCount(counts.overall)}
        onPage={(page) => dispatch(pageChanged({ screen: 'administrator', page }))}
        chart={
          rows.length > 1
            ? {
                options: amountChartOptions(invoiceAmountPoints(rows), CHART_AMOUNTS_TITLE),
                title: CHART_AMOUNTS_TITLE,
              }
            : null
        }
      >
        <InvoiceTable
          caption={INVOICE_LIST}
          rows={rows}
          columns={administratorColumns({
            disabled: downloadsDisabled,
            onPdf: (invoice) => void download(listInvoicePdf(invoice, listInvoiceNumber(invoice))),
            onContract: (invoice) => void toggleContract(invoice),
            openContract: openContract?.code ?? null,
          })}
          rowKey={listInvoiceKey}
        />
      </InvoiceSection>

      {openContract && (
        <ContractDetailModal
          line={openContract.line}
          detail={shownDetail}
          onClose={() => setOpenContract(null)}
        />
      )}
    </section>
  );
}
