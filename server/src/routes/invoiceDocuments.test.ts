import { decodeCode, drawnCodes } from '../../test/pdfQr';
import { overlappingText, pdfLines, pdfPages } from '../../test/pdfText';
import { CLIENTE, createTestApp, login, type TestApp } from '../../test/testApp';
import { zipEntryList } from '../../test/zip';
import { displayNumber, holderDisplayName } from '../data/display';
import { invoicePrints } from '../data/invoiceDocuments';
import { type InvoiceDetail, invoiceDetails } from '../data/invoices';
import { dailyFlow, euros, kilowatts, kwhMeasured, listDate, unitPrice } from '../documents/format';
import { CNMC_NOTICE, invoicePdfBuffer } from '../documents/invoicePdf';
import type { BillDetail } from '../measurements/billDetail';
import { addDays, addMonths } from '../measurements/dates';

let t: TestApp;
let token: string;
const IBAN = 'ES7620770024003102575766';

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, CLIENTE, 'demo', 'Demo2024!')).json().access_token;
  const demo = await t.db
    .selectFrom('accounts')
    .select('holder_id')
    .where('username', '=', 'demo')
    .executeTakeFirstOrThrow();
  await t.db.updateTable('holders').set({ iban: IBAN }).where('id', '=', demo.holder_id!).execute();
});

afterAll(async () => {
  await t.close();
});

const get = (url: string) =>
  t.app.inject({ method: 'GET', url: `/api/cliente${url}`, headers: { authorization: `Bearer ${token}` } });

/** The demo customer's downloadable invoices of a kind and line, newest first. */
async function demoInvoices(kind: 'F' | 'U', line: string, category = 'NO'): Promise<InvoiceDetail[]> {
  return invoiceDetails(t.db)
    .innerJoin('accounts', 'accounts.holder_id', 'invoices.holder_id')
    .where('accounts.username', '=', 'demo')
    .where('invoices.kind', '=', kind)
    .where('invoices.line', '=', line as 'Gas')
    .where('invoices.category', '=', category as 'NO')
    .where('invoices.can_download', '=', 1)
    .orderBy('invoices.launch_date', 'desc')
    .orderBy('invoices.id', 'desc')
    .execute();
}

