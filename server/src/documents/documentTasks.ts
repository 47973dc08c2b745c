import type { InvoicePrint } from '../data/invoiceDocuments';
import type { VisibleContract } from '../data/scope';
import type { CertificateData } from './certificateFacts';
import { buildCertificatePdf } from './certificatePdf';
import { contractPdf } from './contractPdf';
import { csvText } from './csv';
import { drawBundle, invoicePdfBuffer } from './invoicePdf';
import { pdfToBuffer } from './pdf';
import { receiptPdf } from './receiptPdf';
import type { ReceiptFacts } from './requestReceipt';
import type { SheetDocument } from './spreadsheet';
import { workbookBuffer } from './workbook';

/**
 * The document work that runs on the document threads (documentThreads.ts): pure functions of plain data, each
 * answering the bytes to send. Building a year of hours as XLSX, CSV or JSON, or an invoice's PDF, holds a
 * thread for tens of milliseconds; on the event loop it held every other customer's call as long (issue 25).
 */
export const documentTasks = {
  xlsx: (document: SheetDocument): Promise<Buffer> => workbookBuffer(document),
  csv: (document: SheetDocument): Buffer => Buffer.from(csvText(document)),
  json: (value: unknown): Buffer => Buffer.from(JSON.stringify(value)),
  invoicePdf: (print: InvoicePrint): Promise<Buffer> => invoicePdfBuffer(print),
  /** Streams its bytes through the port of its input (invoiceDownloads.ts streamInvoiceBundle); answers none. */
  invoiceBundle: drawBundle,
  certificatePdf: ({ data, secret }: { data: CertificateData; secret: Uint8Array }): Promise<Buffer> =>
    pdfToBuffer(buildCertificatePdf(data, secret)),
  contractPdf: (contract: VisibleContract): Promise<Buffer> => pdfToBuffer(contractPdf(contract)),
  receiptPdf: (facts: ReceiptFacts): Promise<Buffer> => pdfToBuffer(receiptPdf(facts)),
};

export type DocumentTasks = typeof documentTasks;
export type DocumentTask = keyof DocumentTasks;
