import type { Readable } from 'node:stream';

import type { FastifyReply } from 'fastify';

import type { InvoiceDetail } from '../data/invoices';
import { displayNumber, holderDisplayName, streetOf } from '../data/display';
import { streamToReply } from './archive';
import { attachment, createPdf, pdfToBuffer, writeFields, writeTable } from './pdf';

const money = new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const kwh = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0 });

export const euros = (value: number) => `${money.format(value)} €`;
export const listDate = (iso: string | null) =>
  iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '—';

function invoiceTitle(invoice: InvoiceDetail): string {
  const kind = invoice.kind === 'U' ? 'Factura unificada' : invoice.kind === 'P' ? 'Proforma' : 'Factura';
  return `${kind} ${displayNumber(invoice)}`;
}

const CONSUMPTION_COLUMNS = [
  { header: 'Periodo', width: 120 },
  { header: 'Consumo (kWh)', width: 120, align: 'right' as const },
];

/** The consumption rows: P1–P3 or P1–P6 for electricity, one total for gas and unified invoices. */
function consumptionRows(invoice: InvoiceDetail): string[][] {
  const periods = [
    invoice.consumption_p1,
    invoice.consumption_p2,
    invoice.consumption_p3,
    invoice.consumption_p4,
    invoice.consumption_p5,
    invoice.consumption_p6,
  ];
  const rows = periods
    .map((value, i) => (value === null ? null : [`P${i + 1}`, kwh.format(value)]))
    .filter((row): row is string[] => row !== null);
  rows.push(['Total', kwh.format(invoice.consumption_kwh)]);
  return rows;
}

function amountRows(invoice: InvoiceDetail): string[][] {
  const gas = invoice.line === 'Gas';
  const rows: [string, number][] =
    invoice.category === 'VA'
      ? [['Servicios y conceptos varios', invoice.rental_amount]]
      : [
          [gas ? 'Término de energía' : 'Energía consumida', invoice.energy_amount],
          [gas ? 'Término fijo' : 'Potencia contratada', invoice.power_amount],
          [
            gas ? 'Impuesto especial sobre hidrocarburos' : 'Impuesto especial sobre la electricidad',
            invoice.tax_amount,
          ],
          ['Alquiler de equipos de medida', invoice.rental_amount],
        ];
  rows.push(['IVA (21 %)', invoice.vat_amount]);
  rows.push(['Total factura', invoice.amount]);
  return rows.map(([label, value]) => [label, euros(value)]);
}

/**
 * One invoice on the current page of a document: holder, supply point, period, consumption by period and
 * the amounts. Sized to fit one A4 page, so a bundle has one page per invoice.
 */
export function writeInvoice(
  doc: PDFKit.PDFDocument,
  invoice: InvoiceDetail,
  proformas: InvoiceDetail[] = [],
) {
  doc.font('Helvetica-Bold').fontSize(12).text(invoiceTitle(invoice));
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  writeFields(doc, [
    ['Titular', holderDisplayName(invoice)],
    ['NIF', invoice.holder_nif],
    [
      'Dirección de suministro',
      `${streetOf(invoice)}, ${invoice.postal_code} ${invoice.city} (${invoice.province})`,
    ],
    ['CUPS', invoice.cups],
    ['Contrato', invoice.contract_code],
    ['Línea', invoice.line],
    ['Tarifa', invoice.tariff],
    ['Fecha de factura', listDate(invoice.launch_date)],
    [
      'Periodo de facturación',
      invoice.reading_from
        ? `${listDate(invoice.reading_from)} - ${listDate(invoice.reading_until)}`
        : 'No aplica',
    ],
  ]);
  if (invoice.category !== 'VA') {
    doc.font('Helvetica-Bold').text('Consumo por periodo');
    writeTable(doc, CONSUMPTION_COLUMNS, consumptionRows(invoice));
  }
  doc.font('Helvetica-Bold').text('Importes');
  writeTable(
    doc,
    [
      { header: 'Concepto', width: 300 },
      { header: 'Importe', width: 120, align: 'right' },
    ],
    amountRows(invoice),
  );
  if (proformas.length) {
    doc.font('Helvetica-Bold').text('Proformas incluidas');
    writeTable(
      doc,
      [
        { header: 'Proforma', width: 100 },
        { header: 'Contrato', width: 90 },
        { header: 'CUPS', width: 170 },
        { header: 'Importe', width: 90, align: 'right' },
      ],
      proformas.map((p) => [displayNumber(p), p.contract_code, p.cups, euros(p.amount)]),
    );
  }
}

export function invoiceFileName(invoice: InvoiceDetail): string {
  return `Factura-${displayNumber(invoice)}.pdf`;
}

export function invoicePdf(invoice: InvoiceDetail, proformas: InvoiceDetail[] = []): PDFKit.PDFDocument {
  const doc = createPdf(invoice.line === 'Gas' ? 'Factura de gas natural' : 'Factura de electricidad');
  writeInvoice(doc, invoice, proformas);
  return doc;
}

export function invoicePdfBuffer(invoice: InvoiceDetail, proformas: InvoiceDetail[] = []): Promise<Buffer> {
  return pdfToBuffer(invoicePdf(invoice, proformas));
}

/**
 * One PDF with every invoice, each from a new page, streamed: pdfkit writes out each finished page, and
 * the next invoice is drawn only once the reply has taken what is buffered, so memory stays flat.
 */
export async function streamInvoiceBundle(
  reply: FastifyReply,
  title: string,
  fileName: string,
  invoices: InvoiceDetail[],
): Promise<void> {
  const doc = createPdf(title);
  // pdfkit's document is a stream.Readable; its typings only declare NodeJS.ReadableStream.
  const stream = doc as unknown as Readable;
  const { waitForRoom, finished } = streamToReply(reply, stream, 'application/pdf', attachment(fileName));
  for (const [index, invoice] of invoices.entries()) {
    if (index > 0) doc.addPage();
    writeInvoice(doc, invoice);
    if (!(await waitForRoom())) return;
  }
  doc.end();
  await finished;
}
