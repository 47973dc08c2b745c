import QRCode from 'qrcode';

import type { InvoicePrint } from '../data/invoiceDocuments';
import { addDays } from '../measurements/dates';
import { COMPANY } from './company';

/**
 * The CNMC comparator's QR code and e-bill link: Resolución de 24 de junio de 2021 de la CNMC (BOE-A-2021-11035),
 * as amended by the Resolución de 6 de octubre de 2022 (BOE-A-2022-16989), whose Anexo I, Tabla 1 lists the 43
 * parameters of the comparator address (name, meaning, unit, «Obligatorio») and Tabla 4 works an example:
 *
 *   https://comparador.cnmc.gob.es/comparador/QRE?cp=28001&pP1=3.3&pP2=3.3&caP1=1298&…&prE3=0.196532&verde=1
 *
 * Electricity bills of supplies with contracted power up to 15 kW (the 2.0TD toll, the one whose two power and
 * three energy periods the parameters name) carry on their first page a QR code, at least 3 × 3 cm without its
 * margin, that opens the comparator with the supply's data; a bill sent by digital means carries the same address
 * in its link, coloured, underlined and clickable. This module is the one place for the fields, their order and
 * format.
 *
 * Format, as Tabla 4 writes it: a decimal point and no thousands separator; kW with up to 3 decimals, kWh whole,
 * euros with 2, prices with 6 (power €/kW·año, energy €/kWh, before taxes); dates YYYY-MM-DD. The start dates
 * (iniA, iniF) name the day before the first day counted (Tabla 4: iniF=2022-07-31, finF=2022-08-31 for August).
 *
 * Where this comes from: only the opening of the BOE pages could be read when this was written, not the annex.
 * Names, order, units, the «Obligatorio» column and the worked example are taken from public transcriptions of
 * Tabla 1 and Tabla 4 (two code bases citing BOE-A-2022-16989) that agree with each other and with retailers' QR
 * addresses in use; the day-before reading of the start dates is theirs and the example's. Not found: an error
 * correction level (M is kept) and what finContrato holds for an open-ended contract (left empty).
 *
 * Checked again (issue 29) with the project's reference search, against the resolution of 24 June 2021:
 * - Verified: the resolution itself (BOE-A-2021-11035, «BOE» 157 of 2 July 2021, pp. 79295-79307, «Resolución de
 *   24 de junio de 2021… información necesaria que deben contener los códigos QR para acceder al comparador») and
 *   its amendment (BOE-A-2022-16989, «BOE» 249 of 17 October 2022); only their opening pages are held, not the
 *   annex, so no field is verified against Tabla 1's own text.
 * - Verified against QR addresses retailers print today (found in public code that reads them): the address
 *   comparador.cnmc.gob.es/comparador/QRE and the names cp, pP1, pP2, tc, finContrato, com, cups, tf, iniF, finF,
 *   impOtrosSinIE, exc, fFact, caP1-caP3, iniA, pmaxP1, pmaxP2, rev, verde, imp, cfP1-cfP3, ajuste, finBS,
 *   impPot, impEner, prP1, prP2 and prE1-prE3, each spelt as here; their formats agree with ours (decimal
 *   point, dates YYYY-MM-DD, kWh whole, prices with 6 decimals, prP in €/kW·año: values near 35 for a 2.0TD P1).
 * - Not verified: the order (those addresses each use another order, so the comparator reads the parameters by
 *   name; ours stays Tabla 1's as transcribed), the «Obligatorio» column, and the names finPen, dtoBS, cfP1flex,
 *   cfP2flex, cambio and promo, which no address found carries (we leave them out unless the bill has them).
 */
export const COMPARATOR_HOME = 'https://comparador.cnmc.gob.es';
const COMPARATOR_QR_PATH = `${COMPARATOR_HOME}/comparador/QRE`;
/** Contracted power above which a supply gets no QR (the resolution's small consumers). */
export const QR_MAX_POWER_KW = 15;
/** The printed side, 3,2 cm in points: above the resolution's 3 cm however the drawing rounds. */
export const QR_SIDE_PT = (3.2 / 2.54) * 72;

