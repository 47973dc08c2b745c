import { Form, Formik } from 'formik';
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { formatListDate } from '@/shared/lib/dates';
import { formatMoney } from '@/shared/lib/money';
import { pageCount } from '@/shared/lib/pager';
import { productForContract, type SelectedProduct } from '@/shared/session/product';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';

import { AmountRangeField } from './components/AmountRangeField';
import { BulkLimitNotice } from './components/BulkLimitNotice';
import { DateRangeFields } from './components/DateRangeFields';
import { InvoiceSection } from './components/InvoiceSection';
import { InvoiceTable, type InvoiceColumn } from './components/InvoiceTable';
import { amountChartOptions, consumptionChartOptions, productAmountPoints } from './invoiceCharts';
import {
  asList,
  formatKwh,
  hasProformas,
  invoiceNumberText,
  invoiceTypeText,
  isFlagSet,
  isVarios,
  launchDateSpan,
} from './invoiceDisplay';
import { productInvoicePdf, proformaDownload } from './invoiceDownloads';
import {
  FALLBACK_PRICE_LIMITS,
  consumptionExportRequest,
  productZipRequest,
  useProductChartInvoicesQuery,
  useProductInvoicesQuery,
  useProductPriceLimitsQuery,
  type ProductInvoice,
  type ProductListArgs,
} from './invoicesApi';
import {
  ADDITIONAL_INVOICES,
  ADDITIONAL_INVOICES_EMPTY,
  BACK_HOME,
  CHART_AMOUNTS,
  CHART_AMOUNTS_TITLE,
  CHART_CONSUMPTION,
  CHART_CONSUMPTION_TITLE,
  CHART_TYPE,
  COLUMN_CONSUMPTION,
  COLUMN_INVOICE,
  COLUMN_INVOICE_DATE,
  COLUMN_NUMBER,
  COLUMN_PERIOD,
  COLUMN_PROFORMA,
  COLUMN_TOTAL,
  COLUMN_TYPE,
  DOWNLOAD_PDF,
  DOWNLOAD_ZIP,
  EXPORT_CONSUMPTION,
  FILE_FAILED,
  INVOICES_TITLE,
  LABEL_CONTRACT_NUMBER,
  LABEL_CUPS,
  LABEL_INVOICE_NUMBER,
  LABEL_LINE,
  LATEST_INVOICES,
  MAX_MONTHS_HINT,
  PDF_NOT_AVAILABLE,
  PRODUCT_NOT_FOUND,
  PRODUCT_ZIP_FAILED,
  SEARCH,
  SEARCH_INVOICES_TITLE,
  VARIOS,
  pdfButtonLabel,
  proformaButtonLabel,
  resultsHeading,
  variosLinkLabel,
} from './invoicesMessages';
import { brokenExportLimits, exportBlocked, validateDateRange } from './invoiceSchemas';
import {
  chartChoiceChanged,
  pageChanged,
  productScreenOpened,
  queriedFilters,
  searchSubmitted,
  selectChartChoice,
  selectInvoiceSearch,
  type ChartChoice,
  type InvoiceFilters,
} from './invoicesSlice';
import { useDefaultDates } from './useDefaultDates';
import { useFileDownload } from './useFileDownload';
import './invoices.css';

type FilterValues = Pick<InvoiceFilters, 'from' | 'to' | 'invoice' | 'minPrice' | 'maxPrice'>;

const productNumber = (invoice: ProductInvoice) =>
  invoiceNumberText({
    series: invoice.serieFactura,
    number: invoice.factura ?? invoice.billNumber,
    unified: isFlagSet(invoice.isUnificada),
    unifiedSeries: invoice.serieFacturaUnica,
    unifiedNumber: invoice.numeroFacturaUnica,
  });

/** /invoices/:id Buscar Facturas: the invoices of one product (spec 02 §2.1). */
export default function InvoicesPage() {
  const { id = '' } = useParams();
  const product = useAppSelector((state) => productForContract(state, id));
  return (
    <section className="page invoices-page" aria-labelledby="product-invoices-title">
      <div className="invoices-page__head">
        <h1 id="product-invoices-title" className="page__title">
          {SEARCH_INVOICES_TITLE}
        </h1>
        <Link className="invoices-page__back" to={pathTo('home')}>
          {BACK_HOME}
        </Link>
      </div>
      {product ? (
        <ProductInvoices product={product} />
      ) : (
        <Notification kind="info">{PRODUCT_NOT_FOUND}</Notification>
      )}
    </section>
  );
}

