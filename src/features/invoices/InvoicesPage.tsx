import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { pageCount } from '@/shared/lib/pager';
import { ContractLookupNotice } from '@/shared/session/ContractLookupNotice';
import type { SelectedProduct } from '@/shared/session/product';
import { useContractProduct } from '@/shared/session/useContractProduct';
import { Notification } from '@/shared/ui/Notification';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';

import { AmountRangeField } from './components/AmountRangeField';
import { BulkLimitNotice } from './components/BulkLimitNotice';
import { DateRangeFields } from './components/DateRangeFields';
import { InvoiceFilterForm, TextFilters } from './components/InvoiceFilterForm';
import { InvoiceSection } from './components/InvoiceSection';
import { InvoiceTable } from './components/InvoiceTable';
import { productInvoiceNumber } from './invoiceNumbers';
import { activeFilters } from './activeFilters';
import { FilterFold } from './components/FilterFold';
import { PRODUCT_SUMMARY, productColumns, productInvoiceKey } from './components/productColumns';
import { ProductFacts } from './components/ProductFacts';
import { ProductToolbar } from './components/ProductToolbar';
import { productChart } from './invoiceCharts';
import { launchDateSpan } from './invoiceDisplay';
import { productInvoicePdf, proformaDownload } from './invoiceDownloads';
import {
  ADDITIONAL_INVOICES,
  ADDITIONAL_INVOICES_EMPTY,
  INVOICES_TITLE,
  LATEST_INVOICES,
  MAX_MONTHS_HINT,
  PRODUCT_NOT_FOUND,
  SEARCH_INVOICES_TITLE,
  resultsHeading,
} from './invoicesMessages';
import { brokenExportLimits } from './invoiceSchemas';
import {
  chartChoiceChanged,
  pageChanged,
  productScreenOpened,
  searchSubmitted,
  selectChartChoice,
  selectInvoiceSearch,
} from './invoicesSlice';
import { useFileDownload } from './useFileDownload';
import { useProductInvoices } from './useProductInvoices';
import './invoices.css';
import { Page } from '@/shared/ui/Page';

const FILTER_NAMES = ['invoice', 'minPrice', 'maxPrice'] as const;

/** /invoices/:id Buscar Facturas: the invoices of one product (spec 02 §2.1). */
export default function InvoicesPage() {
  const { id = '' } = useParams();
  const { product, looking, error } = useContractProduct(id);
  return (
    <Page
      className="invoices-page"
      titleId="product-invoices-page-title"
      title={SEARCH_INVOICES_TITLE}
      back={pathTo('home')}
      // Beside the title, so the list starts higher on a laptop's screen (issue 24 "Phones").
      aside={(product || looking) && <ProductFacts product={product ?? undefined} />}
    >
      {product ? (
        <ProductInvoices product={product} />
      ) : (
        <ContractLookupNotice looking={looking} error={error} notFound={PRODUCT_NOT_FOUND} />
      )}
    </Page>
  );
}

/** The product's facts, filters, files and invoices, once the product is known. */
function ProductInvoices({ product }: { product: SelectedProduct }) {
  const dispatch = useAppDispatch();
  const search = useAppSelector((state) => selectInvoiceSearch('product')(state));
  const chartChoice = useAppSelector((state) => selectChartChoice(state));
  const { download, failure, pending } = useFileDownload();
  const [searches, setSearches] = useState(0);

  useEffect(() => {
    dispatch(productScreenOpened(product.codAbonado));
  }, [dispatch, product.codAbonado]);

  const { filters, isDefaultQuery, pages } = search;
  const invoices = useProductInvoices(product, search);
  const { rows, count, couldSeeChart, chartRows } = invoices;
  const exportLimits = brokenExportLimits(count, filters.from, filters.to);

  const columns = productColumns({
    disabled: pending,
    onPdf: (invoice) => void download(productInvoicePdf(invoice, product.cups)),
    onProforma: (invoice, kind) => void download(proformaDownload(invoice, kind, product.line)),
  });

  return (
    <>
      <FilterFold id="product" active={activeFilters(filters, FILTER_NAMES)}>
        <InvoiceFilterForm
          // Another contract is another search: its form starts afresh, whatever was typed for the last one.
          key={product.codAbonado}
          filters={filters}
          names={FILTER_NAMES}
          rangeRule="twelveMonths"
          onSearch={(values) => {
            setSearches((count) => count + 1);
            dispatch(searchSubmitted({ screen: 'product', filters: { ...filters, ...values } }));
          }}
        >
          <p className="invoice-filters__hint">{MAX_MONTHS_HINT}</p>
          <DateRangeFields idPrefix="product" />
          <TextFilters idPrefix="product" names={['invoice']} />
          <AmountRangeField limits={invoices.limits} idPrefix="product" />
        </InvoiceFilterForm>
      </FilterFold>

      {failure && <Notification kind="error">{failure}</Notification>}
      {couldSeeChart && (
        <>
          <BulkLimitNotice count={count} limits={exportLimits} />
          <ProductToolbar
            product={product}
            filters={filters}
            limits={exportLimits}
            pending={pending}
            onDownload={(file) => void download(file)}
            chartChoice={chartChoice}
            onChartChoice={(choice) => dispatch(chartChoiceChanged(choice))}
          />
        </>
      )}

      <InvoiceSection
        id="product-invoices"
        title={INVOICES_TITLE}
        resultsText={isDefaultQuery ? LATEST_INVOICES : resultsHeading(count)}
        latestSpan={isDefaultQuery ? launchDateSpan(rows.map((row) => row.fechaFactura)) : null}
        loading={invoices.loading}
        updating={invoices.updating}
        empty={rows.length === 0}
        failed={invoices.failed}
        onRetry={invoices.retry}
        page={pages.simple}
        totalPages={isDefaultQuery ? 1 : pageCount(count)}
        onPage={(page) => dispatch(pageChanged({ screen: 'product', page }))}
        chart={couldSeeChart ? productChart(chartChoice, chartRows, product.line) : null}
        searchKey={searches}
      >
        <InvoiceTable
          caption={INVOICES_TITLE}
          rows={rows}
          columns={columns}
          rowKey={productInvoiceKey}
          summary={PRODUCT_SUMMARY}
          numberOf={productInvoiceNumber}
        />
      </InvoiceSection>

      {/* After the list has its answer: an empty list is shorter than the room kept for it, and this section
          would move up into view when it came (a layout shift on a phone). */}
      {!invoices.loading && (
        <section className="invoice-section" aria-labelledby="additional-invoices-title">
          <h2 id="additional-invoices-title" className="invoice-section__title">
            {ADDITIONAL_INVOICES}
          </h2>
          <p className="muted">{ADDITIONAL_INVOICES_EMPTY}</p>
        </section>
      )}
    </>
  );
}
