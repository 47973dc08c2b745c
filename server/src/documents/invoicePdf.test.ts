import { codeSide, decodeCode, drawnCodes, linkUris } from '../../test/pdfQr';
import { overlappingText, pageLines, pdfLines, pdfPages } from '../../test/pdfText';
import type { InvoiceExtras, InvoicePrint } from '../data/invoiceDocuments';
import type { InvoiceDetail } from '../data/invoices';
import type { BillDetail } from '../measurements/billDetail';
import { DISPUTE_CONTACT } from './company';
import { CNMC_NOTICE, invoicePdfBuffer } from './invoicePdf';

const ROW: InvoiceDetail = {
  id: 41,
  holder_id: 7,
  contract_id: 3,
  line: 'Electricidad',
  kind: 'F',
  serie: 'ENERGIA',
  bill_number: '26000281',
  category: 'NO',
  launch_date: '2026-11-05',
  reading_from: '2026-10-01',
  reading_until: '2026-10-31',
  amount: 1234.56,
  currency: 'EUR',
  serie_unica: null,
  numero_unica: null,
  can_download: 1,
  has_proformas: 0,
  tariff: '2.0TD',
  consumption_kwh: 1650.25,
  consumption_p1: 400.1,
  consumption_p2: 450.15,
  consumption_p3: 800,
  consumption_p4: null,
  consumption_p5: null,
  consumption_p6: null,
  power_read_p1: 4.2,
  energy_amount: 600,
  power_amount: 300,
  tax_amount: 40,
  rental_amount: 0.8,
  vat_amount: 200,
  detail: null,
  surplus_kwh: null,
  compensation_amount: 0,
  rectifies_invoice_id: null,
  contract_code: '100000589',
  sicom_code: 'S000000589',
  power_p1: 4.6,
  caudal: null,
  cups: 'ES0021000000000589AB0F',
  street: 'Calle de Colón',
  number: '12',
  extension: '3º B',
  postal_code: '46004',
  city: 'Valencia',
  province: 'Valencia',
  holder_nif: '12345678Z',
  holder_name: 'María',
  holder_first_surname: 'García',
  holder_second_surname: 'López',
};

const DETAIL: BillDetail = {
  days: 31,
  energy: [
    { period: 'P1', label: 'P1 Punta', kwh: 400.1, price: 0.182345, tollsPrice: 0.09, amount: 72.96 },
    { period: 'P2', label: 'P2 Llano', kwh: 450.15, price: 0.131234, tollsPrice: 0.03, amount: 59.08 },
    { period: 'P3', label: 'P3 Valle', kwh: 800, price: 0.101, tollsPrice: 0.005, amount: 80.8 },
  ],
  power: [
    { period: 'P1', label: 'P1 Punta', kw: 4.6, days: 31, price: 0.087, tollsPrice: 0.07, amount: 12.41 },
    { period: 'P2', label: 'P2 Valle', kw: 4.6, days: 31, price: 0.004, tollsPrice: 0.002, amount: 0.57 },
  ],
  maxPower: [
    { period: 'P1', kw: 3.9 },
    { period: 'P2', kw: 2.1 },
  ],
  tolls: 63.21,
  surplus: { kwh: 120.5, price: 0.06, amount: 7.23 },
  tax: { label: 'Impuesto especial sobre la electricidad', rate: 0.0511269632, base: 218.59, amount: 11.18 },
  rental: { days: 31, pricePerDay: 0.026667, amount: 0.83 },
  vat: { rate: 0.21, base: 230.6, amount: 48.43 },
  readings: [
    { period: 'P1', previous: 10234, current: 10634.1, unit: 'kWh' },
    { period: 'P2', previous: 8000, current: 8450.15, unit: 'kWh' },
    { period: 'P3', previous: 12000, current: 12800, unit: 'kWh' },
  ],
  readingKind: 'Real',
  conversionFactor: null,
  dueDate: '2026-11-12',
};

const HISTORY = Array.from({ length: 13 }, (_, i) => ({
  month: `${i < 3 ? 2025 : 2026}-${String(((i + 9) % 12) + 1).padStart(2, '0')}`,
  kwh: 900 + i * 130.4,
}));

const EXTRAS: InvoiceExtras = {
  powers: [4.6, 4.6],
  caudal: null,
  accessFee: '2.0TD',
  iban: 'ES9121000418450200051332',
  rectified: null,
  history: HISTORY,
  yearByPeriod: [1500.4, 1800.6, 3000.2],
  yearFrom: '2025-11-01',
  yearMaxKw: [3.9, 4.25, 2.1],
  endDate: null,
  detail: DETAIL,
};