/** A number with a point and at most `digits` decimals, trailing zeros dropped (Tabla 4: pP1=3.3). */
const decimal = (value: number, digits: number) => String(Number(value.toFixed(digits)));
const kw = (value: number | undefined) => (value === undefined ? '' : decimal(value, 3));
const kwh = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : value.toFixed(0);
const euros = (value: number) => value.toFixed(2);
const price = (value: number) => value.toFixed(6);
/** A start date as the resolution counts it: the day before the first day. */
const dayBefore = (date: string | null) => (date ? addDays(date, -1) : '');
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * One parameter: its name in Tabla 1, whether Tabla 1 ticks it «Obligatorio», and its value for a bill; null
 * leaves an unticked parameter out (the bill has nothing to say: no permanence, no flexible bands).
 */
type Field = [name: string, mandatory: boolean, value: (print: InvoicePrint) => string | null];

/** 2.0TD power periods over the energy periods' hours: P1 punta covers punta and llano, P2 valle is valle. */
const peak = (print: InvoicePrint, power: 1 | 2) => {
  const [p1, p2, p3] = print.extras.yearMaxKw;
  return power === 1 ? (p1 === undefined ? undefined : Math.max(p1, p2 ?? 0)) : p3;
};

/**
 * Tabla 1, in its order (rows 1 to 43). The retailer's offers are fixed prices per period revised every year on
 * 1 January (tc E0, rev 0), with no permanence (finPen left out), no social bonus discount (dtoBS left out: that
 * is the reference retailers'), the bonus financing inside the prices (finBS 0), no adjustment mechanism of
 * RDL 10/2022 (ajuste 0, it ended in 2023), no additional services, discounts or other charges subject to the
 * electricity tax (impSA, dto, impOtrosConIE 0); the meter rental is the other charge without it (impOtrosSinIE)
 * and the simplified surplus compensation is exc. No flexible bands, price change flag, promotion or green
 * certificate: cfP1flex, cfP2flex, cambio, promo and verde are left out.
 */
const FIELDS: Field[] = [
  ['cp', true, (print) => print.invoice.postal_code],
  ['pP1', true, (print) => kw(print.extras.powers[0])],
  ['pP2', true, (print) => kw(print.extras.powers[1])],
  ['caP1', true, (print) => kwh(print.extras.yearByPeriod[0])],
  ['caP2', true, (print) => kwh(print.extras.yearByPeriod[1])],
  ['caP3', true, (print) => kwh(print.extras.yearByPeriod[2])],
  ['iniA', true, (print) => dayBefore(print.extras.yearFrom)],
  ['tc', true, () => 'E0'],
  ['finPen', false, () => null],
  // «Fecha de fin de contrato»: an open-ended contract has none, so the parameter is there and empty.
  ['finContrato', true, (print) => print.extras.endDate ?? ''],
  ['tf', true, (print) => (print.invoice.rectifies_invoice_id ? 'R' : 'N')],
  ['imp', false, (print) => euros(print.invoice.amount)],
  ['cfP1', false, (print) => kwh(print.invoice.consumption_p1)],
  ['cfP2', false, (print) => kwh(print.invoice.consumption_p2)],
  ['cfP3', false, (print) => kwh(print.invoice.consumption_p3)],
  ['iniF', true, (print) => dayBefore(print.invoice.reading_from)],
  ['finF', true, (print) => print.invoice.reading_until ?? ''],
  ['impSA', false, () => euros(0)],
  ['impOtrosConIE', false, () => euros(0)],
  ['impOtrosSinIE', false, (print) => euros(print.invoice.rental_amount)],
  ['exc', false, (print) => euros(print.invoice.compensation_amount)],
  ['com', true, () => COMPANY.cnmcCode],
  ['cups', true, (print) => print.invoice.cups],
  ['pmaxP1', true, (print) => kw(peak(print, 1))],
  ['pmaxP2', true, (print) => kw(peak(print, 2))],
  ['fFact', true, (print) => print.invoice.launch_date],
  ['dtoBS', false, () => null],
  ['finBS', false, () => euros(0)],
  ['ajuste', false, () => euros(0)],
  [
    'impPot',
    false,
    ({ invoice, extras }) =>
      euros(extras.detail ? sum(extras.detail.power.map((term) => term.amount)) : invoice.power_amount),
  ],
  [
    'impEner',
    false,
    ({ invoice, extras }) =>
      euros(extras.detail ? sum(extras.detail.energy.map((term) => term.amount)) : invoice.energy_amount),
  ],
  ['dto', false, () => euros(0)],
  // The bill's prices are €/kW·día; Tabla 1 wants €/kW·año.
  ...([0, 1] as const).map((i): Field => [
    `prP${i + 1}`,
    false,
    (print) => {
      const perDay = print.extras.detail?.power[i]?.price;
      return perDay === undefined ? null : price(perDay * 365);
    },
  ]),
  ...([0, 1, 2] as const).map((i): Field => [
    `prE${i + 1}`,
    false,
    (print) => {
      const perKwh = print.extras.detail?.energy[i]?.price;
      return perKwh === undefined ? null : price(perKwh);
    },
  ]),
  ['cfP1flex', false, () => null],
  ['cfP2flex', false, () => null],
  ['cambio', false, () => null],
  ['promo', false, () => null],
  ['verde', false, () => null],
  ['rev', true, () => '0'],
];