function ProductInvoices({ product }: { product: SelectedProduct }) {
  const dispatch = useAppDispatch();
  const contractCode = product.codAbonado;
  const search = useAppSelector((state) => selectInvoiceSearch('product')(state));
  const chartChoice = useAppSelector((state) => selectChartChoice(state));
  const { download, failure, pending } = useFileDownload();

  useEffect(() => {
    dispatch(productScreenOpened(contractCode));
  }, [dispatch, contractCode]);

  const ready = search.contractCode === contractCode;
  const { filters, isDefaultQuery, pages } = search;
  const priceLimits = useProductPriceLimitsQuery({ line: product.line, contractCode }, { skip: !ready });
  const limits = priceLimits.data ?? FALLBACK_PRICE_LIMITS;

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
  const chart = useProductChartInvoicesQuery(args, { skip: !ready || !couldSeeChart });
  const chartRows = chart.data ? asList(chart.data.Invoices?.invoicesList) : rows;

  const defaultSpan =
    ready && isDefaultQuery && !list.isFetching ? launchDateSpan(rows.map((row) => row.fechaFactura)) : null;
  useDefaultDates('product', defaultSpan, filters, 'twelveMonths');

  const exportLimits = brokenExportLimits(count, filters.from, filters.to);
  const productFileArgs = {
    cups: product.cups,
    line: product.line,
    contractCode,
    from: filters.from,
    to: filters.to,
  };

  const initialValues = useMemo<FilterValues>(
    () => ({
      from: filters.from,
      to: filters.to,
      invoice: filters.invoice,
      minPrice: filters.minPrice,
      maxPrice: filters.maxPrice,
    }),
    [filters],
  );

  const downloadPdf = (invoice: ProductInvoice) => void download(productInvoicePdf(invoice, product.cups));
  const columns: InvoiceColumn<ProductInvoice>[] = [
    { key: 'type', header: COLUMN_TYPE, render: (invoice) => invoiceTypeText(invoice.isUnificada) },
    { key: 'number', header: COLUMN_NUMBER, render: productNumber },
    {
      key: 'date',
      header: COLUMN_INVOICE_DATE,
      render: (invoice) => formatListDate(invoice.fechaFactura),
    },
    {
      key: 'period',
      header: COLUMN_PERIOD,
      render: (invoice) =>
        isVarios(invoice.facturaCategoria) ? (
          isFlagSet(invoice.canDownload) ? (
            <Button
              variant="link"
              aria-label={variosLinkLabel(productNumber(invoice))}
              disabled={pending}
              onClick={() => downloadPdf(invoice)}
            >
              {VARIOS}
            </Button>
          ) : (
            VARIOS
          )
        ) : (
          `${formatListDate(invoice.periodoFacturacion?.desde)} - ${formatListDate(invoice.periodoFacturacion?.hasta)}`
        ),
    },
    {
      key: 'consumption',
      header: COLUMN_CONSUMPTION,
      numeric: true,
      render: (invoice) => formatKwh(invoice.TotalConsumoEnergiaActiva ?? invoice.consumoKwh),
    },
    {
      key: 'total',
      header: COLUMN_TOTAL,
      numeric: true,
      render: (invoice) => formatMoney(invoice.total?.importe),
    },
    {
      key: 'pdf',
      header: COLUMN_INVOICE,
      render: (invoice) =>
        isFlagSet(invoice.canDownload) ? (
          <Button
            variant="link"
            aria-label={pdfButtonLabel(productNumber(invoice))}
            disabled={pending}
            onClick={() => downloadPdf(invoice)}
          >
            {DOWNLOAD_PDF}
          </Button>
        ) : (
          <span className="muted">{PDF_NOT_AVAILABLE}</span>
        ),
    },
    {
      key: 'proforma',
      header: COLUMN_PROFORMA,
      render: (invoice) =>
        hasProformas(invoice.hasProformas) ? (
          <span className="proforma-downloads">
            {(['zip', 'xlsx'] as const).map((kind) => (
              <Button
                key={kind}
                variant="link"
                aria-label={`${proformaButtonLabel(productNumber(invoice))} (${kind.toUpperCase()})`}
                disabled={pending}
                onClick={() => void download(proformaDownload(invoice, kind, product.line))}
              >
                {kind.toUpperCase()}
              </Button>
            ))}
          </span>
        ) : (
          ''
        ),
    },
  ];

  const chartOptions =
    chartChoice === 'consumo'
      ? consumptionChartOptions(chartRows, product.line)
      : amountChartOptions(productAmountPoints(chartRows, product.line));

  return (
    <>
      <dl className="invoice-product">
        <div>
          <dt>{LABEL_LINE}</dt>
          <dd>{product.line}</dd>
        </div>
        <div>
          <dt>{LABEL_CUPS}</dt>
          <dd>{product.cups}</dd>
        </div>
        <div>
          <dt>{LABEL_CONTRACT_NUMBER}</dt>
          <dd>{contractCode}</dd>
        </div>
      </dl>

      <Formik
        initialValues={initialValues}
        enableReinitialize
        validate={(values) => validateDateRange(values, 'twelveMonths')}
        onSubmit={(values) =>
          void dispatch(searchSubmitted({ screen: 'product', filters: { ...filters, ...values } }))
        }
      >
        {({ values, handleChange }) => (
          <Form className="invoice-filters" noValidate aria-label="Filtros de facturas">
            <p className="invoice-filters__hint">{MAX_MONTHS_HINT}</p>
            <DateRangeFields idPrefix="product" />
            <div className="field">
              <label className="field__label" htmlFor="product-invoice">
                {LABEL_INVOICE_NUMBER}
              </label>
              <input
                id="product-invoice"
                name="invoice"
                className="field__input"
                value={values.invoice}
                onChange={handleChange}
              />
            </div>
            <AmountRangeField limits={limits} idPrefix="product" />
            <div className="invoice-filters__actions">
              <Button type="submit">{SEARCH}</Button>
            </div>
          </Form>
        )}
      </Formik>

      {failure && <Notification kind="error">{failure}</Notification>}
      {couldSeeChart && (
        <>
          <BulkLimitNotice count={count} limits={exportLimits} />
          <div className="invoice-toolbar">
            <Button
              variant="secondary"
              disabled={pending || exportBlocked('zip', exportLimits)}
              onClick={() =>
                void download({
                  request: productZipRequest({ ...productFileArgs, factura: filters.invoice }),
                  fileName: `facturas ${contractCode}.zip`,
                  failureMessage: PRODUCT_ZIP_FAILED,
                })
              }
            >
              {DOWNLOAD_ZIP}
            </Button>
            <Button
              variant="secondary"
              disabled={pending || exportBlocked('excel', exportLimits)}
              onClick={() =>
                void download({
                  request: consumptionExportRequest(productFileArgs),
                  fileName: `consumos ${product.line}.xlsx`,
                  failureMessage: FILE_FAILED,
                })
              }
            >
              {EXPORT_CONSUMPTION}
            </Button>
            <fieldset className="chart-choice">
              <legend>{CHART_TYPE}</legend>
              {(
                [
                  ['consumo', CHART_CONSUMPTION],
                  ['importes', CHART_AMOUNTS],
                ] as [ChartChoice, string][]
              ).map(([value, label]) => (
                <label key={value}>
                  <input
                    type="radio"
                    name="chart-choice"
                    value={value}
                    checked={chartChoice === value}
                    onChange={() => dispatch(chartChoiceChanged(value))}
                  />{' '}
                  {label}
                </label>
              ))}
            </fieldset>
          </div>
        </>
      )}

      <InvoiceSection
        id="product-invoices"
        title={INVOICES_TITLE}
        resultsText={isDefaultQuery ? LATEST_INVOICES : resultsHeading(count)}
        loading={!ready || list.isLoading}
        updating={list.isFetching || chart.isFetching}
        empty={rows.length === 0}
        page={pages.simple}
        totalPages={isDefaultQuery ? 1 : pageCount(count)}
        onPage={(page) => dispatch(pageChanged({ screen: 'product', page }))}
        chart={
          couldSeeChart
            ? {
                options: chartOptions,
                title: chartChoice === 'consumo' ? CHART_CONSUMPTION_TITLE : CHART_AMOUNTS_TITLE,
              }
            : null
        }
      >
        <InvoiceTable
          caption={INVOICES_TITLE}
          rows={rows}
          columns={columns}
          rowKey={(invoice, index) => `${invoice.id ?? productNumber(invoice)}-${index}`}
        />
      </InvoiceSection>

      <section className="invoice-section" aria-labelledby="additional-invoices-title">
        <h2 id="additional-invoices-title" className="invoice-section__title">
          {ADDITIONAL_INVOICES}
        </h2>
        <p className="muted">{ADDITIONAL_INVOICES_EMPTY}</p>
      </section>
    </>
  );
}