const electricity: InvoicePrint = {
  invoice: { ...ROW, amount: 279.03, detail: JSON.stringify(DETAIL) },
  extras: EXTRAS,
  proformas: [],
};

const GAS_DETAIL: BillDetail = {
  days: 61,
  energy: [
    {
      period: 'Consumo',
      label: 'Término variable',
      kwh: 2345.67,
      price: 0.071234,
      tollsPrice: 0.01,
      amount: 167.09,
    },
  ],
  power: [
    {
      period: 'Fijo',
      label: 'Término fijo',
      kw: 25,
      days: 61,
      price: 0.2112,
      tollsPrice: 0.1,
      amount: 12.88,
    },
  ],
  maxPower: [],
  tolls: 30.12,
  surplus: null,
  tax: { label: 'Impuesto especial sobre hidrocarburos', rate: 0.00234, base: 2345.67, amount: 5.49 },
  rental: { days: 61, pricePerDay: 0.0204, amount: 1.24 },
  vat: { rate: 0.21, base: 186.7, amount: 39.21 },
  readings: [{ period: 'Consumo', previous: 1523, current: 1742.6, unit: 'm³' }],
  readingKind: 'Estimada',
  conversionFactor: 10.6816,
  dueDate: '2026-11-20',
};

const gas: InvoicePrint = {
  invoice: {
    ...ROW,
    line: 'Gas',
    tariff: 'RL.2',
    cups: 'ES0217000000000777XY0F',
    consumption_kwh: 2345.67,
    consumption_p1: null,
    consumption_p2: null,
    consumption_p3: null,
    amount: 225.91,
  },
  extras: {
    ...EXTRAS,
    powers: [],
    caudal: 25,
    detail: GAS_DETAIL,
    iban: null,
  },
  proformas: [],
};

const second: InvoicePrint = {
  invoice: {
    ...electricity.invoice,
    id: 43,
    kind: 'P',
    serie: 'PF',
    bill_number: '26000300',
    contract_id: 4,
    contract_code: '100000600',
    cups: 'ES0031000000000600CD0F',
    street: 'Calle Sierpes',
    number: '4',
    extension: null,
    tariff: '3.0TD',
    consumption_kwh: 8970,
    amount: 9253.96,
  },
  extras: { ...EXTRAS, history: [] },
  proformas: [],
};
const first: InvoicePrint = {
  ...electricity,
  invoice: { ...electricity.invoice, id: 42, kind: 'P', serie: 'PF', bill_number: '26000299' },
  extras: { ...EXTRAS, history: [] },
};
const unified: InvoicePrint = {
  invoice: {
    ...ROW,
    id: 44,
    kind: 'U',
    serie: 'FU',
    bill_number: '26000010',
    amount: 9532.99,
    consumption_kwh: 10620.25,
  },
  extras: { ...EXTRAS, detail: null, history: [] },
  proformas: [first, second],
};

const lines = async (print: InvoicePrint) => pdfLines(await invoicePdfBuffer(print));

