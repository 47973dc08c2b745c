import { displayState, holderDisplayName } from '../data/display';
import { contractPowers } from '../db/contractPowers';
import type { VisibleContract } from '../data/scope';
import { dailyFlow, kilowatts, listDate } from './format';
import { createPdf, writeFields } from './pdf';

function supplyAddress(contract: VisibleContract): string {
  const street = [contract.street, contract.number, contract.extension].filter(Boolean).join(', ');
  return `${street}. ${contract.postal_code} ${contract.city} (${contract.province})`;
}

/** The contract document: who, where, what was contracted and since when. */
export function contractPdf(contract: VisibleContract) {
  const doc = createPdf(`Contrato de suministro ${contract.code}`);
  writeFields(doc, [
    ['Número de contrato', contract.code],
    ['Referencia SICOM', contract.sicom_code],
    ['Estado', displayState(contract.state)],
    ['Fecha de alta', listDate(contract.start_date)],
    ['Fecha de baja', listDate(contract.end_date)],
  ]);
  doc.font('Helvetica-Bold').fontSize(12).text('Titular');
  doc.font('Helvetica').fontSize(10);
  writeFields(doc, [
    ['Nombre o razón social', holderDisplayName(contract)],
    ['NIF/CIF', contract.holder_nif],
  ]);
  doc.font('Helvetica-Bold').fontSize(12).text('Punto de suministro');
  doc.font('Helvetica').fontSize(10);
  writeFields(doc, [
    ['Suministro', contract.line === 'Electricidad' ? 'Electricidad' : 'Gas natural'],
    ['CUPS', contract.cups],
    ['Dirección', supplyAddress(contract)],
  ]);
  doc.font('Helvetica-Bold').fontSize(12).text('Condiciones contratadas');
  doc.font('Helvetica').fontSize(10);
  const powers = contractPowers(contract).map((power, i): [string, string] => [
    `Potencia contratada P${i + 1}`,
    kilowatts(power),
  ]);
  writeFields(doc, [
    ['Tarifa', contract.tariff],
    ['Peaje de acceso', contract.access_fee],
    ...powers,
    ...(contract.caudal === null ? [] : [['Caudal diario', dailyFlow(contract.caudal)] as [string, string]]),
  ]);
  doc
    .moveDown()
    .fillColor('#444444')
    .fontSize(8)
    .text(
      'Este documento resume las condiciones vigentes del contrato de suministro. Las condiciones generales ' +
        'y particulares firmadas prevalecen sobre este resumen.',
    );
  return doc;
}