async function pdfOf(invoice: InvoiceDetail): Promise<string[]> {
  const response = await get(`/ov/invoices/api/pdf/${invoice.id}?line=${invoice.line}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return pdfLines(response.rawPayload);
}

const contractOf = (id: number) =>
  t.db.selectFrom('contracts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** What the PDF must print of a bill's stored terms, line by line. */
function termLines(detail: BillDetail, gas: boolean): string[] {
  return [
    ...detail.energy.map(
      (term) => `${term.label} ${kwhMeasured(term.kwh)} ${unitPrice(term.price)} ${euros(term.amount)}`,
    ),
    ...detail.power.map((term) =>
      gas
        ? `${term.label} ${term.days} ${unitPrice(term.price)} ${euros(term.amount)}`
        : `${term.label} ${kwhMeasured(term.kw)} ${term.days} ${unitPrice(term.price)} ${euros(term.amount)}`,
    ),
    `IVA: 21 % s/ ${euros(detail.vat.base)} ${euros(detail.vat.amount)}`,
  ];
}

/** What the PDF must print of the invoice row itself when it has no stored terms. */
function totalLines(invoice: InvoiceDetail): string[] {
  return [`IVA ${euros(invoice.vat_amount)}`, `Total ${kwhMeasured(invoice.consumption_kwh)}`];
}

describe('invoice PDF fields, read back against the database', () => {
  it('carries the CNMC QR of a demo 2.0TD bill: 12 months of kWh per period and the contract’s end, from the rows', async () => {
    const invoice = (await demoInvoices('F', 'Electricidad')).find((row) => row.tariff === '2.0TD')!;
    const response = await get(`/ov/invoices/api/pdf/${invoice.id}?line=${invoice.line}`);
    const [code] = drawnCodes(response.rawPayload);
    expect(code.page).toBe(1);
    const fields = new URL(decodeCode(code.squares)!).searchParams;
    // The contract's bills ending in the 12 months up to this one, a rectified bill counted once.
    const bills = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('contract_id', '=', invoice.contract_id)
      .where('kind', 'in', ['F', 'P'])
      .where('category', '=', 'NO')
      .where('reading_until', '>', addMonths(invoice.reading_until!, -12))
      .where('reading_until', '<=', invoice.reading_until)
      .execute();
    const replaced = new Set(bills.map((bill) => bill.rectifies_invoice_id));
    const counted = bills.filter(
      (bill) =>
        !replaced.has(bill.id) && (bill.reading_until! < invoice.reading_until! || bill.id <= invoice.id),
    );
    expect(counted.length).toBeGreaterThan(1);
    for (const n of [1, 2, 3]) {
      const kwh = counted.reduce(
        (sum, bill) => sum + Number(bill[`consumption_p${n}` as 'consumption_p1']),
        0,
      );
      expect(fields.get(`caP${n}`)).toBe(kwh.toFixed(0));
    }
    // The annual consumption starts the day after iniA (Resolución de la CNMC de 6 de octubre de 2022, Anexo I).
    const first = counted.map((bill) => bill.reading_from!).sort()[0];
    expect(fields.get('iniA')).toBe(addDays(first, -1));
    // The year's highest hourly kW: power P1 over the punta and llano hours, P2 over the valle ones.
    const peaks = counted.flatMap((bill) =>
      bill.detail ? [(JSON.parse(bill.detail) as BillDetail).maxPower.map((peak) => peak.kw)] : [],
    );
    expect(peaks.length).toBeGreaterThan(1);
    const highest = (i: number) => Math.max(0, ...peaks.map((kw) => kw[i]));
    expect(Number(fields.get('pmaxP1'))).toBeCloseTo(Math.max(highest(0), highest(1)), 3);
    expect(Number(fields.get('pmaxP2'))).toBeCloseTo(highest(2), 3);
    expect(fields.get('cups')).toBe(invoice.cups);
    expect(fields.get('finF')).toBe(invoice.reading_until);
    expect(fields.get('cp')).toBe(invoice.postal_code);
    const contract = await contractOf(invoice.contract_id);
    const lines = await pdfLines(response.rawPayload);
    expect(lines).toContain(
      `Fin del contrato: ${contract.end_date ? listDate(contract.end_date) : 'indefinido'}`,
    );
  });

  it('prints an electricity bill’s holder, supply, contract, kW, period, terms, total and masked IBAN', async () => {
    const [invoice] = await demoInvoices('F', 'Electricidad');
    const contract = await contractOf(invoice.contract_id);
    const lines = await pdfOf(invoice);
    const powers = [1, 2, 3, 4, 5, 6].flatMap((n) => {
      const kw = contract[`power_p${n}` as 'power_p1'];
      return kw === null ? [] : [`P${n} ${kilowatts(kw)}`];
    });
    expect(lines).toEqual(
      expect.arrayContaining([
        `Factura ${displayNumber(invoice)}`,
        `Importe total: ${euros(invoice.amount)}`,
        `Titular: ${holderDisplayName(invoice)}`,
        `NIF: ${invoice.holder_nif}`,
        `CUPS: ${invoice.cups}`,
        `Contrato: ${invoice.contract_code}`,
        `Tarifa de acceso: ${invoice.tariff}`,
        `Fecha de emisión: ${listDate(invoice.launch_date)}`,
        'Forma de pago: Domiciliación bancaria, IBAN ES** **** **** **** **** 5766',
        CNMC_NOTICE,
        ...(invoice.detail ? termLines(JSON.parse(invoice.detail), false) : totalLines(invoice)),
      ]),
    );
    // Six periods' powers wrap onto a second line: joined again, the field reads whole.
    expect(lines.join(' ')).toContain(`Potencia contratada: ${powers.join(' · ')}`);
    expect(lines.find((line) => line.startsWith('Periodo de facturación: '))).toContain(
      `del ${listDate(invoice.reading_from)} al ${listDate(invoice.reading_until)}`,
    );
    expect(lines.find((line) => line.startsWith('Averías y urgencias: '))).toMatch(/\d{3} \d{3} \d{3}/);
    expect(lines.join('\n')).not.toContain(IBAN.slice(2, 20));
    expect(lines.join('\n')).toContain('Evolución del consumo (kWh, últimos 13 meses)');
  });

  it('prints a gas bill’s flow in kWh/día and its terms', async () => {
    const [invoice] = await demoInvoices('F', 'Gas');
    const contract = await contractOf(invoice.contract_id);
    const lines = await pdfOf(invoice);
    expect(lines).toEqual(
      expect.arrayContaining([
        `CUPS: ${invoice.cups}`,
        `Tarifa de acceso: ${invoice.tariff}`,
        `Caudal contratado: ${dailyFlow(contract.caudal!)}`,
        ...(invoice.detail ? termLines(JSON.parse(invoice.detail), true) : totalLines(invoice)),
      ]),
    );
  });

  it('prints a Varios invoice’s totals without sections that would be empty', async () => {
    const [invoice] = await demoInvoices('F', 'Electricidad', 'VA');
    const lines = await pdfOf(invoice);
    expect(lines).toContain(`Servicios y conceptos varios ${euros(invoice.rental_amount)}`);
    expect(lines).toContain(`Total factura ${euros(invoice.amount)}`);
    expect(lines).not.toContain('Lecturas del contador');
  });

  it('lists every supply of a unified invoice with its own kWh and amount; no contract heads it', async () => {
    const [unified] = await demoInvoices('U', 'Electricidad');
    const proformas = await invoiceDetails(t.db)
      .where('invoices.kind', '=', 'P')
      .where('invoices.serie_unica', '=', unified.serie_unica)
      .where('invoices.numero_unica', '=', unified.numero_unica)
      .where('invoices.line', '=', unified.line)
      .execute();
    expect(proformas.length).toBeGreaterThan(1);
    const lines = await pdfOf(unified);
    expect(lines).toContain(`Factura unificada ${displayNumber(unified)}`);
    expect(lines).toContain(`Titular: ${holderDisplayName(unified)}`);
    expect(lines).toContain(`Suministros incluidos: ${proformas.length}`);
    for (const proforma of proformas) {
      // The address may wrap onto a second line: the row's first line has everything else.
      const row = lines.find((line) => line.startsWith(`${proforma.cups} `));
      expect(row).toContain(` ${proforma.contract_code} ${proforma.tariff} `);
      expect(row).toMatch(new RegExp(`${kwhMeasured(proforma.consumption_kwh)} ${euros(proforma.amount)}$`));
      expect(lines).toContain(`Suministro ${proforma.cups}`);
      expect(lines).toContain(`CUPS: ${proforma.cups}`);
    }
    const head = lines.slice(0, lines.indexOf('Suministros incluidos'));
    expect(head.join('\n')).not.toMatch(/CUPS:|Tarifa de acceso:/);
  });

  it('names the invoice a rectifying invoice corrects, by number and date', async () => {
    const [rectified, rectifying] = await demoInvoices('F', 'Electricidad');
    await t.db
      .updateTable('invoices')
      .set({ serie: 'RE', rectifies_invoice_id: rectified.id })
      .where('id', '=', rectifying.id)
      .execute();
    const lines = await pdfOf({ ...rectifying, serie: 'RE' });
    expect(lines).toContain(`Factura RE${rectifying.bill_number}`);
    expect(lines).toContain(
      `Rectifica la factura: ${displayNumber(rectified)} de ${listDate(rectified.launch_date)}`,
    );
  });

  it('puts the same invoice PDFs in the ZIP archive, one entry per invoice', async () => {
    const response = await get('/ov/invoices/api/fullbilling/allinRar/Todo?isDefaultQuery=true');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const entries = zipEntryList(response.rawPayload);
    expect(entries.length).toBeGreaterThan(0);
    const [first] = entries;
    const number = /^Factura-(.+)\.pdf$/.exec(first.name)![1];
    const lines = await pdfLines(first.content());
    expect(lines.some((line) => line.endsWith(` ${number}`) && line.startsWith('Factura'))).toBe(true);
    expect(lines).toContain(CNMC_NOTICE);
  });
});

describe('layout of every demo invoice', () => {
  it('draws no text over another on any page of any downloadable demo invoice', async () => {
    const rows = await invoiceDetails(t.db)
      .where('invoices.can_download', '=', 1)
      .orderBy('invoices.id')
      .execute();
    expect(rows.length).toBeGreaterThan(500);
    const overlaps: string[] = [];
    for (const print of await invoicePrints(t.db, rows)) {
      const pages = await pdfPages(await invoicePdfBuffer(print));
      pages.forEach((page, i) => {
        for (const pair of overlappingText(page)) {
          overlaps.push(`${displayNumber(print.invoice)} p. ${i + 1}: ${pair}`);
        }
      });
    }
    expect(overlaps).toEqual([]);
  }, 240_000);
});
