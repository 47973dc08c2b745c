import { once } from 'node:events';
import type { MessagePort } from 'node:worker_threads';

import { displayNumber, holderDisplayName, streetOf } from '../data/display';
import type { InvoicePrint } from '../data/invoiceDocuments';
import type { InvoiceDetail } from '../data/invoices';
import type { BillDetail } from '../measurements/billDetail';
import { carriesComparatorQr, COMPARATOR_HOME, comparatorUrl, drawQr, QR_SIDE_PT } from './cnmcQr';
import { DISPUTE_CONTACT } from './company';
import { distributorOf } from './distributors';
import type { BundlePiece } from './invoiceDownloads';
import {
  dailyFlow,
  decimal,
  euros,
  integer,
  kilowatts,
  kwhMeasured,
  listDate,
  maskedIban,
  percent,
  shortMonth,
  unitPrice,
} from './format';
import { BRAND_COLOUR, createPdf, pdfToBuffer, placeText, writeFields, writeLine, writeTable } from './pdf';

const COMPARATOR_LEAD = 'Puede comparar ofertas en el comparador de la CNMC: ';
export const CNMC_NOTICE = `${COMPARATOR_LEAD}${COMPARATOR_HOME}`;
const QR_EXPLANATION =
  'Escanee este código con su móvil para abrir el comparador de ofertas de la CNMC con los datos de este ' +
  'suministro y comparar su factura con las ofertas del mercado.';
/** Links as the web shows them (Resolución de la CNMC de 6 de octubre de 2022): coloured and underlined. */
const LINK_COLOUR = '#0645ad';

function invoiceTitle(invoice: InvoiceDetail): string {
  const kind = invoice.kind === 'U' ? 'Factura unificada' : invoice.kind === 'P' ? 'Proforma' : 'Factura';
  return `${kind} ${displayNumber(invoice)}`;
}

const isGas = (invoice: InvoiceDetail) => invoice.line === 'Gas';

const supplyAddress = (invoice: InvoiceDetail) =>
  `${streetOf(invoice)}, ${invoice.postal_code} ${invoice.city} (${invoice.province})`;

