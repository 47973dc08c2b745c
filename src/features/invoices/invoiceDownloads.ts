import { MIN_PROFORMA_BYTES } from '@/shared/lib/download';
import type { Line } from '@/shared/session/product';
import { invoiceFileStem, isFlagSet } from './invoiceDisplay';
import {
  invoicePdfRequest,
  proformaRequest,
  unifiedInvoiceRequest,
  type FileRequest,
  type Invoice,
  type ProductInvoice,
  type ProformaKind,
} from './invoicesApi';
import { FILE_FAILED, PRODUCT_PDF_FAILED, invoicePdfFailed } from './invoicesMessages';
import type { FileDownload } from './useFileDownload';

const pdfName = (series: string | null | undefined, number: string | number | null | undefined) =>
  `Factura-${invoiceFileStem(series, number)}.pdf`;

/** The unified gas invoice file of spec 02 §7: unicas/gas with its series and number as headers. */
function unifiedGasRequest(series: string, number: string): FileRequest {
  return {
    url: '/ov/invoices/api/fullbilling/unicas/gas',
    params: { cb: Date.now() },
    headers: { Accept: 'application/pdf', serieFactura: series, numeroFactura: number },
  };
}

/**
 * One invoice PDF from a list screen: a unified invoice through its unified call (the gas one on the gas
 * screen), any other through its Pdf path. Failure text names the invoice as the list shows it.
 */
export function listInvoicePdf(invoice: Invoice, shownNumber: string, onGasScreen = false): FileDownload {
  const failureMessage = invoicePdfFailed(shownNumber);
  if (isFlagSet(invoice.isUnica)) {
    const series = invoice.serieFacturaUnica ?? invoice.serieFactura ?? '';
    const number = invoice.numeroFacturaUnica ?? invoice.billNumber ?? '';
    return {
      request:
        onGasScreen && invoice.line === 'Gas'
          ? unifiedGasRequest(series, number)
          : unifiedInvoiceRequest(series, number, invoice.line),
      fileName: pdfName(series, number),
      failureMessage,
    };
  }
  return {
    request: invoicePdfRequest(invoice.Pdf ?? ''),
    fileName: pdfName(invoice.serieFactura, invoice.billNumber ?? invoice.factura),
    failureMessage,
  };
}

/** A per-product invoice PDF: its Pdf path plus &CUPS={cups} (spec 02 §7). */
export function productInvoicePdf(invoice: ProductInvoice, cups: string): FileDownload {
  return {
    request: invoicePdfRequest(invoice.Pdf ?? invoice.pdf ?? '', cups),
    fileName: pdfName(invoice.serieFactura, invoice.factura ?? invoice.billNumber),
    failureMessage: PRODUCT_PDF_FAILED,
  };
}

/** The proformas of a unified invoice, as a ZIP of PDFs or as a spreadsheet; 300 bytes at least. */
export function proformaDownload(invoice: ProductInvoice, kind: ProformaKind, line: Line): FileDownload {
  const series = invoice.serieFacturaUnica ?? invoice.serieFactura ?? '';
  const number = invoice.numeroFacturaUnica ?? invoice.factura ?? '';
  return {
    request: proformaRequest(kind, series, number, line),
    fileName: `proformas ${invoiceFileStem(series, number)}.${kind}`,
    failureMessage: FILE_FAILED,
    minimumBytes: MIN_PROFORMA_BYTES,
  };
}
