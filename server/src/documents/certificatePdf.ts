import { createHmac } from 'node:crypto';

import type { CertificateData } from './certificateFacts';
import { COMPANY } from './company';
import { kwhMeasured, listDate, longDate, monthLabel, roundTo2 } from './format';
import { createPdf, writeFields, writeTable } from './pdf';

/**
 * The certificate's verification code: an HMAC with the server's secret of the contract, the range and the
 * issue date, so the same request on the same day gives the same code and nobody without the secret can make
 * one. 16 characters in groups of four.
 */
export function verificationCode(data: CertificateData, secret: Uint8Array): string {
  const digest = createHmac('sha256', secret)
    .update(JSON.stringify([data.contractCode, data.cups, data.from, data.to, data.issuedOn]))
    .digest('hex')
    .slice(0, 16)
    .toUpperCase();
  return digest.match(/.{4}/g)!.join('-');
}

/**
 * Certificado de consumos: the retailer certifies the energy measured at a supply point, month by month,
 * with totals and a verification code.
 */
export function buildCertificatePdf(data: CertificateData, secret: Uint8Array): PDFKit.PDFDocument {
  const doc = createPdf('Certificado de consumos de energía eléctrica');
  const withSurplus = data.months.some((month) => month.surplus > 0);
  // Each row shows its kWh to 2 decimals and the total is the sum of those shown values, so the printed rows
  // always add up to the printed total (issue 24: 2.329,90 printed under rows adding to 2.329,91).
  const shown = data.months.map((month) => ({
    ...month,
    active: roundTo2(month.active),
    reactive: roundTo2(month.reactive),
    surplus: roundTo2(month.surplus),
  }));
  const total = shown.reduce(
    (sum, month) => ({
      active: sum.active + month.active,
      reactive: sum.reactive + month.reactive,
      surplus: sum.surplus + month.surplus,
    }),
    { active: 0, reactive: 0, surplus: 0 },
  );
  const totalShown = {
    active: roundTo2(total.active),
    reactive: roundTo2(total.reactive),
    surplus: roundTo2(total.surplus),
  };

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

  // 495 pt between the margins; headers longer than their column wrap (writeTable).
  const columns = [
    { header: 'Mes', width: 95 },
    { header: 'Desde', width: 70 },
    { header: 'Hasta', width: 70 },
    { header: 'Activa (kWh)', width: 85, align: 'right' as const },
    { header: 'Reactiva (kVArh)', width: 85, align: 'right' as const },
    ...(withSurplus ? [{ header: 'Excedentes (kWh)', width: 85, align: 'right' as const }] : []),
  ];
  const row = (cells: string[], month: { active: number; reactive: number; surplus: number }) => [
    ...cells,
    kwhMeasured(month.active),
    kwhMeasured(month.reactive),
    ...(withSurplus ? [kwhMeasured(month.surplus)] : []),
  ];
  writeTable(doc, columns, [
    ...shown.map((month) => row([monthLabel(month.month), listDate(month.from), listDate(month.to)], month)),
    row(
      ['Total', listDate(data.months[0]?.from ?? data.from), listDate(data.months.at(-1)?.to ?? data.to)],
      totalShown,
    ),
  ]);

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
  doc.font('Helvetica-Bold').text(`Código de verificación: ${verificationCode(data, secret)}`);
  doc.font('Helvetica').fontSize(8).fillColor('#444444');
  doc.text(`${COMPANY.name} · Atención al cliente ${COMPANY.phone} · ${COMPANY.email}`);
  return doc;
}
