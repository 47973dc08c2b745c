import { Link } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { formatListDate } from '@/shared/lib/dates';
import { formatMoney, formatQuantity } from '@/shared/lib/money';
import { Button } from '@/shared/ui/Button';
import { hasProformas, invoiceTypeText, isFlagSet, isVarios } from '../invoiceDisplay';
import { productInvoiceNumber } from '../invoiceNumbers';
import type { ProductInvoice, ProformaKind } from '../invoicesApi';
import {
  COLUMN_CONSUMPTION,
  COLUMN_EXPLAIN,
  COLUMN_INVOICE_DATE,
  COLUMN_NUMBER,
  COLUMN_PERIOD,
  COLUMN_PROFORMA,
  COLUMN_TOTAL,
  COLUMN_TYPE,
  EXPLAINER_LINK,
  VARIOS,
  explainerLinkHidden,
  proformaButtonLabel,
  variosLinkLabel,
} from '../invoicesMessages';
import type { DataColumn } from '@/shared/ui/DataTable';
import { VisuallyHidden } from '@/shared/ui/VisuallyHidden';
import { pdfColumn } from './PdfCell';

export interface ProductCellOptions {
  /** While a file is on its way. */
  disabled: boolean;
  onPdf: (invoice: ProductInvoice) => void;
  onProforma: (invoice: ProductInvoice, kind: ProformaKind) => void;
}

type CellProps = ProductCellOptions & { invoice: ProductInvoice };

export const productInvoiceKey = (invoice: ProductInvoice, index: number) =>
  `${invoice.id ?? productInvoiceNumber(invoice)}-${index}`;

/** The billing period, or Varios (a link to its PDF when it has one) for miscellaneous invoices. */
function PeriodCell({ invoice, disabled, onPdf }: CellProps) {
  if (!isVarios(invoice.facturaCategoria)) {
    const { desde, hasta } = invoice.periodoFacturacion ?? {};
    return `${formatListDate(desde)} - ${formatListDate(hasta)}`;
  }
  if (!isFlagSet(invoice.canDownload)) return VARIOS;
  return (
    <Button
      variant="link"
      aria-label={variosLinkLabel(productInvoiceNumber(invoice))}
      disabled={disabled}
      onClick={() => onPdf(invoice)}
    >
      {VARIOS}
    </Button>
  );
}

/** ZIP and XLSX of the invoice's proformas, when it has any. */
function ProformaCell({ invoice, disabled, onProforma }: CellProps) {
  if (!hasProformas(invoice.hasProformas)) return '';
  return (
    <span className="proforma-downloads">
      {(['zip', 'xlsx'] as const).map((kind) => (
        <Button
          key={kind}
          variant="link"
          aria-label={proformaButtonLabel(kind.toUpperCase(), productInvoiceNumber(invoice))}
          disabled={disabled}
          onClick={() => onProforma(invoice, kind)}
        >
          {kind.toUpperCase()}
        </Button>
      ))}
    </span>
  );
}

/** "¿Por qué ha cambiado?": the explainer of a bill of consumption (a Varios invoice has nothing to compare). */
function ExplainCell({ invoice }: { invoice: ProductInvoice }) {
  if (isVarios(invoice.facturaCategoria)) return '';
  return (
    <Link to={pathTo('invoiceExplainer', { id: invoice.id })}>
      {EXPLAINER_LINK}
      <VisuallyHidden>{explainerLinkHidden(productInvoiceNumber(invoice))}</VisuallyHidden>
    </Link>
  );
}

/** A row's one line on a phone: the supply is the screen's own (its selector), so the number takes its place. */
export const PRODUCT_SUMMARY = ['date', 'total', 'number', 'pdf'] as const;

/** The per-product table of Buscar Facturas (spec 02 §2.1). */
export function productColumns(options: ProductCellOptions): DataColumn<ProductInvoice>[] {
  return [
    { key: 'type', header: COLUMN_TYPE, render: (invoice) => invoiceTypeText(invoice.isUnificada) },
    { key: 'number', header: COLUMN_NUMBER, render: productInvoiceNumber },
    { key: 'date', header: COLUMN_INVOICE_DATE, render: (invoice) => formatListDate(invoice.fechaFactura) },
    {
      key: 'period',
      header: COLUMN_PERIOD,
      render: (invoice) => <PeriodCell invoice={invoice} {...options} />,
    },
    {
      key: 'consumption',
      header: COLUMN_CONSUMPTION,
      numeric: true,
      render: (invoice) => formatQuantity(invoice.TotalConsumoEnergiaActiva ?? invoice.consumoKwh),
    },
    {
      key: 'total',
      header: COLUMN_TOTAL,
      numeric: true,
      render: (invoice) => formatMoney(invoice.total?.importe),
    },
    pdfColumn(productInvoiceNumber, options),
    {
      key: 'proforma',
      header: COLUMN_PROFORMA,
      render: (invoice) => <ProformaCell invoice={invoice} {...options} />,
    },
    { key: 'explain', header: COLUMN_EXPLAIN, render: (invoice) => <ExplainCell invoice={invoice} /> },
  ];
}
