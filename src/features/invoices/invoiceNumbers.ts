import { invoiceNumberText, isFlagSet } from './invoiceDisplay';
import type { Invoice, ProductInvoice } from './invoicesApi';

/** The number a list screen shows: a unified or unica invoice by its unified number (spec 02 §3). */
export const listInvoiceNumber = (invoice: Invoice) =>
  invoiceNumberText({
    series: invoice.serieFactura,
    number: invoice.billNumber ?? invoice.factura,
    unified: isFlagSet(invoice.isUnificada) || isFlagSet(invoice.isUnica),
    unifiedSeries: invoice.serieFacturaUnica,
    unifiedNumber: invoice.numeroFacturaUnica,
  });

/** The number the per-product screen shows in its table and its chart (spec 02 §2.1). */
export const productInvoiceNumber = (invoice: ProductInvoice) =>
  invoiceNumberText({
    series: invoice.serieFactura,
    number: invoice.factura ?? invoice.billNumber,
    unified: isFlagSet(invoice.isUnificada),
    unifiedSeries: invoice.serieFacturaUnica,
    unifiedNumber: invoice.numeroFacturaUnica,
  });
