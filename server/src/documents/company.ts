/** The demo retailer printed on every document the server makes (the SPA reads its own copy from config.json). */
export const COMPANY = {
  name: 'Energía Demo Ibérica, S.L.',
  cif: 'B86560930',
  postalAddress: 'Paseo de la Castellana 100, 28046 Madrid',
  phone: '900 100 200',
  email: 'clientes@energiademo.example',
  brandCode: 'EDI',
} as const;
