import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { Link } from 'react-router-dom';
import { pathTo, routes } from '@/shared/config/routes';
import { pageCount } from '@/shared/lib/pager';
import { selectContractTotals, selectHasUnicasInvoices, type Line } from '@/shared/session/product';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';

import { amountChartOptions, invoiceAmountPoints } from '../invoiceCharts';
import { asList, isFlagSet, launchDateSpan, readInvoiceCounts } from '../invoiceDisplay';
import { listInvoicePdf } from '../invoiceDownloads';
import {
  FALLBACK_PRICE_LIMITS,
  bulkExportRequest,
  useFullbillingQuery,
  usePriceLimitsQuery,
  useSearchOneInvoiceQuery,
  useUnifiedGasInvoicesQuery,
  type ExportFormat,
  type FullbillingArgs,
  type Invoice,
} from '../invoicesApi';
import {
  BACK_HOME,
  CHART_AMOUNTS_TITLE,
  EXCEL_EXPORT_FAILED,
  LABEL_CONTRACT,
  LABEL_CUPS,
  LABEL_FIND_INVOICE,
  LABEL_INVOICE_NUMBER,
  LATEST_INVOICES,
  PDF_EXPORT_FAILED,
  SEARCH,
  SIMPLE_INVOICES,
  TAB_ELECTRICITY,
  TAB_GAS,
  UNIFIED_INVOICES,
  ZIP_EXPORT_FAILED,
  resultsColonHeading,
  resultsHeading,
} from '../invoicesMessages';
import { brokenExportLimits, validateDateRange, type RangeRule } from '../invoiceSchemas';
import {
  pageChanged,
  queriedFilters,
  searchSubmitted,
  selectInvoiceSearch,
  singleInvoiceSearchClosed,
  singleInvoiceSearched,
  type InvoiceFilters,
  type InvoiceSection as Section,
} from '../invoicesSlice';
import { useDefaultDates } from '../useDefaultDates';
import { useFileDownload } from '../useFileDownload';
import { AmountRangeField } from './AmountRangeField';
import { BulkLimitNotice } from './BulkLimitNotice';
import { DateRangeFields } from './DateRangeFields';
import { ExportButtons } from './ExportButtons';
import { listInvoiceKey, listInvoiceNumber, simpleColumns, unifiedColumns } from './invoiceColumns';
import { InvoiceSection } from './InvoiceSection';
import { InvoiceTable } from './InvoiceTable';
import '../invoices.css';

type Variant = 'electricity' | 'gas';

interface VariantSettings {
  line: Line;
  title: string;
  /** The other line, left out of this screen's lists (spec 02 §7 lineRemover). */
  otherLine: Line;
  rangeRule: RangeRule;
  results: (count: number) => string;
}

