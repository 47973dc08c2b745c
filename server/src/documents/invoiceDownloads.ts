import { PassThrough } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';

import type { FastifyReply } from 'fastify';

import { displayNumber } from '../data/display';
import type { InvoicePrint } from '../data/invoiceDocuments';
import type { InvoiceDetail } from '../data/invoices';
import { streamToReply } from './archive';
import { offLoop } from './documentThreads';
import { attachment } from './download';

// The event loop's side of the invoices' PDFs, which the document threads draw (invoicePdf.ts): kept apart so
// that the routes do not load pdfkit, fontkit and qrcode into the main heap (issue 30).

export function invoiceFileName(invoice: InvoiceDetail): string {
  return `Factura-${displayNumber(invoice)}.pdf`;
}

/** What a bundle's thread sends after each invoice: the PDF's bytes since the last, and whether it is whole. */
export interface BundlePiece {
  bytes: Uint8Array;
  done: boolean;
}

/**
 * One PDF with every invoice, drawn on a document thread (drawBundle) and streamed to the reply as it comes:
 * the thread draws the next invoice only once the reply has taken what is buffered, and stops once the client
 * has gone.
 */
export async function streamInvoiceBundle(
  reply: FastifyReply,
  title: string,
  fileName: string,
  prints: InvoicePrint[],
): Promise<void> {
  const stream = new PassThrough();
  const { waitForRoom, finished } = streamToReply(reply, stream, 'application/pdf', attachment(fileName));
  const { port1, port2 } = new MessageChannel();
  port1.on('message', ({ bytes, done }: BundlePiece) => {
    if (!stream.destroyed) stream.write(bytes);
    if (done) {
      stream.end();
      port1.close();
    } else void waitForRoom().then((room) => port1.postMessage(room));
  });
  try {
    await offLoop('invoiceBundle', { title, prints, port: port2 }, [port2]);
  } catch (error) {
    port1.close();
    stream.destroy(error as Error);
    throw error;
  }
  await finished;
}