describe('invoice PDF', () => {
  it('carries what a Spanish electricity bill carries, every number es-ES', async () => {
    const text = await lines(electricity);
    for (const line of [
      'Factura 26000281',
      'Importe total: 279,03 €',
      'Titular: María García López',
      'NIF: 12345678Z',
      'Fecha de emisión: 05/11/2026',
      'Fecha de cargo: 12/11/2026',
      'Forma de pago: Domiciliación bancaria, IBAN ES** **** **** **** **** 1332',
      'Dirección de suministro: Calle de Colón 12, 3º B, 46004 Valencia (Valencia)',
      'CUPS: ES0021000000000589AB0F',
      'Contrato: 100000589',
      'Tarifa de acceso: 2.0TD',
      'Potencia contratada: P1 4,60 kW · P2 4,60 kW',
      'Periodo de facturación: del 01/10/2026 al 31/10/2026 (31 días)',
      'Averías y urgencias: i-DE Redes Eléctricas Inteligentes, 900 171 171 (24 horas)',
      'P1 Punta 400,10 0,182345 72,96 €',
      'P3 Valle 800,00 0,101000 80,80 €',
      'P1 Punta 4,60 31 0,087000 12,41 €',
      'Compensación de excedentes: 120,50 kWh × 0,060000 €/kWh -7,23 €',
      'Impuesto especial sobre la electricidad: 5,11269632 % s/ 218,59 € 11,18 €',
      'Alquiler de equipos de medida: 31 días × 0,026667 €/día 0,83 €',
      'IVA: 21 % s/ 230,60 € 48,43 €',
      'Total factura 279,03 €',
      'P1 10.234 kWh 10.634 kWh 400 kWh',
      CNMC_NOTICE,
    ]) {
      expect(text).toContain(line);
    }
    const all = text.join('\n');
    expect(all).toContain('63,21 € son peajes de acceso y cargos');
    expect(all).toContain('Tipo de lectura: Real.');
    expect(all).not.toContain('0418450200051332');
    // The chart: the 13 months under their bars, the kWh over them.
    expect(all).toContain('oct 25 nov 25 dic 25 ene 26');
    expect(all).toContain('sep 26 oct 26');
    expect(text).toContain('2.465');
  });

  it('prints a gas bill with its fixed and variable terms, the m³ conversion and the hydrocarbon tax', async () => {
    const text = await lines(gas);
    for (const line of [
      'Caudal contratado: 25,00 kWh/día',
      'Término variable 2.345,67 0,071234 167,09 €',
      'Término fijo 61 0,211200 12,88 €',
      'Conversión: 219,60 m³ × 10,6816 kWh/m³ = 2.345,67 kWh',
      'Impuesto especial sobre hidrocarburos: 2.345,67 kWh × 0,002340 €/kWh 5,49 €',
      'Consumo 1.523 m³ 1.743 m³ 220 m³',
      'Forma de pago: Sin domiciliación bancaria',
      'Averías y urgencias: Nedgia, 900 750 750 (24 horas)',
    ]) {
      expect(text).toContain(line);
    }
    expect(text.join('\n')).toContain('Tipo de lectura: Estimada.');
  });

  it('names the invoice a rectifying one corrects', async () => {
    const text = await lines({
      ...electricity,
      invoice: { ...electricity.invoice, serie: 'RE', bill_number: '26000012' },
      extras: { ...EXTRAS, rectified: { number: '26000281', launchDate: '2026-11-05' } },
    });
    expect(text).toContain('Factura RE26000012');
    expect(text).toContain('Rectifica la factura: 26000281 de 05/11/2026');
  });

  it('lists every supply of a unified invoice with its own kWh and amount, then each one’s terms', async () => {
    const text = await lines(unified);
    expect(text).toContain('Factura unificada FU26000010');
    expect(text).toContain('Titular: María García López');
    expect(text).toContain('Suministros incluidos: 2');
    expect(text).toContain('Fecha de cargo: 12/11/2026');
    expect(text).toContain(
      'ES0021000000000589AB0F Calle de Colón 12, 3º B 100000589 2.0TD 1.650,25 279,03 €',
    );
    expect(text).toContain('ES0031000000000600CD0F Calle Sierpes 4 100000600 3.0TD 8.970,00 9.253,96 €');
    expect(text).toContain('Total 10.620,25 9.532,99 €');
    // No one contract heads the bill: its CUPS and tariff appear only in the supplies' own sections.
    const head = text.slice(0, text.indexOf('Suministros incluidos'));
    expect(head.join('\n')).not.toMatch(/CUPS:|Tarifa de acceso:/);
    expect(text).toContain('Suministro ES0031000000000600CD0F');
    expect(text).toContain('Proforma PF26000300');
    expect(text.filter((line) => line.startsWith('CUPS: '))).toEqual([
      'CUPS: ES0021000000000589AB0F',
      'CUPS: ES0031000000000600CD0F',
    ]);
  });

  it('prints the totals of an invoice without stored terms', async () => {
    const text = await lines({ ...electricity, extras: { ...EXTRAS, detail: null } });
    expect(text).toContain('P2 450,15');
    expect(text).toContain('Total 1.650,25');
    expect(text).toContain('Término de energía 600,00 €');
    expect(text).toContain('Total factura 279,03 €');
  });

  it('draws no text over another', async () => {
    for (const print of [
      electricity,
      gas,
      { ...electricity, extras: { ...EXTRAS, detail: null } },
      unified,
    ]) {
      for (const page of await pdfPages(await invoicePdfBuffer(print))) {
        expect(overlappingText(page)).toEqual([]);
      }
    }
  });

  it('keeps a section heading on the page of its content (the chart’s heading is never left at a page foot)', async () => {
    for (const print of [electricity, gas]) {
      const pages = (await pdfPages(await invoicePdfBuffer(print))).map((items) => pageLines(items));
      const page = pages.find((text) => text.some((line) => line.startsWith('Evolución del consumo')))!;
      expect(page.some((line) => line.includes(CNMC_NOTICE))).toBe(true);
    }
  });
});

