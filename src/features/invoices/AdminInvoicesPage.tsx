import { useEffect, useState } from 'react';
import { pageCount } from '@/shared/lib/pager';
import { Notification } from '@/shared/ui/Notification';
import { SelectField } from '@/shared/ui/SelectField';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';

import { activeFilters } from './activeFilters';
import { BulkLimitNotice } from './components/BulkLimitNotice';
import { FilterFold } from './components/FilterFold';
import { ContractDetailModal } from './components/ContractDetailModal';
import { DateRangeFields } from './components/DateRangeFields';
import { ExportButtons } from './components/ExportButtons';
import { InvoiceFilterForm, TextFilters } from './components/InvoiceFilterForm';
import { ADMINISTRATOR_SUMMARY, administratorColumns, listInvoiceKey } from './components/invoiceColumns';
import { listInvoiceNumber } from './invoiceNumbers';
import { InvoiceSection } from './components/InvoiceSection';
import { InvoiceTable } from './components/InvoiceTable';
import { listAmountChart, pagedChartTitle } from './invoiceCharts';
import { asList, readInvoiceCounts } from './invoiceDisplay';
import { bulkExportDownload, listInvoicePdf } from './invoiceDownloads';
import { useCommunitiesQuery, useFilterFullbillingQuery, type AdminLine } from './invoicesApi';
import {
  ALL_COMMUNITIES,
  CHART_AMOUNTS_TITLE,
  communityOption,
  LABEL_COMMUNITY,
  INVOICES_TITLE,
  INVOICE_LIST,
  LABEL_LINE,
  LATEST_INVOICES,
  LINE_ALL,
  TAB_ELECTRICITY,
  TAB_GAS,
  resultsHeading,
} from './invoicesMessages';
import { brokenExportLimits } from './invoiceSchemas';
import { pageChanged, searchSubmitted, selectInvoiceSearch } from './invoicesSlice';
import { useContractDetail } from './useContractDetail';
import { adminListArgs, openAdminInvoices } from './invoicesThunks';
import { useFileDownload } from './useFileDownload';
import './invoices.css';
import { Page } from '@/shared/ui/Page';

const LINE_OPTIONS: { value: AdminLine; label: string }[] = [
  { value: 'Gas', label: TAB_GAS },
  { value: 'Electricidad', label: TAB_ELECTRICITY },
  { value: 'Todo', label: LINE_ALL },
];

const FILTER_NAMES = ['line', 'cif', 'cups', 'contract', 'invoice'] as const;

/**
 * The CIF filter as a choice among the administrator's communities (name, CIF, supplies) rather than a CIF to
 * type; typed again only if the list cannot be had.
 */
function CommunityField() {
  const communities = useCommunitiesQuery();
  if (communities.isError) return <TextFilters idPrefix="admin" names={['cif']} />;
  return (
    <SelectField
      id="admin-cif"
      name="cif"
      label={LABEL_COMMUNITY}
      placeholder={ALL_COMMUNITIES}
      options={(communities.data?.comunidades ?? []).map((community) => ({
        value: community.cif,
        label: communityOption(community.nombre, community.cif, community.suministros),
      }))}
      errorLine={false}
    />
  );
}

/** /administrador-fincas: the invoices of every client the administrator manages (spec 02 §2.4). */
export default function AdminInvoicesPage() {
  const dispatch = useAppDispatch();
  const search = useAppSelector((state) => selectInvoiceSearch('administrator')(state));
  const { filters, isDefaultQuery, pages } = search;
  const { download, failure, pending } = useFileDownload();
  const [searches, setSearches] = useState(0);
  const contract = useContractDetail();
  const { openContract } = contract;

  const list = useFilterFullbillingQuery(adminListArgs(search));
  const rows = list.isError ? [] : asList(list.data?.Invoice);
  const counts = readInvoiceCounts(list.isError ? null : list.data?.Fullbilling?.total);

  // The default query, then the dates it fills (invoicesThunks); after a failure, once Reintentar has answered.
  const failed = list.isError;
  useEffect(() => {
    if (!failed) void dispatch(openAdminInvoices());
  }, [dispatch, failed]);

  // The administrator screen lists every line: its export limits count electricity plus gas (spec 02 §5).
  const exportLimits = brokenExportLimits(counts.overall, filters.from, filters.to);
  const downloadsDisabled = pending || openContract !== null;

  return (
    <Page className="invoices-page" titleId="admin-invoices-page-title" title={INVOICES_TITLE}>
      <FilterFold id="admin" active={activeFilters(filters, FILTER_NAMES)}>
        <InvoiceFilterForm
          filters={filters}
          names={FILTER_NAMES}
          rangeRule="oneYear"
          onSearch={(values) => {
            setSearches((count) => count + 1);
            dispatch(searchSubmitted({ screen: 'administrator', filters: { ...filters, ...values } }));
          }}
        >
          <SelectField
            id="admin-line"
            name="line"
            label={LABEL_LINE}
            options={LINE_OPTIONS}
            errorLine={false}
          />
          <CommunityField />
          <TextFilters idPrefix="admin" names={['cups', 'contract', 'invoice']} />
          <DateRangeFields idPrefix="admin" />
        </InvoiceFilterForm>
      </FilterFold>

      {contract.failure && <Notification kind="error">{contract.failure}</Notification>}
      {failure && <Notification kind="error">{failure}</Notification>}
      <BulkLimitNotice count={counts.overall} limits={exportLimits} />
      <ExportButtons
        lines={[
          { line: 'Electricidad', count: counts.electricity },
          { line: 'Gas', count: counts.gas },
        ]}
        limits={exportLimits}
        disabled={downloadsDisabled}
        loading={list.isLoading}
        onExport={(format, line) =>
          void download(bulkExportDownload(format, line, { ...filters, isDefaultQuery }))
        }
      />

      <InvoiceSection
        id="admin-invoices"
        title={INVOICE_LIST}
        resultsText={isDefaultQuery ? LATEST_INVOICES : resultsHeading(counts.overall)}
        loading={list.isLoading}
        updating={list.isFetching}
        empty={rows.length === 0}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        page={pages.simple}
        totalPages={pageCount(counts.overall)}
        onPage={(page) => dispatch(pageChanged({ screen: 'administrator', page }))}
        chart={listAmountChart(
          rows,
          pagedChartTitle(CHART_AMOUNTS_TITLE, pages.simple, pageCount(counts.overall)),
        )}
        searchKey={searches}
      >
        <InvoiceTable
          caption={INVOICE_LIST}
          rows={rows}
          columns={administratorColumns({
            disabled: downloadsDisabled,
            onPdf: (invoice) => void download(listInvoicePdf(invoice, listInvoiceNumber(invoice))),
            onContract: (invoice) => void contract.toggle(invoice),
            openContract: openContract?.code ?? null,
          })}
          rowKey={listInvoiceKey}
          summary={ADMINISTRATOR_SUMMARY}
          numberOf={listInvoiceNumber}
        />
      </InvoiceSection>

      {openContract && (
        <ContractDetailModal line={openContract.line} detail={contract.shown} onClose={contract.close} />
      )}
    </Page>
  );
}
