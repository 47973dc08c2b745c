import { formatListDate } from '@/shared/lib/dates';
import { formatMoney, formatQuantity } from '@/shared/lib/money';
import { Button } from '@/shared/ui/Button';
import { isUnifiedInvoice, isVarios, suppliesOf } from '../invoiceDisplay';
import { listInvoiceNumber } from '../invoiceNumbers';
import type { Invoice } from '../invoicesApi';
import {
  COLUMN_ADDRESS,
  COLUMN_CODE,
  COLUMN_CONSUMPTION,
  COLUMN_CONTRACT,
  COLUMN_CUPS,
  COLUMN_INVOICE_DATE,
  COLUMN_LINE,
  COLUMN_NIF,
  COLUMN_NUMBER,
  COLUMN_READING_FROM,
  COLUMN_READING_UNTIL,
  COLUMN_SUPPLIES,
  COLUMN_TOTAL,
  contractButtonLabel,
  suppliesText,
} from '../invoicesMessages';
import { CupsText } from '@/shared/ui/CupsText';
import type { DataColumn } from '@/shared/ui/DataTable';
import { LineIcon } from './LineIcon';
import { pdfColumn } from './PdfCell';

export const listInvoiceKey = (invoice: Invoice, index: number) =>
  `${invoice.id ?? `${invoice.line}-${listInvoiceNumber(invoice)}`}-${index}`;

export interface PdfCellOptions {
  onPdf: (invoice: Invoice) => void;
  /** While the contract pop-up is open or another file is on its way. */
  disabled: boolean;
}

/** Varios invoices have no reading dates. */
const readingDate = (invoice: Invoice, date: string | null) =>
  isVarios(invoice.facturaCategoria) ? '' : formatListDate(date);

const iconColumn: DataColumn<Invoice> = {
  key: 'line',
  header: COLUMN_LINE,
  render: (invoice) => <LineIcon invoice={invoice} />,
};
const numberColumn: DataColumn<Invoice> = {
  key: 'number',
  header: COLUMN_NUMBER,
  render: listInvoiceNumber,
};
const dateColumn: DataColumn<Invoice> = {
  key: 'date',
  header: COLUMN_INVOICE_DATE,
  render: (invoice) => formatListDate(invoice.launchDate),
};
const totalColumn: DataColumn<Invoice> = {
  key: 'total',
  header: COLUMN_TOTAL,
  numeric: true,
  render: (invoice) => formatMoney(invoice.total?.amount),
};
const readingColumns: DataColumn<Invoice>[] = [
  {
    key: 'readingFrom',
    header: COLUMN_READING_FROM,
    render: (invoice) => readingDate(invoice, invoice.readingDateFrom),
  },
  {
    key: 'readingUntil',
    header: COLUMN_READING_UNTIL,
    render: (invoice) => readingDate(invoice, invoice.readingDateUntil),
  },
];
const nifColumn: DataColumn<Invoice> = { key: 'nif', header: COLUMN_NIF, render: (i) => i.nif ?? '' };
const consumptionColumn: DataColumn<Invoice> = {
  key: 'consumption',
  header: COLUMN_CONSUMPTION,
  numeric: true,
  render: (invoice) => formatQuantity(invoice.consumoKwh),
};
/** A unified invoice covers several supplies: it says how many and names none of them (issue 13). */
const unifiedSupplies = (invoice: Invoice) => suppliesText(suppliesOf(invoice));
/** One supply's text, never shown on a unified row even where a backend fills it from one of its parts. */
const ownSupply = (invoice: Invoice, text: string | null | undefined) =>
  isUnifiedInvoice(invoice) ? '' : (text ?? '');

/** A row's one line on a phone: date · amount · supply · PDF (the contract, or how many supplies). */
export const SIMPLE_SUMMARY = ['date', 'total', 'contract', 'pdf'] as const;
export const UNIFIED_SUMMARY = ['date', 'total', 'supplies', 'pdf'] as const;
export const ADMINISTRATOR_SUMMARY = ['date', 'total', 'cups', 'pdf'] as const;

/** Facturas Simples (spec 02 §2.3). */
export function simpleColumns(options: PdfCellOptions): DataColumn<Invoice>[] {
  return [
    iconColumn,
    // As on the home tables (README "Código and Contrato"): Código is the distributor's contract (the invoice's
    // `contract`, codigoContratoSICOM), Contrato the contract number (`contractCode`, codAbonado).
    { key: 'code', header: COLUMN_CODE, render: (invoice) => invoice.contract ?? '' },
    { key: 'contract', header: COLUMN_CONTRACT, render: (invoice) => invoice.contractCode ?? '' },
    nifColumn,
    { key: 'street', header: COLUMN_ADDRESS, wraps: true, render: (invoice) => invoice.street ?? '' },
    numberColumn,
    dateColumn,
    totalColumn,
    ...readingColumns,
    pdfColumn(listInvoiceNumber, options),
  ];
}

/** Facturas Unificadas (spec 02 §2.3). */
export function unifiedColumns(options: PdfCellOptions): DataColumn<Invoice>[] {
  return [
    iconColumn,
    nifColumn,
    numberColumn,
    dateColumn,
    { key: 'supplies', header: COLUMN_SUPPLIES, render: unifiedSupplies },
    consumptionColumn,
    totalColumn,
    pdfColumn(listInvoiceNumber, options),
  ];
}

/** The administrator's rows, with the contract code opening the Detalles del Contrato pop-up (§2.4). */
export function administratorColumns(
  options: PdfCellOptions & { onContract: (invoice: Invoice) => void; openContract: string | null },
): DataColumn<Invoice>[] {
  return [
    iconColumn,
    nifColumn,
    {
      key: 'cups',
      header: COLUMN_CUPS,
      // Twelve columns fit 1280 px only if a CUPS may take two lines (issue 24: "Factura" showed "Fa…").
      wraps: true,
      render: (invoice) =>
        isUnifiedInvoice(invoice) ? unifiedSupplies(invoice) : <CupsText cups={invoice.cups ?? ''} />,
    },
    {
      key: 'contract',
      header: COLUMN_CONTRACT,
      render: (invoice) =>
        invoice.contractCode && !isUnifiedInvoice(invoice) ? (
          <Button
            variant="link"
            aria-label={contractButtonLabel(invoice.contractCode)}
            aria-haspopup="dialog"
            aria-pressed={options.openContract === invoice.contractCode}
            onClick={() => options.onContract(invoice)}
          >
            {invoice.contractCode}
          </Button>
        ) : (
          ''
        ),
    },
    numberColumn,
    {
      key: 'street',
      header: COLUMN_ADDRESS,
      wraps: true,
      render: (invoice) => ownSupply(invoice, invoice.street),
    },
    dateColumn,
    ...readingColumns,
    consumptionColumn,
    totalColumn,
    pdfColumn(listInvoiceNumber, options),
  ];
}