const VARIANTS: Record<Variant, VariantSettings> = {
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

const EXPORT_FAILURES: Record<ExportFormat, string> = {
  excel: EXCEL_EXPORT_FAILED,
  pdf: PDF_EXPORT_FAILED,
  zip: ZIP_EXPORT_FAILED,
};

type FilterValues = Pick<
  InvoiceFilters,
  'from' | 'to' | 'contract' | 'cups' | 'invoice' | 'minPrice' | 'maxPrice'
>;

const rowsOf = (answer: { Invoice?: Invoice | Invoice[] | null } | null | undefined) =>
  asList(answer?.Invoice);

/** /allinvoices and /allinvoices-gas: the same screen for each line (spec 02 §2.2, §2.3). */
export function AllInvoicesScreen({ variant }: { variant: Variant }) {
  const settings = VARIANTS[variant];
  const dispatch = useAppDispatch();
  const search = useAppSelector((state) => selectInvoiceSearch(variant)(state));
  const totals = useAppSelector((state) => selectContractTotals(state), shallowEqual);
  const hasUnicasInvoices = useAppSelector((state) => selectHasUnicasInvoices(state));
  const [findOne, setFindOne] = useState(search.singleInvoice !== null);
  const { download, failure, pending } = useFileDownload();

  const priceLimits = usePriceLimitsQuery();
  const limits = priceLimits.data ?? FALLBACK_PRICE_LIMITS;

  const { filters, isDefaultQuery, pages, singleInvoice } = search;
  const baseArgs: Omit<FullbillingArgs, 'start'> = {
    ...queriedFilters(search),
    isDefaultQuery,
    lineRemover: settings.otherLine,
    hasUnicasInvoices: hasUnicasInvoices ?? undefined,
  };
  const listing = singleInvoice === null;
  const simple = useFullbillingQuery(
    { ...baseArgs, findUnicas: false, start: pages.simple },
    { skip: !listing },
  );
  const unifiedElectricity = useFullbillingQuery(
    { ...baseArgs, findUnicas: true, start: pages.unified },
    { skip: !listing || variant !== 'electricity' },
  );
  const unifiedGas = useUnifiedGasInvoicesQuery(
    { ...baseArgs, start: pages.unified },
    { skip: !listing || variant !== 'gas' },
  );
  const unified = variant === 'gas' ? unifiedGas : unifiedElectricity;
  const single = useSearchOneInvoiceQuery(singleInvoice ?? '', { skip: listing });

  // 204 and any failure give the empty list with the no-invoices text (spec 02 §4).
  const singleRows = single.isError ? [] : rowsOf(single.data);
  const simpleRows = listing
    ? simple.isError
      ? []
      : rowsOf(simple.data)
    : singleRows.filter((row) => !isFlagSet(row.isUnica));
  const unifiedRows = listing
    ? unified.isError
      ? []
      : rowsOf(unified.data)
    : singleRows.filter((row) => isFlagSet(row.isUnica));
  const simpleCounts = readInvoiceCounts(simple.isError ? null : simple.data?.Fullbilling?.total);
  const unifiedCounts = readInvoiceCounts(unified.isError ? null : unified.data?.Fullbilling?.total);
  const simpleCount = listing ? simpleCounts.overall : simpleRows.length;
  const unifiedCount = listing ? unifiedCounts.overall : unifiedRows.length;
  // The electricity screen pages by the larger of its electricity and gas counts (spec 02 §9).
  const simplePages = listing
    ? Math.max(pageCount(simpleCounts.electricity), pageCount(simpleCounts.gas))
    : 1;
  const unifiedPages = listing
    ? Math.max(pageCount(unifiedCounts.electricity), pageCount(unifiedCounts.gas))
    : 1;

  const defaultSpan =
    isDefaultQuery && listing && !simple.isFetching && !unified.isFetching
      ? launchDateSpan([...simpleRows, ...unifiedRows].map((row) => row.launchDate))
      : null;
  useDefaultDates(variant, defaultSpan, filters, settings.rangeRule);

  const lineCount = simpleCount + unifiedCount;
  const exportLimits = brokenExportLimits(lineCount, filters.from, filters.to);

  const initialValues = useMemo<FilterValues>(
    () => ({
      from: filters.from,
      to: filters.to,
      contract: filters.contract,
      cups: filters.cups,
      invoice: filters.invoice,
      minPrice: filters.minPrice,
      maxPrice: filters.maxPrice,
    }),
    [filters],
  );

  const resultsText = (count: number) =>
    isDefaultQuery && listing ? LATEST_INVOICES : settings.results(count);
  const changePage = (section: Section) => (page: number) =>
    dispatch(pageChanged({ screen: variant, section, page }));
  const pdfOptions = {
    disabled: pending,
    onPdf: (invoice: Invoice) =>
      void download(listInvoicePdf(invoice, listInvoiceNumber(invoice), variant === 'gas')),
  };
  const chartFor = (rows: Invoice[], title: string) =>
    rows.length > 1 ? { options: amountChartOptions(invoiceAmountPoints(rows), title), title } : null;

  const exportLine = (format: ExportFormat, line: string) => {
    const file = bulkExportRequest(format, line, { ...filters, isDefaultQuery });
    void download({ request: file, fileName: file.fileName, failureMessage: EXPORT_FAILURES[format] });
  };

  return (
    <section className="page invoices-page" aria-labelledby="invoices-title">
      <nav className="invoice-tabs" aria-label="Líneas de facturas">
        {variant === 'gas' ? (
          <>
            <span className="invoice-tabs__tab invoice-tabs__tab--current" aria-current="page">
              {TAB_GAS}
            </span>
            {(totals.totalContractsElectricidad ?? 0) >= 1 && (
              <Link className="invoice-tabs__tab" to={pathTo('allInvoices')}>
                {TAB_ELECTRICITY}
              </Link>
            )}
          </>
        ) : (
          <>
            <span className="invoice-tabs__tab invoice-tabs__tab--current" aria-current="page">
              {TAB_ELECTRICITY}
            </span>
            {(totals.totalContractsGas ?? 0) >= 1 && (
              <Link className="invoice-tabs__tab" to={pathTo('allInvoicesGas')}>
                {TAB_GAS}
              </Link>
            )}
          </>
        )}
      </nav>
      <div className="invoices-page__head">
        <h1 id="invoices-title" className="page__title">
          {settings.title}
        </h1>
        {variant === 'gas' && (
          <Link className="invoices-page__back" to={pathTo('home')}>
            {BACK_HOME}
          </Link>
        )}
      </div>

      <div className="field field--checkbox invoice-filters__toggle">
        <input
          id={`${variant}-find-one`}
          type="checkbox"
          className="field__checkbox"
          checked={findOne}
          onChange={(event) => {
            setFindOne(event.target.checked);
            if (!event.target.checked) dispatch(singleInvoiceSearchClosed(variant));
          }}
        />
        <label htmlFor={`${variant}-find-one`}>{LABEL_FIND_INVOICE}</label>
      </div>

      {findOne ? (
        <Formik
          initialValues={{ invoice: singleInvoice ?? '' }}
          onSubmit={({ invoice }) => {
            if (invoice.trim()) dispatch(singleInvoiceSearched({ screen: variant, invoice: invoice.trim() }));
          }}
        >
          {({ values, handleChange }) => (
            <Form className="invoice-filters invoice-filters--single" aria-label={LABEL_FIND_INVOICE}>
              <div className="field">
                <label className="field__label" htmlFor={`${variant}-single-invoice`}>
                  {LABEL_INVOICE_NUMBER}
                </label>
                <input
                  id={`${variant}-single-invoice`}
                  name="invoice"
                  className="field__input"
                  value={values.invoice}
                  onChange={handleChange}
                />
              </div>
              <div className="invoice-filters__actions">
                <Button type="submit">{SEARCH}</Button>
              </div>
            </Form>
          )}
        </Formik>
      ) : (
        <Formik
          initialValues={initialValues}
          enableReinitialize
          validate={(values) => validateDateRange(values, settings.rangeRule)}
          onSubmit={(values) =>
            void dispatch(searchSubmitted({ screen: variant, filters: { ...filters, ...values } }))
          }
        >
          {({ values, handleChange }) => (
            <Form className="invoice-filters" noValidate aria-label="Filtros de facturas">
              <DateRangeFields idPrefix={variant} />
              {(['contract', 'cups', 'invoice'] as const).map((name) => (
                <div className="field" key={name}>
                  <label className="field__label" htmlFor={`${variant}-${name}`}>
                    {{ contract: LABEL_CONTRACT, cups: LABEL_CUPS, invoice: LABEL_INVOICE_NUMBER }[name]}
                  </label>
                  <input
                    id={`${variant}-${name}`}
                    name={name}
                    className="field__input"
                    value={values[name]}
                    onChange={handleChange}
                  />
                </div>
              ))}
              <AmountRangeField limits={limits} idPrefix={variant} />
              <div className="invoice-filters__actions">
                <Button type="submit">{SEARCH}</Button>
              </div>
            </Form>
          )}
        </Formik>
      )}

      {failure && <Notification kind="error">{failure}</Notification>}
      {listing && (
        <>
          <BulkLimitNotice count={lineCount} limits={exportLimits} />
          <ExportButtons
            lines={[{ line: settings.line, count: lineCount }]}
            limits={exportLimits}
            disabled={pending}
            onExport={exportLine}
          />
        </>
      )}

      <InvoiceSection
        id={`${variant}-simple`}
        title={SIMPLE_INVOICES}
        resultsText={resultsText(simpleCount)}
        loading={listing ? simple.isLoading : single.isLoading}
        updating={listing ? simple.isFetching : single.isFetching}
        empty={simpleRows.length === 0}
        page={pages.simple}
        totalPages={simplePages}
        onPage={changePage('simple')}
        chart={chartFor(simpleRows, `${CHART_AMOUNTS_TITLE}: ${SIMPLE_INVOICES}`)}
      >
        <InvoiceTable
          caption={SIMPLE_INVOICES}
          rows={simpleRows}
          columns={simpleColumns(pdfOptions)}
          rowKey={listInvoiceKey}
        />
      </InvoiceSection>
      <InvoiceSection
        id={`${variant}-unified`}
        title={UNIFIED_INVOICES}
        resultsText={resultsText(unifiedCount)}
        loading={listing ? unified.isLoading : single.isLoading}
        updating={listing ? unified.isFetching : single.isFetching}
        empty={unifiedRows.length === 0}
        page={pages.unified}
        totalPages={unifiedPages}
        onPage={changePage('unified')}
        chart={chartFor(unifiedRows, `${CHART_AMOUNTS_TITLE}: ${UNIFIED_INVOICES}`)}
      >
        <InvoiceTable
          caption={UNIFIED_INVOICES}
          rows={unifiedRows}
          columns={unifiedColumns(pdfOptions)}
          rowKey={listInvoiceKey}
        />
      </InvoiceSection>
    </section>
  );
}
