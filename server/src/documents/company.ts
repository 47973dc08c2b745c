import { readFileSync } from 'node:fs';

import { runtimeConfigFileOf } from '../config';

/** The demo retailer printed on every document the server makes (the SPA reads its own copy from config.json). */
export const COMPANY = {
  name: 'Energía Demo Ibérica, S.L.',
  cif: 'B86560930',
  postalAddress: 'Paseo de la Castellana 100, 28046 Madrid',
  phone: '900 100 200',
  email: 'clientes@energiademo.example',
  brandCode: 'EDI',
  /**
   * The retailer's code in the CNMC register of retailers (R2-XXX), which the comparator QR carries (`com`). A
   * demo retailer is in no register: R2-000 is the code of the worked example in the CNMC's resolution.
   */
  cnmcCode: 'R2-000',
} as const;

const DISPUTE_INTRO =
  'Si su reclamación no se resuelve en un mes o no está conforme con la respuesta, puede acudir';
const DISPUTE_DEFAULT =
  `${DISPUTE_INTRO} a la Junta Arbitral de Consumo de su comunidad autónoma o al servicio de resolución ` +
  'alternativa de litigios en materia de energía del Ministerio para la Transición Ecológica y el Reto Demográfico.';

const isBody = (value: unknown): value is { name: string; url: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { name?: unknown }).name === 'string' &&
  typeof (value as { url?: unknown }).url === 'string';

/**
 * Where a customer takes a dispute the retailer has not settled (Directive (EU) 2019/944, Annex I), as every bill
 * prints it: the bodies of the runtime configuration's `disputeResolution` (config.json), the same list the SPA's
 * claim screens show, so one place configures both; the default text when the file is missing or lists none.
 */
export function disputeContactFrom(file: string): string {
  let bodies: { name: string; url: string }[] = [];
  try {
    const listed = (JSON.parse(readFileSync(file, 'utf8')) as { disputeResolution?: unknown })
      .disputeResolution;
    bodies = Array.isArray(listed) ? listed.filter(isBody) : [];
  } catch {
    // No runtime configuration (tests, an API-only deployment): the default.
  }
  if (!bodies.length) return DISPUTE_DEFAULT;
  return `${DISPUTE_INTRO} a: ${bodies.map((body) => `${body.name} (${body.url})`).join('; ')}.`;
}

/** Read once per thread: bills are drawn on document threads from plain data (a changed file counts on restart). */
export const DISPUTE_CONTACT = disputeContactFrom(runtimeConfigFileOf(process.env));
