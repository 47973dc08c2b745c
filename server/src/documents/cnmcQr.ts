import QRCode from 'qrcode';

import type { InvoicePrint } from '../data/invoiceDocuments';

/**
 * The CNMC comparator's QR code and e-bill link: Resolución de 24 de junio de 2021 de la CNMC (BOE-A-2021-11035),
 * as amended by the Resolución de 6 de octubre de 2022 (BOE-A-2022-16989). Electricity bills of supplies with
 * contracted power up to 15 kW carry on their first page a QR code, at least 3 × 3 cm without its margin, that
 * opens the comparator with the supply's data; a bill sent by digital means carries the same data in its link,
 * coloured, underlined and clickable. This module is the one place for the fields, their order and format.
 */
export const COMPARATOR_HOME = 'https://comparador.cnmc.gob.es';
const COMPARATOR_QR_PATH = `${COMPARATOR_HOME}/comparador/QRE`;
/** Contracted power above which a supply gets no QR (the resolution's small consumers). */
export const QR_MAX_POWER_KW = 15;
/** The printed side, 3,2 cm in points: above the resolution's 3 cm however the drawing rounds. */
export const QR_SIDE_PT = (3.2 / 2.54) * 72;

const decimals = (value: number, digits: number) => value.toFixed(digits);
/** Dates as YYYYMMDD: no separator to escape in the URL. */
const compactDate = (date: string | null) => (date ?? '').replaceAll('-', '');

type Field = [key: string, value: (print: InvoicePrint) => string];

const perPeriod = (prefix: string, values: (print: InvoicePrint) => number[], digits: number): Field[] =>
  [0, 1, 2, 3, 4, 5].map((i) => [
    `${prefix}${i + 1}`,
    (print) => {
      const value = values(print)[i];
      return value === undefined ? '' : decimals(value, digits);
    },
  ]);

/**
 * The fields in the resolution's order: the supply (postal code, access toll, contracted kW per period, kWh per
 * period over the last 12 months), this bill (period, kWh, total amount, surplus compensation, other charges)
 * and the end of any permanence. Numbers with a point and fixed decimals (kW 3, kWh 0, € 2); an empty value
 * where the bill has none (a period the toll lacks; no permanence: the retailer's offers have none).
 */
const FIELDS: Field[] = [
  ['cp', (print) => print.invoice.postal_code],
  ['tp', (print) => print.invoice.tariff],
  ...perPeriod('pP', (print) => print.extras.powers, 3),
  ...perPeriod('cP', (print) => print.extras.yearByPeriod, 0),
  ['fi', (print) => compactDate(print.invoice.reading_from)],
  ['ff', (print) => compactDate(print.invoice.reading_until)],
  ['cf', (print) => decimals(print.invoice.consumption_kwh, 0)],
  ['it', (print) => decimals(print.invoice.amount, 2)],
  ['ie', (print) => decimals(print.invoice.compensation_amount, 2)],
  ['io', (print) => decimals(print.invoice.rental_amount, 2)],
  ['fp', () => ''],
];

/** Whether the bill carries the QR: an electricity supply (not a unified invoice) of 15 kW or less. */
export function carriesComparatorQr({ invoice, extras }: InvoicePrint): boolean {
  return (
    invoice.line === 'Electricidad' &&
    invoice.kind !== 'U' &&
    invoice.category !== 'VA' &&
    extras.powers.length > 0 &&
    Math.max(...extras.powers) <= QR_MAX_POWER_KW
  );
}

/** The comparator address with the bill's fields, for the QR and the link; the bare home for any other bill. */
export function comparatorUrl(print: InvoicePrint): string {
  if (!carriesComparatorQr(print)) return COMPARATOR_HOME;
  const query = new URLSearchParams(FIELDS.map(([key, value]): [string, string] => [key, value(print)]));
  return `${COMPARATOR_QR_PATH}?${query.toString()}`;
}

/**
 * The QR code of `text` drawn as vectors with its top-left corner at (x, y), `side` points wide without its
 * margin: each row's dark runs as rectangles of one path, filled once (a few hundred operators, no image).
 */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, side: number) {
  // One fixed mask (any of the eight is valid, ISO/IEC 18004): scoring all eight was five sixths of the code's
  // cost, about 10 ms of a bill's drawing on a busy machine.
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M', maskPattern: 0 });
  const size = modules.size;
  const unit = side / size;
  doc.save();
  for (let row = 0; row < size; row++) {
    let start = -1;
    for (let column = 0; column <= size; column++) {
      const dark = column < size && modules.get(row, column);
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        doc.rect(x + start * unit, y + row * unit, (column - start) * unit, unit);
        start = -1;
      }
    }
  }
  doc.fillColor('#000000').fill().restore();
}
