import { createPdf, writeFields, writeLine } from './pdf';
import { RECEIPT_NOTE, RECEIPT_TITLE, receiptFields, type ReceiptFacts } from './requestReceipt';

// Drawn on a document thread (documentTasks.ts), apart from requestReceipt.ts, whose facts and texts the
// event loop uses (the route, its e-mail): so that those do not load pdfkit (issue 30).

/** The receipt as a one-page PDF. */
export function receiptPdf(facts: ReceiptFacts): PDFKit.PDFDocument {
  const doc = createPdf(RECEIPT_TITLE);
  writeFields(doc, receiptFields(facts));
  doc.moveDown(0.5);
  writeLine(doc, RECEIPT_NOTE);
  return doc;
}