/** Room left on the page; a block that needs more starts on a new page. */
function keepTogether(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** A section heading, on a new page unless `room` points (the heading and what follows it) fit below. */
function heading(doc: PDFKit.PDFDocument, text: string, room = 60) {
  keepTogether(doc, room);
  doc.x = doc.page.margins.left;
  writeLine(doc.moveDown(0.3).font('Helvetica-Bold').fontSize(11).fillColor(BRAND_COLOUR), text);
  doc.fillColor('#000000').font('Helvetica').fontSize(10).moveDown(0.2);
}

function note(doc: PDFKit.PDFDocument, text: string) {
  doc.x = doc.page.margins.left;
  writeLine(doc.font('Helvetica').fontSize(9), text);
  doc.fontSize(10).moveDown(0.3);
}

/** 'P1 4,60 kW · P2 4,60 kW', or the gas flow. */
function contractedPower({ invoice, extras }: InvoicePrint): [string, string] {
  if (isGas(invoice)) {
    return ['Caudal contratado', extras.caudal === null ? '—' : dailyFlow(extras.caudal)];
  }
  const powers = extras.powers.map((kw, i) => `P${i + 1} ${kilowatts(kw)}`);
  return ['Potencia contratada', powers.join(' · ') || '—'];
}

function billingPeriod(invoice: InvoiceDetail, detail: BillDetail | null): string {
  if (!invoice.reading_from) return 'No aplica';
  const days = detail ? ` (${integer(detail.days)} días)` : '';
  return `del ${listDate(invoice.reading_from)} al ${listDate(invoice.reading_until)}${days}`;
}

function paymentFields({ invoice, extras, proformas }: InvoicePrint): [string, string][] {
  // A unified invoice is charged when its parts are.
  const dueDate = [extras, ...proformas.map((p) => p.extras)].find((e) => e.detail)?.detail?.dueDate;
  return [
    ['Titular', holderDisplayName(invoice)],
    ['NIF', invoice.holder_nif],
    ['Fecha de emisión', listDate(invoice.launch_date)],
    ...(dueDate ? [['Fecha de cargo', listDate(dueDate)] as [string, string]] : []),
    [
      'Forma de pago',
      extras.iban ? `Domiciliación bancaria, IBAN ${maskedIban(extras.iban)}` : 'Sin domiciliación bancaria',
    ],
    ...(extras.rectified
      ? [
          [
            'Rectifica la factura',
            `${extras.rectified.number} de ${listDate(extras.rectified.launchDate)}`,
          ] as [string, string],
        ]
      : []),
  ];
}

function supplyFields(print: InvoicePrint): [string, string][] {
  const { invoice, extras } = print;
  const distributor = distributorOf(invoice.cups);
  return [
    ['Dirección de suministro', supplyAddress(invoice)],
    ['CUPS', invoice.cups],
    ['Contrato', invoice.contract_code],
    ['Tarifa de acceso', invoice.tariff],
    contractedPower(print),
    ['Periodo de facturación', billingPeriod(invoice, extras.detail)],
    ['Fin del contrato', extras.endDate ? listDate(extras.endDate) : 'indefinido'],
    [
      'Cambio de comercializadora',
      `facilite su CUPS (${invoice.cups}) a la nueva comercializadora; el cambio es gratuito`,
    ],
    [
      'Averías y urgencias',
      distributor
        ? `${distributor.name}, ${distributor.phone} (24 horas)`
        : 'el teléfono de su empresa distribuidora',
    ],
  ];
}

/** The consumption rows of an invoice without stored terms: P1–P6 for electricity, one total for gas. */
function consumptionRows(invoice: InvoiceDetail): string[][] {
  const periods = [
    invoice.consumption_p1,
    invoice.consumption_p2,
    invoice.consumption_p3,
    invoice.consumption_p4,
    invoice.consumption_p5,
    invoice.consumption_p6,
  ];
  const rows = periods.flatMap((value, i) => (value === null ? [] : [[`P${i + 1}`, kwhMeasured(value)]]));
  rows.push(['Total', kwhMeasured(invoice.consumption_kwh)]);
  return rows;
}

/** The amounts as the row stores them (invoices without stored terms, unified invoices). */
function totalRows(invoice: InvoiceDetail): string[][] {
  const gas = isGas(invoice);
  const rows: [string, number][] =
    invoice.category === 'VA'
      ? [['Servicios y conceptos varios', invoice.rental_amount]]
      : [
          [gas ? 'Término variable' : 'Término de energía', invoice.energy_amount],
          [gas ? 'Término fijo' : 'Término de potencia', invoice.power_amount],
          ...(invoice.compensation_amount
            ? [['Compensación de excedentes', -invoice.compensation_amount] as [string, number]]
            : []),
          [
            gas ? 'Impuesto especial sobre hidrocarburos' : 'Impuesto especial sobre la electricidad',
            invoice.tax_amount,
          ],
          ['Alquiler de equipos de medida', invoice.rental_amount],
        ];
  rows.push(['IVA', invoice.vat_amount]);
  rows.push(['Total factura', invoice.amount]);
  return rows.map(([label, value]) => [label, euros(value)]);
}

const AMOUNT_COLUMNS = [
  { header: 'Concepto', width: 385 },
  { header: 'Importe', width: 110, align: 'right' as const },
];

/** The terms of one bill: energy and power (or gas's variable and fixed terms), tolls, taxes, total. */
function writeTerms(doc: PDFKit.PDFDocument, { invoice, extras }: InvoicePrint, detail: BillDetail) {
  const gas = isGas(invoice);
  heading(doc, gas ? 'Término variable (consumo de gas)' : 'Término de energía');
  writeTable(
    doc,
    [
      { header: 'Periodo', width: 175 },
      { header: 'Consumo (kWh)', width: 110, align: 'right' },
      { header: 'Precio (€/kWh)', width: 100, align: 'right' },
      { header: 'Importe', width: 110, align: 'right' },
    ],
    detail.energy.map((term) => [
      term.label,
      kwhMeasured(term.kwh),
      unitPrice(term.price),
      euros(term.amount),
    ]),
  );
  if (gas && detail.conversionFactor !== null) {
    const cubicMetres = detail.readings.reduce((sum, reading) => sum + reading.current - reading.previous, 0);
    const kwh = detail.energy.reduce((sum, term) => sum + term.kwh, 0);
    note(
      doc,
      `Conversión: ${kwhMeasured(cubicMetres)} m³ × ${decimal(detail.conversionFactor, 4)} kWh/m³ = ` +
        `${kwhMeasured(kwh)} kWh`,
    );
  }

  heading(doc, gas ? 'Término fijo' : 'Término de potencia');
  writeTable(
    doc,
    gas
      ? [
          { header: 'Concepto', width: 175 },
          { header: 'Días', width: 110, align: 'right' },
          { header: 'Precio (€/día)', width: 100, align: 'right' },
          { header: 'Importe', width: 110, align: 'right' },
        ]
      : [
          { header: 'Periodo', width: 100 },
          { header: 'Potencia (kW)', width: 85, align: 'right' },
          { header: 'Días', width: 50, align: 'right' },
          { header: 'Precio (€/kW·día)', width: 150, align: 'right' },
          { header: 'Importe', width: 110, align: 'right' },
        ],
    detail.power.map((term) =>
      gas
        ? [term.label, integer(term.days), unitPrice(term.price), euros(term.amount)]
        : [term.label, decimal(term.kw, 2), integer(term.days), unitPrice(term.price), euros(term.amount)],
    ),
  );

  const energy = detail.energy.reduce((sum, term) => sum + term.amount, 0);
  const power = detail.power.reduce((sum, term) => sum + term.amount, 0);
  heading(doc, 'Resumen de la factura');
  const rows: string[][] = [
    [gas ? 'Término variable' : 'Término de energía', euros(energy)],
    [gas ? 'Término fijo' : 'Término de potencia', euros(power)],
  ];
  if (detail.surplus) {
    rows.push([
      `Compensación de excedentes: ${kwhMeasured(detail.surplus.kwh)} kWh × ${unitPrice(detail.surplus.price)} €/kWh`,
      euros(-detail.surplus.amount),
    ]);
  }
  const tax = detail.tax;
  rows.push([
    gas
      ? `${tax.label}: ${kwhMeasured(tax.base)} kWh × ${unitPrice(tax.rate)} €/kWh`
      : `${tax.label}: ${percent(tax.rate)} s/ ${euros(tax.base)}`,
    euros(tax.amount),
  ]);
  rows.push([
    `Alquiler de equipos de medida: ${integer(detail.rental.days)} días × ${unitPrice(detail.rental.pricePerDay)} €/día`,
    euros(detail.rental.amount),
  ]);
  rows.push(['Base imponible', euros(detail.vat.base)]);
  rows.push([`IVA: ${percent(detail.vat.rate)} s/ ${euros(detail.vat.base)}`, euros(detail.vat.amount)]);
  rows.push(['Total factura', euros(invoice.amount)]);
  writeTable(doc, AMOUNT_COLUMNS, rows);
  note(
    doc,
    `De los términos de ${gas ? 'consumo y fijo' : 'energía y potencia'} (${euros(energy + power)}), ` +
      `${euros(detail.tolls)} son peajes de acceso y cargos, que se pagan a la distribuidora y al sistema, ` +
      `y ${euros(energy + power - detail.tolls)} el coste de la energía.`,
  );

  heading(doc, 'Lecturas del contador');
  writeTable(
    doc,
    [
      { header: 'Periodo', width: 100 },
      { header: `Lectura anterior (${listDate(invoice.reading_from)})`, width: 130, align: 'right' },
      { header: `Lectura actual (${listDate(invoice.reading_until)})`, width: 130, align: 'right' },
      { header: 'Consumo', width: 135, align: 'right' },
    ],
    // Meter registers count whole units, as the meter shows them.
    detail.readings.map((reading) => [
      reading.period,
      `${integer(reading.previous)} ${reading.unit}`,
      `${integer(reading.current)} ${reading.unit}`,
      `${integer(reading.current - reading.previous)} ${reading.unit}`,
    ]),
  );
  const maxPower = detail.maxPower.map((period) => `${period.period} ${kilowatts(period.kw)}`).join(' · ');
  note(
    doc,
    `Tipo de lectura: ${detail.readingKind}.` +
      (maxPower ? ` Potencia máxima demandada: ${maxPower}.` : '') +
      (extras.caudal !== null && gas ? ` Caudal contratado: ${dailyFlow(extras.caudal)}.` : ''),
  );
}

const CHART_HEIGHT = 90;

/** The last 13 months' billed kWh as bars, drawn with vectors: month under each bar, kWh over it. */
function writeHistory(doc: PDFKit.PDFDocument, history: { month: string; kwh: number }[]) {
  if (!history.length) return;
  // The heading moves with the chart: never left alone at the foot of a page.
  heading(doc, 'Evolución del consumo (kWh, últimos 13 meses)', CHART_HEIGHT + 60);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const top = doc.y + 10;
  const base = top + CHART_HEIGHT;
  const slot = width / history.length;
  const highest = Math.max(1, ...history.map((month) => month.kwh));
  doc
    .save()
    .lineWidth(0.5)
    .strokeColor('#999999')
    .moveTo(left, base)
    .lineTo(left + width, base)
    .stroke();
  history.forEach((month, i) => {
    const height = (month.kwh / highest) * (CHART_HEIGHT - 12);
    const x = left + i * slot;
    const last = i === history.length - 1;
    doc.rect(x + slot * 0.2, base - height, slot * 0.6, height).fill(last ? BRAND_COLOUR : '#f28c28');
  });
  doc.restore().fillColor('#000000').font('Helvetica').fontSize(7);
  history.forEach((month, i) => {
    const height = (month.kwh / highest) * (CHART_HEIGHT - 12);
    const x = left + i * slot;
    placeText(doc, integer(month.kwh), x, base - height - 9, slot, 'center');
    placeText(doc, shortMonth(month.month), x, base + 3, slot, 'center');
  });
  doc.x = left;
  doc.y = base + 14;
  doc.fontSize(10);
}

/** The comparator's QR code beside what it is for, on a supply's first page. */
function writeComparatorQr(doc: PDFKit.PDFDocument, print: InvoicePrint) {
  if (!carriesComparatorQr(print)) return;
  heading(doc, 'Comparador de ofertas de la CNMC', QR_SIDE_PT + 40);
  const left = doc.page.margins.left;
  const top = doc.y + 4;
  drawQr(doc, comparatorUrl(print), left, top, QR_SIDE_PT);
  const textLeft = left + QR_SIDE_PT + 15;
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(QR_EXPLANATION, textLeft, top, {
      width: doc.page.width - doc.page.margins.right - textLeft,
    });
  doc.fontSize(10);
  doc.x = left;
  doc.y = top + QR_SIDE_PT + 8;
}

/** The comparator's address as a link (with the bill's data when it carries the QR), then the dispute contact. */
function writeFooter(doc: PDFKit.PDFDocument, print: InvoicePrint) {
  doc.moveDown(0.5);
  keepTogether(doc, 60);
  const left = doc.page.margins.left;
  const y = doc.y;
  doc.font('Helvetica').fontSize(9).text(COMPARATOR_LEAD, left, y, { lineBreak: false });
  const x = left + doc.widthOfString(COMPARATOR_LEAD);
  doc
    .fillColor(LINK_COLOUR)
    // pdfkit's underline and link boxes need the width, which a one-line text is not given by default.
    .text(COMPARATOR_HOME, x, y, {
      lineBreak: false,
      width: doc.widthOfString(COMPARATOR_HOME),
      underline: true,
      link: comparatorUrl(print),
    })
    .fillColor('#000000');
  doc.x = left;
  doc.y = y + doc.currentLineHeight(true);
  doc.moveDown(0.3);
  note(doc, `Resolución extrajudicial de conflictos: ${DISPUTE_CONTACT}`);
}

/** One bill of one supply: a simple invoice or a proforma. */
function writeSupplyInvoice(doc: PDFKit.PDFDocument, print: InvoicePrint) {
  const { invoice, extras } = print;
  writeFields(doc, paymentFields(print));
  heading(doc, 'Datos del suministro');
  writeFields(doc, supplyFields(print));
  writeComparatorQr(doc, print);
  if (extras.detail) {
    writeTerms(doc, print, extras.detail);
  } else {
    if (invoice.category !== 'VA') {
      heading(doc, 'Consumo por periodo');
      writeTable(
        doc,
        [
          { header: 'Periodo', width: 120 },
          { header: 'Consumo (kWh)', width: 120, align: 'right' },
        ],
        consumptionRows(invoice),
      );
    }
    heading(doc, 'Importes');
    writeTable(doc, AMOUNT_COLUMNS, totalRows(invoice));
  }
  writeHistory(doc, extras.history);
}

/**
 * A unified invoice: the holder, every supply it covers with its own kWh and amount, the totals, then each
 * supply's terms as its proforma gives them. No one contract heads it.
 */
function writeUnifiedInvoice(doc: PDFKit.PDFDocument, print: InvoicePrint) {
  const { invoice, proformas } = print;
  const from = proformas
    .map((p) => p.invoice.reading_from)
    .filter(Boolean)
    .sort()[0];
  const until = proformas
    .map((p) => p.invoice.reading_until)
    .filter(Boolean)
    .sort()
    .at(-1);
  writeFields(doc, [
    ...paymentFields(print),
    [
      'Periodo de facturación',
      from ? `del ${listDate(from)} al ${listDate(until)}` : billingPeriod(invoice, null),
    ],
    ['Suministros incluidos', integer(proformas.length)],
  ]);
  heading(doc, 'Suministros incluidos');
  // 9 pt: a 22-character CUPS fits its column on one line.
  doc.fontSize(9);
  writeTable(
    doc,
    [
      { header: 'CUPS', width: 135 },
      { header: 'Dirección', width: 115 },
      { header: 'Contrato', width: 60 },
      { header: 'Tarifa', width: 45 },
      { header: 'Consumo (kWh)', width: 65, align: 'right' },
      { header: 'Importe', width: 75, align: 'right' },
    ],
    [
      ...proformas.map(({ invoice: p }) => [
        p.cups,
        streetOf(p),
        p.contract_code,
        p.tariff,
        kwhMeasured(p.consumption_kwh),
        euros(p.amount),
      ]),
      [
        'Total',
        '',
        '',
        '',
        kwhMeasured(proformas.reduce((sum, p) => sum + p.invoice.consumption_kwh, 0)),
        euros(invoice.amount),
      ],
    ],
  );
  doc.fontSize(10);
  heading(doc, 'Importes');
  writeTable(doc, AMOUNT_COLUMNS, totalRows(invoice));
  for (const proforma of proformas) {
    doc.addPage();
    writeLine(doc.font('Helvetica-Bold').fontSize(12), `Suministro ${proforma.invoice.cups}`);
    writeLine(doc.font('Helvetica').fontSize(10), invoiceTitle(proforma.invoice));
    doc.moveDown(0.3);
    heading(doc, 'Datos del suministro');
    writeFields(doc, supplyFields(proforma));
    writeComparatorQr(doc, proforma);
    if (proforma.extras.detail) writeTerms(doc, proforma, proforma.extras.detail);
    else writeTable(doc, AMOUNT_COLUMNS, totalRows(proforma.invoice));
  }
}

/** One invoice from the current page on; a bundle calls it once per invoice, each from a new page. */
export function writeInvoice(doc: PDFKit.PDFDocument, print: InvoicePrint) {
  writeLine(doc.font('Helvetica-Bold').fontSize(12), invoiceTitle(print.invoice));
  writeLine(doc.fillColor(BRAND_COLOUR), `Importe total: ${euros(print.invoice.amount)}`);
  doc.fillColor('#000000');
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  if (print.invoice.kind === 'U') writeUnifiedInvoice(doc, print);
  else writeSupplyInvoice(doc, print);
  writeFooter(doc, print);
}

export function invoicePdf(print: InvoicePrint): PDFKit.PDFDocument {
  const doc = createPdf(isGas(print.invoice) ? 'Factura de gas natural' : 'Factura de electricidad');
  writeInvoice(doc, print);
  return doc;
}

export function invoicePdfBuffer(print: InvoicePrint): Promise<Buffer> {
  return pdfToBuffer(invoicePdf(print));
}

/**
 * The bundle's drawing, on a document thread (documentTasks.ts): one PDF with every invoice, each from a new
 * page. After each invoice it sends the bytes pdfkit has written out; before sending the next it waits for the
 * event loop's answer to that piece: true once the reply has taken what is buffered (so memory stays flat, one
 * invoice ahead at most), false when the client has gone, which ends the document there.
 */
export async function drawBundle({
  title,
  prints,
  port,
}: {
  title: string;
  prints: InvoicePrint[];
  port: MessagePort;
}): Promise<Buffer> {
  const doc = createPdf(title);
  let pending: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => pending.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const send = (done: boolean) => {
    const bytes = Buffer.concat(pending);
    pending = [];
    port.postMessage({ bytes, done } satisfies BundlePiece);
  };
  // The answer to the piece before: the next invoice is drawn while the event loop writes that piece out.
  let answer: Promise<unknown[]> | undefined;
  for (const [index, print] of prints.entries()) {
    if (index > 0) doc.addPage();
    writeInvoice(doc, print);
    if (index === prints.length - 1) break;
    if (answer && !(await answer)[0]) break;
    send(false);
    answer = once(port, 'message');
  }
  doc.end();
  await ended;
  send(true);
  port.close();
  return Buffer.alloc(0);
}
