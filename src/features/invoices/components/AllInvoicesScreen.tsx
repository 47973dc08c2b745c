import { useState } from 'react';
import { shallowEqual } from 'react-redux';
import { pathTo } from '@/shared/config/routes';
import { selectContractTotals, selectHasUnicasInvoices } from '@/shared/session/product';
import { Notification } from '@/shared/ui/Notification';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';

import { activeFilters } from '../activeFilters';
import { bulkExportDownload, listInvoicePdf } from '../invoiceDownloads';
import { listInvoiceNumber } from '../invoiceNumbers';
import { answeredPriceLimits, usePriceLimitsQuery, type Invoice } from '../invoicesApi';
import { LATEST_INVOICES, NO_INVOICE_WITH_NUMBER } from '../invoicesMessages';
import { brokenExportLimits } from '../invoiceSchemas';
import {
  pageChanged,
  searchSubmitted,
  selectInvoiceSearch,
  singleInvoiceSearchClosed,
  singleInvoiceSearched,
} from '../invoicesSlice';
import { LINE_SCREENS, useAllInvoices, type LineScreen } from '../useAllInvoices';
import { useFileDownload } from '../useFileDownload';
import { AllInvoiceSections } from './AllInvoiceSections';
import { AmountRangeField } from './AmountRangeField';
import { BulkLimitNotice } from './BulkLimitNotice';
import { DateRangeFields } from './DateRangeFields';
import { ExportButtons } from './ExportButtons';
import { FilterFold } from './FilterFold';
import { FindInvoiceToggle } from './FindInvoiceToggle';
import { InvoiceFilterForm, TextFilters } from './InvoiceFilterForm';
import { InvoiceTabs } from './InvoiceTabs';
import { SingleInvoiceForm } from './SingleInvoiceForm';
import '../invoices.css';
import { Page } from '@/shared/ui/Page';

const FILTER_NAMES = ['contract', 'cups', 'invoice', 'minPrice', 'maxPrice'] as const;
/** /allinvoices and /allinvoices-gas: the same screen for each line (spec 02 §2.2, §2.3). */
export function AllInvoicesScreen({ variant }: { variant: LineScreen }) {
  const settings = LINE_SCREENS[variant];
  const dispatch = useAppDispatch();
  const search = useAppSelector((state) => selectInvoiceSearch(variant)(state));
  const totals = useAppSelector((state) => selectContractTotals(state), shallowEqual);
  const hasUnicasInvoices = useAppSelector((state) => selectHasUnicasInvoices(state));
  const [findOne, setFindOne] = useState(search.singleInvoice !== null);
  const { download, failure, pending } = useFileDownload();
  const [searches, setSearches] = useState(0);
  const limits = answeredPriceLimits(usePriceLimitsQuery());

  const { filters, isDefaultQuery, pages, singleInvoice } = search;
  const listing = singleInvoice === null;
  const lists = useAllInvoices(variant, search, hasUnicasInvoices);
  const lineCount = lists.simple.count + lists.unified.count;
  const exportLimits = brokenExportLimits(lineCount, filters.from, filters.to);
  const otherContracts = variant === 'gas' ? totals.totalContractsElectricidad : totals.totalContractsGas;

  const pdfOptions = {
    disabled: pending,
    onPdf: (invoice: Invoice) =>
      void download(listInvoicePdf(invoice, listInvoiceNumber(invoice), variant === 'gas')),
  };

  return (
    <Page
      className="invoices-page"
      titleId="invoices-title"
      title={settings.title}
      back={pathTo('home')}
      before={<InvoiceTabs current={variant} showOther={(otherContracts ?? 0) >= 1} />}
      // Beside the title, so the list starts higher on a laptop's screen (issue 24 "Phones").
      aside={
        <FindInvoiceToggle
          id={`${variant}-find-one`}
          checked={findOne}
          onChange={(checked) => {
            setFindOne(checked);
            if (!checked) dispatch(singleInvoiceSearchClosed(variant));
          }}
        />
      }
    >
      <FilterFold id={variant} active={activeFilters(filters, FILTER_NAMES, singleInvoice)}>
        {findOne ? (
          <SingleInvoiceForm
            idPrefix={variant}
            invoice={singleInvoice}
            onSearch={(invoice) => {
              setSearches((count) => count + 1);
              dispatch(singleInvoiceSearched({ screen: variant, invoice }));
            }}
          />
        ) : (
          <InvoiceFilterForm
            filters={filters}
            names={FILTER_NAMES}
            rangeRule={settings.rangeRule}
            onSearch={(values) => {
              setSearches((count) => count + 1);
              dispatch(searchSubmitted({ screen: variant, filters: { ...filters, ...values } }));
            }}
          >
            <DateRangeFields idPrefix={variant} />
            <TextFilters idPrefix={variant} names={['contract', 'cups', 'invoice']} />
            <AmountRangeField limits={limits} idPrefix={variant} />
          </InvoiceFilterForm>
        )}
      </FilterFold>

      {failure && <Notification kind="error">{failure}</Notification>}
      {listing && (
        <>
          <BulkLimitNotice count={lineCount} limits={exportLimits} />
          <ExportButtons
            lines={[{ line: settings.line, count: lineCount }]}
            limits={exportLimits}
            disabled={pending}
            loading={lists.simple.loading || lists.unified.loading}
            onExport={(format, line) =>
              void download(bulkExportDownload(format, line, { ...filters, isDefaultQuery }))
            }
          />
        </>
      )}

      <AllInvoiceSections
        idPrefix={variant}
        lists={lists}
        pages={pages}
        resultsText={(count) => (isDefaultQuery && listing ? LATEST_INVOICES : settings.results(count))}
        onPage={(section, page) => dispatch(pageChanged({ screen: variant, section, page }))}
        pdfOptions={pdfOptions}
        searchKey={searches}
        emptyText={listing ? undefined : NO_INVOICE_WITH_NUMBER}
        latest={isDefaultQuery && listing}
      />
    </Page>
  );
}