describe('the bill as the rules want it', () => {
  const threeCentimetres = (3 / 2.54) * 72;

  it('carries the CNMC comparator QR on the first page of a 2.0TD bill, at least 3 × 3 cm, with every field', async () => {
    const pdf = await invoicePdfBuffer(electricity);
    const codes = drawnCodes(pdf);
    expect(codes).toHaveLength(1);
    expect(codes[0].page).toBe(1);
    expect(codeSide(codes[0].squares)).toBeGreaterThanOrEqual(threeCentimetres);
    const text = decodeCode(codes[0].squares);
    expect(text).not.toBeNull();
    // Resolución de la CNMC de 6 de octubre de 2022 (BOE-A-2022-16989), Anexo I: the address of Tabla 4 and the
    // parameters of Tabla 1 in its order, written out here rather than read from the module.
    expect(text!.split('?')[0]).toBe('https://comparador.cnmc.gob.es/comparador/QRE');
    expect([...new URL(text!).searchParams.entries()]).toEqual([
      ['cp', '46004'],
      ['pP1', '4.6'],
      ['pP2', '4.6'],
      ['caP1', '1500'],
      ['caP2', '1801'],
      ['caP3', '3000'],
      // Start dates name the day before the first day counted.
      ['iniA', '2025-10-31'],
      ['tc', 'E0'],
      ['finContrato', ''],
      ['tf', 'N'],
      ['imp', '279.03'],
      ['cfP1', '400'],
      ['cfP2', '450'],
      ['cfP3', '800'],
      ['iniF', '2026-09-30'],
      ['finF', '2026-10-31'],
      ['impSA', '0.00'],
      ['impOtrosConIE', '0.00'],
      ['impOtrosSinIE', '0.80'],
      ['exc', '0.00'],
      ['com', 'R2-000'],
      ['cups', 'ES0021000000000589AB0F'],
      // Power P1 (punta) spans the punta and llano hours; P2 is valle.
      ['pmaxP1', '4.25'],
      ['pmaxP2', '2.1'],
      ['fFact', '2026-11-05'],
      ['finBS', '0.00'],
      ['ajuste', '0.00'],
      ['impPot', '12.98'],
      ['impEner', '212.84'],
      ['dto', '0.00'],
      // €/kW·día × 365: Tabla 1 wants €/kW·año.
      ['prP1', '31.755000'],
      ['prP2', '1.460000'],
      ['prE1', '0.182345'],
      ['prE2', '0.131234'],
      ['prE3', '0.101000'],
      ['rev', '0'],
    ]);
  });

  it('names a rectifying bill R and a contract’s end date in the QR', async () => {
    const pdf = await invoicePdfBuffer({
      ...electricity,
      invoice: { ...electricity.invoice, rectifies_invoice_id: 40 },
      extras: { ...EXTRAS, endDate: '2027-09-30' },
    });
    const fields = new URL(decodeCode(drawnCodes(pdf)[0].squares)!).searchParams;
    expect(fields.get('tf')).toBe('R');
    expect(fields.get('finContrato')).toBe('2027-09-30');
  });

  it('leaves the QR off a 6.1TD bill (over 15 kW) and a gas bill, whose link is the comparator itself', async () => {
    const large: InvoicePrint = {
      ...electricity,
      invoice: { ...electricity.invoice, tariff: '6.1TD' },
      extras: { ...EXTRAS, accessFee: '6.1TD', powers: [450, 450, 450, 450, 450, 500] },
    };
    for (const print of [large, gas]) {
      const pdf = await invoicePdfBuffer(print);
      expect(drawnCodes(pdf)).toEqual([]);
      expect(linkUris(pdf)).toEqual(['https://comparador.cnmc.gob.es']);
    }
  });

  it('makes the comparator address a link carrying the bill’s data, and prints it in full', async () => {
    const pdf = await invoicePdfBuffer(electricity);
    const uris = linkUris(pdf);
    expect(uris).toHaveLength(1);
    expect(uris[0]).toBe(decodeCode(drawnCodes(pdf)[0].squares));
    expect(await pdfLines(pdf)).toContain(CNMC_NOTICE);
  });

  it('names the contract’s end date, the CUPS to switch with and where to take a dispute', async () => {
    const open = (await lines(electricity)).join(' ');
    expect(open).toContain('Fin del contrato: indefinido');
    expect(open).toContain('Cambio de comercializadora: facilite su CUPS (ES0021000000000589AB0F)');
    // Compared without spaces: a long address wraps, and the text read back breaks it at the line's end.
    const unspaced = (text: string) => text.replace(/\s+/g, '');
    expect(unspaced(open)).toContain(unspaced(`Resolución extrajudicial de conflictos: ${DISPUTE_CONTACT}`));
    const ending = await lines({ ...electricity, extras: { ...EXTRAS, endDate: '2027-09-30' } });
    expect(ending).toContain('Fin del contrato: 30/09/2027');
  });
});
