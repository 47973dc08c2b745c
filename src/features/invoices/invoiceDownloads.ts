import { MIN_PROFORMA_BYTES } from '@/shared/lib/download';
import type { Line } from '@/shared/session/product';
import { invoiceFileStem, isFlagSet } from './invoiceDisplay';
import {
  bulkExportRequest,
  invoicePdfRequest,
  proformaRequest,
  unifiedInvoiceRequest,
  type ExportFormat,
  type FileRequest,
  type Invoice,
  type ProductInvoice,
  type ProformaKind,
} from './invoicesApi';
import {
  EXCEL_EXPORT_FAILED,
  FILE_FAILED,
  PDF_EXPORT_FAILED,
  PRODUCT_PDF_FAILED,
  ZIP_EXPORT_FAILED,
  invoicePdfFailed,
} from './invoicesMessages';
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

const EXPORT_FAILURES: Record<ExportFormat, string> = {
  excel: EXCEL_EXPORT_FAILED,
  pdf: PDF_EXPORT_FAILED,
  zip: ZIP_EXPORT_FAILED,
};

/** One line's Excel, PDF or ZIP of a list screen, with the failure text of its format (spec 02 §5, §8). */
export function bulkExportDownload(
  format: ExportFormat,
  line: string,
  filters: Parameters<typeof bulkExportRequest>[2],
): FileDownload {
  const file = bulkExportRequest(format, line, filters);
  return { request: file, fileName: file.fileName, failureMessage: EXPORT_FAILURES[format] };
}