/** Whether the bill carries the QR: a 2.0TD electricity supply (not a unified invoice) of 15 kW or less. */
export function carriesComparatorQr({ invoice, extras }: InvoicePrint): boolean {
  return (
    invoice.line === 'Electricidad' &&
    invoice.kind !== 'U' &&
    invoice.category !== 'VA' &&
    invoice.tariff === '2.0TD' &&
    extras.powers.length > 0 &&
    Math.max(...extras.powers) <= QR_MAX_POWER_KW
  );
}

/** The comparator address with the bill's fields, for the QR and the link; the bare home for any other bill. */
export function comparatorUrl(print: InvoicePrint): string {
  if (!carriesComparatorQr(print)) return COMPARATOR_HOME;
  const query = new URLSearchParams(
    FIELDS.flatMap(([name, mandatory, value]): [string, string][] => {
      const text = value(print);
      return text === null ? (mandatory ? [[name, '']] : []) : [[name, text]];
    }),
  );
  return `${COMPARATOR_QR_PATH}?${query.toString()}`;
}

/**
 * The QR code of `text` drawn as vectors with its top-left corner at (x, y), `side` points wide without its
 * margin: each row's dark runs as rectangles of one path, in module units under one scaling, filled once (a few
 * hundred operators, no image).
 */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, side: number) {
  // One byte-mode segment and one fixed mask (any of the eight is valid, ISO/IEC 18004): the library's optimal
  // mixed-mode split and scoring all eight masks were most of a bill's drawing time, repeated on every bill of a
  // 200-invoice bundle.
  const { modules } = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
    maskPattern: 0,
  });
  const size = modules.size;
  const runs: string[] = [];
  for (let row = 0; row < size; row++) {
    let start = -1;
    for (let column = 0; column <= size; column++) {
      const dark = column < size && modules.get(row, column);
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        runs.push(`${start} ${row} ${column - start} 1 re`);
        start = -1;
      }
    }
  }
  // Integer module coordinates written as one piece: pdfkit's rect() formats every number on its own.
  const unit = side / size;
  // The colour before the path: a PDF path is painted straight after it is built, with no operator between.
  doc.save().fillColor('#000000').transform(unit, 0, 0, unit, x, y);
  doc.addContent(runs.join('\n'));
  doc.fill().restore();
}
