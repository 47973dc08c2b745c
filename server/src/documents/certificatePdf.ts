import { createHash } from 'node:crypto';

import type { HourlyMeasurement } from '../measurements/loadProfile';
import { COMPANY } from './company';
import { createPdf, writeFields, writeTable } from './pdf';

export interface MonthlyConsumption {
  /** 'YYYY-MM'. */
  month: string;
  /** First and last local dates measured within the month, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  active: number;
  reactive: number;
  surplus: number;
}

export interface CertificateData {
  holderName: string;
  holderNif: string;
  cups: string;
  contractCode: string;
  tariff: string;
  supplyAddress: string;
  /** The range asked for, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  months: MonthlyConsumption[];
  /** Local date the certificate is issued, 'YYYY-MM-DD'. */
  issuedOn: string;
}

const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

const kwh = new Intl.NumberFormat('es-ES', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});
const listDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const longDate = (iso: string) =>
  `${Number(iso.slice(8, 10))} de ${MONTH_NAMES[Number(iso.slice(5, 7)) - 1]} de ${iso.slice(0, 4)}`;
const monthLabel = (month: string) => {
  const name = MONTH_NAMES[Number(month.slice(5, 7)) - 1];
  return `${name[0].toUpperCase()}${name.slice(1)} ${month.slice(0, 4)}`;
};

/** Hourly measurements summed per calendar month (local dates), in order. */
export function monthlyTotals(hours: HourlyMeasurement[]): MonthlyConsumption[] {
  const months = new Map<string, MonthlyConsumption>();
  for (const hour of hours) {
    const key = hour.date.slice(0, 7);
    const entry = months.get(key) ?? {
      month: key,
      from: hour.date,
      to: hour.date,
      active: 0,
      reactive: 0,
      surplus: 0,
    };
    entry.to = hour.date;
    entry.active += hour.active;
    entry.reactive += hour.reactive;
    entry.surplus += hour.surplus;
    months.set(key, entry);
  }
  return [...months.values()];
}

/**
 * Certificado de consumos: the retailer certifies the energy measured at a supply point, month by month,
 * with totals and a verification code derived from the certified figures.
 */
export function buildCertificatePdf(data: CertificateData): PDFKit.PDFDocument {
  const doc = createPdf('Certificado de consumos de energía eléctrica');
  const withSurplus = data.months.some((month) => month.surplus > 0);
  const total = data.months.reduce(
    (sum, month) => ({
      active: sum.active + month.active,
      reactive: sum.reactive + month.reactive,
      surplus: sum.surplus + month.surplus,
    }),
    { active: 0, reactive: 0, surplus: 0 },
  );

  writeFields(doc, [
    ['Titular', data.holderName],
    ['NIF/CIF', data.holderNif],
    ['Dirección de suministro', data.supplyAddress],
    ['CUPS', data.cups],
    ['Contrato', data.contractCode],
    ['Tarifa de acceso', data.tariff],
    ['Periodo solicitado', `del ${listDate(data.from)} al ${listDate(data.to)}`],
  ]);
  doc
    .font('Helvetica')
    .text(
      `${COMPANY.name}, con CIF ${COMPANY.cif} y domicilio en ${COMPANY.postalAddress}, como comercializadora ` +
        'del suministro indicado, CERTIFICA que los consumos de energía eléctrica registrados por el equipo de ' +
        'medida del punto de suministro en el periodo solicitado son los que se detallan a continuación, ' +
        'según las lecturas horarias facilitadas por la empresa distribuidora.',
      { align: 'justify' },
    );
  doc.moveDown(0.8);

  const columns = [
    { header: 'Mes', width: 85 },
    { header: 'Desde', width: 64 },
    { header: 'Hasta', width: 64 },
    { header: 'Activa (kWh)', width: 90, align: 'right' as const },
    { header: 'Reactiva (kVArh)', width: 90, align: 'right' as const },
    ...(withSurplus ? [{ header: 'Excedentes (kWh)', width: 90, align: 'right' as const }] : []),
  ];
  const row = (cells: string[], month: { active: number; reactive: number; surplus: number }) => [
    ...cells,
    kwh.format(month.active),
    kwh.format(month.reactive),
    ...(withSurplus ? [kwh.format(month.surplus)] : []),
  ];
  writeTable(doc, columns, [
    ...data.months.map((month) =>
      row([monthLabel(month.month), listDate(month.from), listDate(month.to)], month),
    ),
    row(
      ['Total', listDate(data.months[0]?.from ?? data.from), listDate(data.months.at(-1)?.to ?? data.to)],
      total,
    ),
  ]);

  const code = createHash('sha256')
    .update(JSON.stringify([data.contractCode, data.cups, data.from, data.to, data.months]))
    .digest('hex')
    .slice(0, 16)
    .toUpperCase();
  doc.moveDown(0.5);
  doc
    .font('Helvetica')
    .text(
      'Los periodos sin lecturas (antes del alta, después de la baja del contrato o sin datos de la ' +
        'distribuidora) no figuran en la tabla.',
    );
  doc.moveDown(0.8);
  doc.text(
    `Y para que así conste a petición del titular, se expide el presente certificado en Madrid, a ${longDate(data.issuedOn)}.`,
  );
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').text(`Código de verificación: ${code.match(/.{4}/g)!.join('-')}`);
  doc.font('Helvetica').fontSize(8).fillColor('#444444');
  doc.text(`${COMPANY.name} · Atención al cliente ${COMPANY.phone} · ${COMPANY.email}`);
  return doc;
}
