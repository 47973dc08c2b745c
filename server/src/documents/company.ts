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

/**
 * Where a customer takes a dispute the retailer has not settled (Directive (EU) 2019/944, Annex I), as printed on
 * every bill. DISPUTE_CONTACT replaces it; read here because bills are drawn on document threads from plain data.
 */
export const DISPUTE_CONTACT =
  process.env.DISPUTE_CONTACT?.trim() ||
  'Si su reclamación no se resuelve en un mes o no está conforme con la respuesta, puede acudir a la Junta ' +
    'Arbitral de Consumo de su comunidad autónoma o al servicio de resolución alternativa de litigios en materia ' +
    'de energía del Ministerio para la Transición Ecológica y el Reto Demográfico.';
