import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';

import { CLIENTE, createTestApp, FINCAS, login, type TestApp } from '../../test/testApp';
import { pageLines, pdfLines, pdfPages as pdfTextPages } from '../../test/pdfText';
import { zipEntries } from '../../test/zip';
import { kwhMeasured, listDate } from '../documents/format';
import type { BillDetail } from '../measurements/billDetail';
import { tariffPeriodCodes } from '../measurements/tariffPeriods';
import type { InvoiceKind } from '../db/schema';
import { EXPORT_RANGE_MESSAGE } from './invoiceQueries';
import { searchTurnsOf } from './invoices';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [realm, user, password] of [
    [CLIENTE, 'demo', 'Demo2024!'],
    [CLIENTE, 'demo2', 'Demo2024!'],
    [CLIENTE, 'sinproductos', 'Demo2024!'],
    [CLIENTE, 'gasonly', 'Demo2024!'],
    [FINCAS, 'admin@fincas.example', 'Fincas2024!'],
  ]) {
    tokens[user] = (await login(t.app, realm, user, password)).json().access_token;
  }
});

afterAll(async () => {
  await t.close();
});

const ADMIN = 'admin@fincas.example';

function get(user: string, url: string, headers: Record<string, string> = {}) {
  const base = user === ADMIN ? '/api/fincas' : '/api/cliente';
  return t.app.inject({
    method: 'GET',
    url: `${base}${url}`,
    headers: { authorization: `Bearer ${tokens[user]}`, ...headers },
  });
}

async function holderIdOf(username: string): Promise<number> {
  const account = await t.db
    .selectFrom('accounts')
    .select('holder_id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return account.holder_id!;
}

/** Demo's invoices as the lists count them (simple + unified), straight from the table. */
async function countInDb(
  holderIds: number[],
  where: { from?: string; until?: string; line?: string; kinds?: InvoiceKind[] } = {},
) {
  let query = t.db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('holder_id', 'in', holderIds)
    .where('kind', 'in', where.kinds ?? ['F', 'U']);
  if (where.from) query = query.where('launch_date', '>=', where.from);
  if (where.until) query = query.where('launch_date', '<=', where.until);
  if (where.line) query = query.where('line', '=', where.line as 'Gas');
  return Number((await query.executeTakeFirstOrThrow()).count);
}

async function contractOf(username: string, line: 'Electricidad' | 'Gas', tariff?: string) {
  let query = t.db
    .selectFrom('contracts')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .select(['contracts.id', 'contracts.code', 'supply_points.cups', 'contracts.tariff'])
    .where('contracts.holder_id', '=', await holderIdOf(username))
    .where('contracts.line', '=', line)
    .where('contracts.state', '=', 'Contrato');
  if (tariff) query = query.where('contracts.tariff', '=', tariff);
  return query.orderBy('contracts.id').executeTakeFirstOrThrow();
}

function counts(response: LightMyRequestResponse) {
  return response.json().Fullbilling.total.map((entry: { count: number }) => entry.count);
}

function pdfPages(pdf: Buffer): number {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
}

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

describe('demo invoices (seed)', () => {
  it('bills every product for three years with consistent amounts, periods and kinds', async () => {
    const rows = await t.db.selectFrom('invoices').selectAll().execute();
    const simple = rows.filter((row) => row.kind === 'F' && row.category === 'NO');
    // Amounts against their terms, to the cent, and kWh against the measurements: consumption.test.ts.
    // Each electricity invoice has kWh in exactly its tariff's periods (P1-P3 for 2.0TD, P1-P6 for 3.0TD).
    const electricity = simple.filter((row) => row.line === 'Electricidad');
    // The three years billed all fall after 1 June 2021: every bill is on a TD toll (tolls.ts), whatever toll
    // its contract was signed on: 2.0TD's three periods or 3.0TD's and 6.1TD's six.
    expect(new Set(electricity.map((row) => tariffPeriodCodes(row.tariff).length))).toEqual(new Set([3, 6]));
    for (const row of electricity) {
      const periods = [
        row.consumption_p1,
        row.consumption_p2,
        row.consumption_p3,
        row.consumption_p4,
        row.consumption_p5,
        row.consumption_p6,
      ];
      expect(periods.filter((kwh) => kwh !== null)).toHaveLength(tariffPeriodCodes(row.tariff).length);
    }
    expect(rows.some((row) => row.category === 'VA' && row.reading_from === null)).toBe(true);
    expect(rows.some((row) => row.can_download === 0)).toBe(true);
    expect(new Set(rows.map((row) => row.serie))).toEqual(new Set(['ENERGIA', 'RE', 'VA', 'FU', 'PF']));
    const unified = rows.filter((row) => row.kind === 'U');
    expect(unified.length).toBeGreaterThan(0);
    for (const invoice of unified.slice(0, 5)) {
      const parts = rows.filter((row) => row.kind === 'P' && row.numero_unica === invoice.numero_unica);
      expect(parts.length).toBe(invoice.has_proformas);
      // VAT is charged once on the sum of the bases, so the total is the parts' within a cent per part.
      expect(Math.abs(invoice.amount - parts.reduce((sum, row) => sum + row.amount, 0))).toBeLessThanOrEqual(
        0.01 * parts.length,
      );
    }
    const dates = rows.map((row) => row.launch_date).sort();
    const months = (Date.parse(dates.at(-1)!) - Date.parse(dates[0])) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(34);
  });
});

describe('GET /ov/invoices/api/fullbilling', () => {
  it('answers the latest ten invoices on the default query, newest first, counted as returned', async () => {
    const response = await get('demo', '/ov/invoices/api/fullbilling?isDefaultQuery=true&start=1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.Invoice).toHaveLength(10);
    const dates = body.Invoice.map((invoice: { launchDate: string }) => invoice.launchDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const [all, electricity, gas] = counts(response);
    expect(all).toBe(10);
    expect(electricity + gas).toBe(10);
    expect(body.Fullbilling.total.map((entry: { line: string }) => entry.line)).toEqual([
      'Todas',
      'Electricidad',
      'Gas',
    ]);
    expect(Object.keys(body.Invoice[0]).sort()).toEqual(
      [
        'id',
        'line',
        'billNumber',
        'serieFactura',
        'serieFacturaUnica',
        'numeroFacturaUnica',
        'factura',
        'launchDate',
        'total',
        'readingDateFrom',
        'readingDateUntil',
        'contract',
        'contractCode',
        'nif',
        'cups',
        'street',
        'facturaCategoria',
        'isUnificada',
        'isUnica',
        'canDownload',
        'hasProformas',
        'tarifa',
        'consumoKwh',
        'numeroSuministros',
        'Pdf',
      ].sort(),
    );
    expect(body.Invoice[0].total).toEqual({ amount: expect.any(Number), currency: 'EUR' });
    expect(body.Invoice[0].Pdf).toMatch(/^\/ov\/invoices\/api\/pdf\/\d+\?line=(Electricidad|Gas)$/);
  });

  it('counts all matches per line and pages them by ten', async () => {
    const holder = await holderIdOf('demo');
    const range = 'startDate=2025-01-01&endDate=2025-12-31';
    const first = await get('demo', `/ov/invoices/api/fullbilling?${range}&start=1`);
    expect(first.statusCode).toBe(200);
    const [all, electricity, gas] = counts(first);
    expect(electricity).toBe(
      await countInDb([holder], { from: '2025-01-01', until: '2025-12-31', line: 'Electricidad' }),
    );
    expect(gas).toBe(await countInDb([holder], { from: '2025-01-01', until: '2025-12-31', line: 'Gas' }));
    expect(all).toBe(electricity + gas);
    const second = await get('demo', `/ov/invoices/api/fullbilling?${range}&start=2`);
    const firstIds = first.json().Invoice.map((invoice: { id: number }) => invoice.id);
    const secondIds = second.json().Invoice.map((invoice: { id: number }) => invoice.id);
    expect(firstIds).toHaveLength(10);
    expect(secondIds.filter((id: number) => firstIds.includes(id))).toEqual([]);
    const lastPage = Math.ceil(all / 10);
    const last = await get('demo', `/ov/invoices/api/fullbilling?${range}&start=${lastPage}`);
    expect(last.json().Invoice).toHaveLength(all - (lastPage - 1) * 10);
    expect(
      (await get('demo', `/ov/invoices/api/fullbilling?${range}&start=${lastPage + 1}`)).statusCode,
    ).toBe(204);
  });

  it('leaves a line out with lineRemover and splits simple from unified with findUnicas', async () => {
    const range = 'startDate=2025-06-01&endDate=2026-11-30';
    const electricity = await get('demo', `/ov/invoices/api/fullbilling?${range}&lineRemover=Gas`);
    expect(
      electricity.json().Invoice.every((invoice: { line: string }) => invoice.line === 'Electricidad'),
    ).toBe(true);
    expect(counts(electricity)[2]).toBe(0);
    const unified = await get(
      'demo',
      `/ov/invoices/api/fullbilling?${range}&findUnicas=true&hasUnicasInvoices=true`,
    );
    expect(unified.json().Invoice.every((invoice: { isUnica: number }) => invoice.isUnica === 1)).toBe(true);
    const simple = await get('demo', `/ov/invoices/api/fullbilling?${range}&findUnicas=false`);
    expect(simple.json().Invoice.every((invoice: { isUnificada: number }) => invoice.isUnificada === 0)).toBe(
      true,
    );
    const both = await get('demo', `/ov/invoices/api/fullbilling?${range}`);
    expect(counts(both)[0]).toBe(counts(unified)[0] + counts(simple)[0]);
  });

  it('filters by contract, CUPS, invoice number and amount', async () => {
    const contract = await contractOf('demo', 'Electricidad', '2.0TD');
    const byContract = await get('demo', `/ov/invoices/api/fullbilling?contract=${contract.code}`);
    expect(
      byContract
        .json()
        .Invoice.every((invoice: { contractCode: string }) => invoice.contractCode === contract.code),
    ).toBe(true);
    const byCups = await get('demo', `/ov/invoices/api/fullbilling?cups=${contract.cups.toLowerCase()}`);
    expect(counts(byCups)).toEqual(counts(byContract));
    const target = byContract.json().Invoice[3];
    const byNumber = await get('demo', `/ov/invoices/api/fullbilling?invoice=${target.billNumber}`);
    expect(byNumber.json().Invoice.map((invoice: { id: number }) => invoice.id)).toEqual([target.id]);
    const prices = await get(
      'demo',
      '/ov/invoices/api/fullbilling?minPrice=100&maxPrice=200&startDate=2024-01-01&endDate=2026-12-31',
    );
    const amounts = prices
      .json()
      .Invoice.map((invoice: { total: { amount: number } }) => invoice.total.amount);
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts.every((amount: number) => amount >= 100 && amount <= 200)).toBe(true);
  });

  it('answers 204 when nothing matches and 400 for bad input', async () => {
    expect((await get('sinproductos', '/ov/invoices/api/fullbilling?isDefaultQuery=true')).statusCode).toBe(
      204,
    );
    expect(
      (await get('demo', '/ov/invoices/api/fullbilling?startDate=2010-01-01&endDate=2010-12-31')).statusCode,
    ).toBe(204);
    for (const query of [
      'startDate=2025-02-30',
      'startDate=01-01-2025',
      'startDate=2025-05-01&endDate=2025-01-01',
      'lineRemover=Agua',
      'start=0',
      'minPrice=mucho',
    ]) {
      const response = await get('demo', `/ov/invoices/api/fullbilling?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(400);
    }
  });

  it('accepts 0 for an empty date', async () => {
    const response = await get('demo', '/ov/invoices/api/fullbilling?startDate=0&endDate=0&start=1');
    expect(counts(response)[0]).toBe(await countInDb([await holderIdOf('demo')]));
  });
});

describe('searches in turns', () => {
  it("runs one account's searches one at a time, each answered as alone, while another account's goes on", async () => {
    const urls = ['2024-11-01', '2025-03-01', '2025-06-01', '2025-09-01'].map(
      (from, page) =>
        `/ov/invoices/api/filterfullbilling?line=todo&startDate=${from}&endDate=2026-10-31&start=${(page % 2) + 1}`,
    );
    const alone = [];
    for (const url of urls) alone.push((await get(ADMIN, url)).body);
    const { id: adminId } = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', ADMIN)
      .executeTakeFirstOrThrow();
    const turns = searchTurnsOf(t.db, t.config);
    // The administrator's turn is taken (as by a long search) until the test lets it go.
    let letGo!: () => void;
    const held = turns.run(adminId, () => new Promise<void>((resolve) => (letGo = resolve)));
    const answered: string[] = [];
    const searches = urls.map((url) =>
      get(ADMIN, url).then((response) => (answered.push(url), response.body)),
    );
    try {
      for (let waited = 0; waited < 3000 && turns.load(adminId).waiting < urls.length; waited += 5) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(turns.load(adminId)).toEqual({ running: 1, waiting: urls.length });
      expect((await get('demo', '/ov/invoices/api/fullbilling?start=1')).statusCode).toBe(200);
      expect(answered).toEqual([]);
    } finally {
      letGo(); // the administrator's later tests need the turn back
    }
    await held;
    expect(await Promise.all(searches)).toEqual(alone);
    expect(turns.load(adminId)).toEqual({ running: 0, waiting: 0 });
  });
});

describe('scoping', () => {
  it("keeps another customer's contract, CUPS, invoice and files out of reach (404)", async () => {
    const contract = await contractOf('demo', 'Electricidad');
    const invoice = await t.db
      .selectFrom('invoices')
      .select(['id', 'line'])
      .where('contract_id', '=', contract.id)
      .where('can_download', '=', 1)
      .executeTakeFirstOrThrow();
    expect((await get('demo', `/ov/invoices/api/pdf/${invoice.id}?line=${invoice.line}`)).statusCode).toBe(
      200,
    );
    for (const url of [
      `/ov/invoices/api/pdf/${invoice.id}?line=${invoice.line}`,
      `/ov/invoices/api/fullbilling?contract=${contract.code}`,
      `/ov/invoices/api/fullbilling?cups=${contract.cups}`,
      `/ov/invoices/api/Electricidad?contract=${contract.code}`,
      `/ov/invoices/api/fullbilling/allinPDF/Electricidad?cups=${contract.cups}`,
      `/ov/invoices/api/fullbilling/allinRar/Electricidad?contract=${contract.code}`,
      `/ov/contracts/api/contractCode/invoices/?line=Electricidad&contractCode=${contract.code}&defaultQuery=true`,
      `/ov/contracts/api/getPriceMinAndMaxInvoices?line=Electricidad&contractCode=${contract.code}`,
      `/ov/contracts/api/contractCode/fullbilling?line=Electricidad&contractCode=${contract.code}&startDate=2025-01-01&endDate=2025-06-30`,
      `/ov/consumptions/api/fullbilling?line=Electricidad&contractCode=${contract.code}&startDate=2025-01-01&endDate=2025-06-30`,
      `/ov/contracts/api/administrador-fincas?codigoContrato=${contract.code}&line=Electricidad`,
    ]) {
      const response = await get('demo2', url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.json().message).toBe('Recurso no encontrado');
    }
  });

  it('answers 404 when one of two filters names someone else (a mixed batch)', async () => {
    const own = await contractOf('demo2', 'Electricidad');
    const foreign = await contractOf('demo', 'Electricidad');
    expect((await get('demo2', `/ov/invoices/api/fullbilling?contract=${own.code}`)).statusCode).toBe(200);
    expect(
      (await get('demo2', `/ov/invoices/api/fullbilling?contract=${own.code}&cups=${foreign.cups}`))
        .statusCode,
    ).toBe(404);
  });

  it("does not find another customer's invoice by number, unified number or proforma headers", async () => {
    const foreign = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('holder_id', '=', await holderIdOf('demo'))
      .where('kind', '=', 'U')
      .executeTakeFirstOrThrow();
    expect(
      (await get('demo2', `/ov/invoices/api/searchOneInvoice?invoice=${foreign.bill_number}`)).statusCode,
    ).toBe(204);
    const headers = {
      seriefactura: foreign.serie_unica!,
      numerofactura: foreign.numero_unica!,
      linea: foreign.line,
    };
    expect((await get('demo2', '/ov/invoices/api/proforma', headers)).statusCode).toBe(404);
    expect((await get('demo2', '/ov/invoices/api/proformaDownload', headers)).statusCode).toBe(404);
    expect(
      (
        await get(
          'demo2',
          `/ov/contracts/api/contracts?numeroFactura=${foreign.numero_unica}&serieFactura=FU&line=${foreign.line}&marca=EDI&Content-Type=pdf&base64=false`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await get(
          'demo',
          `/ov/contracts/api/contracts?numeroFactura=${foreign.numero_unica}&serieFactura=FU&line=${foreign.line}&marca=EDI&Content-Type=pdf&base64=false`,
        )
      ).statusCode,
    ).toBe(200);
  });

  it("shows an administrator exactly its clients' invoices", async () => {
    const clients = (await t.db.selectFrom('administrator_clients').select('holder_id').execute()).map(
      (row) => row.holder_id,
    );
    const response = await get(
      ADMIN,
      '/ov/invoices/api/filterfullbilling?line=todo&startDate=0&endDate=0&start=1',
    );
    expect(counts(response)[0]).toBe(await countInDb(clients));
    const gas = await get(
      ADMIN,
      '/ov/invoices/api/filterfullbilling?line=gas&startDate=2025-01-01&endDate=2025-12-31',
    );
    expect(gas.json().Invoice.every((invoice: { line: string }) => invoice.line === 'Gas')).toBe(true);
    expect(counts(gas)[1]).toBe(0);
    const demoNif = (
      await t.db
        .selectFrom('holders')
        .select('nif')
        .where('id', '=', await holderIdOf('demo'))
        .executeTakeFirstOrThrow()
    ).nif;
    expect((await get(ADMIN, `/ov/invoices/api/filterfullbilling?cif=${demoNif}`)).statusCode).toBe(404);
    const clientNif = gas.json().Invoice[0].nif;
    const byCif = await get(
      ADMIN,
      `/ov/invoices/api/filterfullbilling?cif=${clientNif.toLowerCase()}&line=todo`,
    );
    expect(byCif.json().Invoice.every((invoice: { nif: string }) => invoice.nif === clientNif)).toBe(true);
    const demoInvoice = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('holder_id', '=', await holderIdOf('demo'))
      .executeTakeFirstOrThrow();
    expect((await get(ADMIN, `/ov/invoices/api/pdf/${demoInvoice.id}`)).statusCode).toBe(404);
  });
});

describe('single invoices, counts and price limits', () => {
  it('searches one invoice by number, with or without series', async () => {
    const row = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('holder_id', '=', await holderIdOf('demo'))
      .where('serie', '=', 'RE')
      .executeTakeFirstOrThrow();
    for (const text of [row.bill_number, `RE${row.bill_number}`]) {
      const response = await get('demo', `/ov/invoices/api/searchOneInvoice?invoice=${text}`);
      expect(response.json().Invoice.map((invoice: { id: number }) => invoice.id)).toEqual([row.id]);
      expect(counts(response)).toEqual(row.line === 'Gas' ? [1, 0, 1] : [1, 1, 0]);
    }
    expect((await get('demo', '/ov/invoices/api/searchOneInvoice?invoice=99999999')).statusCode).toBe(204);
    expect((await get('demo', '/ov/invoices/api/searchOneInvoice')).statusCode).toBe(400);
  });

  it('gives the PDF of an invoice with holder, CUPS, period and consumption by period', async () => {
    const contract = await contractOf('demo', 'Electricidad', '6.1TD');
    const row = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('contract_id', '=', contract.id)
      .where('kind', '=', 'F')
      .where('category', '=', 'NO')
      .where('can_download', '=', 1)
      .executeTakeFirstOrThrow();
    const response = await get(
      'demo',
      `/ov/invoices/api/pdf/${row.id}?line=Electricidad&CUPS=${contract.cups}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `Factura-${row.serie === 'ENERGIA' ? '' : row.serie}${row.bill_number}.pdf`,
    );
    expect(pdfPages(response.rawPayload)).toBeGreaterThanOrEqual(1);
    const lines = await pdfLines(response.rawPayload);
    expect(lines).toContain('Titular: María García López');
    expect(lines).toContain(`CUPS: ${contract.cups}`);
    expect(
      lines.some((line) => line.startsWith(`Periodo de facturación: del ${listDate(row.reading_from)}`)),
    ).toBe(true);
    for (const term of (JSON.parse(row.detail!) as BillDetail).energy) {
      expect(lines.some((line) => line.startsWith(`${term.label} ${kwhMeasured(term.kwh)} `))).toBe(true);
    }
    expect((await get('demo', `/ov/invoices/api/pdf/${row.id}?line=Gas`)).statusCode).toBe(404);
    const noPdf = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('holder_id', '=', await holderIdOf('demo'))
      .where('can_download', '=', 0)
      .executeTakeFirstOrThrow();
    expect((await get('demo', `/ov/invoices/api/pdf/${noPdf.id}`)).statusCode).toBe(404);
  });

  it('counts unified invoices per line and gives whole-euro price limits', async () => {
    const holder = await holderIdOf('demo');
    const unicas = (await get('demo', '/ov/invoices/api/isUnicaInvoicesAssociate')).json();
    expect(unicas).toEqual({
      FacturasUnicas: {
        Electricidad: await countInDb([holder], { kinds: ['U'], line: 'Electricidad' }),
        Gas: await countInDb([holder], { kinds: ['U'], line: 'Gas' }),
      },
    });
    expect(unicas.FacturasUnicas.Electricidad).toBeGreaterThan(0);
    expect((await get('sinproductos', '/ov/invoices/api/isUnicaInvoicesAssociate')).json()).toEqual({
      FacturasUnicas: { Electricidad: 0, Gas: 0 },
    });
    const amounts = await t.db
      .selectFrom('invoices')
      .select('amount')
      .where('holder_id', '=', holder)
      .where('kind', 'in', ['F', 'U'])
      .execute();
    const values = amounts.map((row) => row.amount);
    expect((await get('demo', '/ov/invoices/api/getPriceMinAndMaxInvoice')).json()).toEqual({
      minImportClientInvoice: Math.floor(Math.min(...values)),
      maxImportClientInvoice: Math.ceil(Math.max(...values)),
    });
    expect((await get('sinproductos', '/ov/invoices/api/getPriceMinAndMaxInvoice')).json()).toEqual({
      minImportClientInvoice: -10000,
      maxImportClientInvoice: 10000,
    });
  });

  it('lists unified gas invoices and gives one as a PDF with the headers', async () => {
    const list = await get(
      'demo',
      '/ov/invoices/api/fullbilling/unicas/gas?startDate=0&endDate=0&isDefaultQuery=false&start=1&cb=123',
    );
    expect(list.statusCode).toBe(200);
    const invoices = list.json().Invoice;
    expect(
      invoices.every(
        (invoice: { line: string; isUnica: number }) => invoice.line === 'Gas' && invoice.isUnica === 1,
      ),
    ).toBe(true);
    const pdf = await get('demo', '/ov/invoices/api/fullbilling/unicas/gas?cb=1', {
      seriefactura: invoices[0].serieFacturaUnica,
      numerofactura: invoices[0].numeroFacturaUnica,
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfPages(pdf.rawPayload)).toBeGreaterThanOrEqual(1);
  });
});

describe('bulk exports', () => {
  const range = 'startDate=2025-11-01&endDate=2026-10-31';

  it('exports Excel with a header row and one typed row per invoice', async () => {
    const response = await get(
      'demo',
      `/ov/invoices/api/Electricidad?${range}&lineRemover=Gas&findUnicas=false`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''facturas%20Electricidad.xlsx",
    );
    const sheet = await readSheet(response.rawPayload);
    expect(sheet.getRow(1).getCell(1).value).toBe('Línea');
    expect(sheet.getRow(1).getCell(5).value).toBe('Fecha de factura');
    const expected = await countInDb([await holderIdOf('demo')], {
      from: '2025-11-01',
      until: '2026-10-31',
      line: 'Electricidad',
      kinds: ['F'],
    });
    expect(sheet.rowCount).toBe(expected + 1);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('Electricidad');
    expect(row.getCell(5).value).toBeInstanceOf(Date);
    expect(row.getCell(5).numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getRow(1).getCell(17).value).toBe('Importe total (€)');
    expect(typeof row.getCell(17).value).toBe('number');
    expect(row.getCell(17).numFmt).toBe('#,##0.00 "€"');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
  });

  it('neutralises text that Excel would take for a formula', async () => {
    const contract = await contractOf('demo2', 'Gas');
    const point = await t.db
      .selectFrom('contracts')
      .select('supply_point_id')
      .where('id', '=', contract.id)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('supply_points')
      .set({ street: '=HYPERLINK("http://x.example")' })
      .where('id', '=', point.supply_point_id)
      .execute();
    const response = await get('demo2', `/ov/invoices/api/Gas?contract=${contract.code}&${range}`);
    const sheet = await readSheet(response.rawPayload);
    expect(sheet.getRow(1).getCell(12).value).toBe('Dirección');
    const street = sheet.getRow(2).getCell(12);
    expect(street.value).toMatch(/^'=HYPERLINK/);
    expect(street.formula).toBeUndefined();
  });

  it('bundles the invoices with a PDF into one PDF, each from a new page', async () => {
    const contract = await contractOf('demo', 'Electricidad', '2.0TD');
    const query = `contract=${contract.code}&${range}`;
    const withPdf = await t.db
      .selectFrom('invoices')
      .select(['id', 'kind', 'serie', 'bill_number'])
      .where('contract_id', '=', contract.id)
      .where('kind', 'in', ['F', 'U'])
      .where('can_download', '=', 1)
      .where('launch_date', '>=', '2025-11-01')
      .where('launch_date', '<=', '2026-10-31')
      .execute();
    const response = await get('demo', `/ov/invoices/api/fullbilling/allinPDF/electricidad?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('facturas Electricidad.pdf');
    // Each invoice opens a page with its title; its further pages carry none.
    const title = /^Factura (unificada )?[A-Z]*\d+$/;
    const pages = (await pdfTextPages(response.rawPayload)).map(pageLines);
    const titles = pages.flatMap((lines, i) => {
      const at = lines.findIndex((line) => title.test(line));
      // Under the bundle's letterhead (3 lines) on the first page, at the top of any other.
      if (at >= 0) expect(at).toBe(i === 0 ? 3 : 0);
      return at >= 0 ? [lines[at]] : [];
    });
    expect(titles.sort()).toEqual(
      withPdf
        .map(
          (row) =>
            `Factura ${row.kind === 'U' ? 'unificada ' : ''}${row.serie === 'ENERGIA' ? '' : row.serie}${row.bill_number}`,
        )
        .sort(),
    );
  });

  it('streams a ZIP of the invoice PDFs and says it is a ZIP', async () => {
    const contract = await contractOf('demo', 'Gas');
    const response = await get(
      'demo',
      `/ov/invoices/api/fullbilling/allinRar/Gas?contract=${contract.code}&${range}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('facturas Gas.zip');
    const rows = await t.db
      .selectFrom('invoices')
      .select(['serie', 'bill_number'])
      .where('contract_id', '=', contract.id)
      .where('kind', 'in', ['F', 'U'])
      .where('can_download', '=', 1)
      .where('launch_date', '>=', '2025-11-01')
      .where('launch_date', '<=', '2026-10-31')
      .execute();
    const names = zipEntries(response.rawPayload);
    expect(names.sort()).toEqual(
      rows.map((row) => `Factura-${row.serie === 'ENERGIA' ? '' : row.serie}${row.bill_number}.pdf`).sort(),
    );
  });

  it('refuses exports over the limits with the bulk-limit messages', async () => {
    const tooLong = await get(
      'demo',
      '/ov/invoices/api/Electricidad?startDate=2025-01-15&endDate=2026-01-16',
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(EXPORT_RANGE_MESSAGE);
    expect(
      (
        await get(
          'demo',
          '/ov/invoices/api/Electricidad?startDate=2025-01-15&endDate=2026-01-15&lineRemover=Gas',
        )
      ).statusCode,
    ).toBe(200);

    // A customer with more invoices than any export allows.
    const contract = await contractOf('gasonly', 'Gas');
    const model = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('contract_id', '=', contract.id)
      .executeTakeFirstOrThrow();
    const extra = Array.from({ length: 1001 }, (_, i) => {
      const { id: _id, ...copy } = model;
      return { ...copy, serie: 'TEST', bill_number: String(i), launch_date: `2026-0${1 + (i % 9)}-15` };
    });
    for (let i = 0; i < extra.length; i += 250) {
      await t.db
        .insertInto('invoices')
        .values(extra.slice(i, i + 250))
        .execute();
    }
    const all = counts(await get('gasonly', `/ov/invoices/api/fullbilling?${range}`))[0];
    expect(all).toBeGreaterThan(1001);
    for (const path of ['fullbilling/allinPDF/Todo', 'fullbilling/allinRar/Gas']) {
      const response = await get('gasonly', `/ov/invoices/api/${path}?${range}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        `La descarga masiva de facturas no es posible, ya que los resultados exceden los límites permitidos. Resultados actuales ${all}. Límites incumplidos: PDF, ZIP: 200 resultados`,
      );
    }
    const excel = await get('gasonly', `/ov/invoices/api/Gas?${range}`);
    expect(excel.statusCode).toBe(400);
    expect(excel.json().message).toBe(
      `La descarga masiva de facturas no es posible, ya que los resultados exceden los límites permitidos. Resultados actuales ${all}. Límites incumplidos: EXCEL: 1,000 resultados`,
    );
    const fewer = await get('gasonly', `/ov/invoices/api/Gas?${range}&isDefaultQuery=true`);
    // The default query's two lists, as the gas screen shows them: the latest ten simple and the unified ones.
    const unified = await get('gasonly', '/ov/invoices/api/fullbilling/unicas/gas?isDefaultQuery=true');
    const unifiedRows = unified.statusCode === 204 ? 0 : [unified.json().Invoice].flat().length;
    expect((await readSheet(fewer.rawPayload)).rowCount).toBe(1 + 10 + unifiedRows);
  });

  it('a default-query export holds exactly what the freshly opened list shows: both lists, all their rows', async () => {
    for (const [line, simpleList, unifiedList] of [
      [
        'Electricidad',
        '/ov/invoices/api/fullbilling?isDefaultQuery=true&lineRemover=Gas&findUnicas=false&start=1',
        '/ov/invoices/api/fullbilling?isDefaultQuery=true&lineRemover=Gas&findUnicas=true&start=1',
      ],
      [
        'Gas',
        '/ov/invoices/api/fullbilling?isDefaultQuery=true&lineRemover=Electricidad&findUnicas=false&start=1',
        '/ov/invoices/api/fullbilling/unicas/gas?isDefaultQuery=true&start=1',
      ],
    ]) {
      const listed = async (path: string) => {
        const response = await get('demo', path);
        if (response.statusCode === 204) return [];
        const rows = response.json().Invoice;
        return (Array.isArray(rows) ? rows : [rows]) as unknown[];
      };
      const shown = (await listed(simpleList)).length + (await listed(unifiedList)).length;
      expect(shown).toBeGreaterThan(10);
      const sheet = await get('demo', `/ov/invoices/api/${line}?isDefaultQuery=true`);
      expect((await readSheet(sheet.rawPayload)).rowCount - 1).toBe(shown);
    }
  });

  it('answers 204 when an export has nothing', async () => {
    expect(
      (await get('demo', '/ov/invoices/api/Gas?startDate=2010-01-01&endDate=2010-06-30')).statusCode,
    ).toBe(204);
    expect(
      (await get('demo', '/ov/invoices/api/fullbilling/allinRar/Gas?startDate=2010-01-01&endDate=2010-06-30'))
        .statusCode,
    ).toBe(204);
  });

  it('downloads the proformas of a unified invoice as ZIP and spreadsheet', async () => {
    const unified = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('holder_id', '=', await holderIdOf('demo'))
      .where('kind', '=', 'U')
      .executeTakeFirstOrThrow();
    const headers = {
      seriefactura: 'FU',
      numerofactura: unified.numero_unica!,
      linea: unified.line,
      nombremarca: 'EDI',
      accept: 'application/zip',
    };
    const zip = await get('demo', '/ov/invoices/api/proforma', headers);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zipEntries(zip.rawPayload)).toHaveLength(unified.has_proformas);
    const sheet = await readSheet(
      (await get('demo', '/ov/invoices/api/proformaDownload', headers)).rawPayload,
    );
    expect(sheet.rowCount).toBe(unified.has_proformas + 1);
    expect(sheet.getRow(2).getCell(2).value).toBe('Proforma');
    const proforma = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('numero_unica', '=', unified.numero_unica)
      .where('kind', '=', 'P')
      .executeTakeFirstOrThrow();
    const byProforma = await get('demo', '/ov/invoices/api/proforma', {
      seriefactura: 'PF',
      numerofactura: proforma.bill_number,
    });
    expect(zipEntries(byProforma.rawPayload)).toHaveLength(unified.has_proformas);
    expect((await get('demo', '/ov/invoices/api/proforma', { seriefactura: 'FU' })).statusCode).toBe(400);
  });
});

describe('per-product calls', () => {
  it('lists a product on the default query and after a search, with the per-product fields', async () => {
    const contract = await contractOf('demo', 'Electricidad', '6.1TD');
    const base = `/ov/contracts/api/contractCode/invoices/?line=Electricidad&contractCode=${contract.code}`;
    const first = await get('demo', `${base}&defaultQuery=true&limit=10`);
    expect(first.statusCode).toBe(200);
    const list = first.json().Invoices;
    expect(list.invoicesList).toHaveLength(10);
    expect(list.total.countInvoices).toBe(10);
    const item = list.invoicesList.find(
      (invoice: { facturaCategoria: string }) => invoice.facturaCategoria === 'NO',
    );
    expect(item).toMatchObject({
      fechaFactura: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      periodoFacturacion: { desde: expect.any(String), hasta: expect.any(String) },
      total: { importe: expect.any(Number), divisa: 'EUR', countInvoices: 10 },
      tarifa: '6.1TD',
      consumoActivaP6: expect.any(Number),
      pdf: expect.stringMatching(/^\/ov\/invoices\/api\/pdf\/\d+\?line=Electricidad$/),
    });
    expect(item.TotalConsumoEnergiaActiva).toBe(
      [1, 2, 3, 4, 5, 6].reduce((sum, p) => sum + item[`consumoActivaP${p}`], 0),
    );
    const searched = await get('demo', `${base}&startDate=2025-01-01&endDate=2025-12-31&start=2&limit=10`);
    const expected = await t.db
      .selectFrom('invoices')
      .select(['amount'])
      .where('contract_id', '=', contract.id)
      .where('kind', 'in', ['F', 'P'])
      .where('launch_date', '>=', '2025-01-01')
      .where('launch_date', '<=', '2025-12-31')
      .execute();
    expect(searched.json().Invoices.total).toEqual({
      countInvoices: expected.length,
      total: Math.round(expected.reduce((sum, row) => sum + row.amount, 0) * 100) / 100,
    });
    expect(searched.json().Invoices.invoicesList).toHaveLength(expected.length - 10);
    const charts = await get(
      'demo',
      `/ov/contracts/api/contractCode/charts/invoices?line=Electricidad&contractCode=${contract.code}&startDate=2025-01-01&endDate=2025-12-31&start=1&limit=10`,
    );
    const dates = charts
      .json()
      .Invoices.invoicesList.map((invoice: { fechaFactura: string }) => invoice.fechaFactura);
    expect([...dates].sort()).toEqual(dates);
    expect((await get('demo', `${base.replace('Electricidad', 'Gas')}&defaultQuery=true`)).statusCode).toBe(
      404,
    );
    expect((await get('demo', `${base}&startDate=2010-01-01&endDate=2010-12-31`)).statusCode).toBe(204);
  });

  it('shows proformas of unified billing in the product list', async () => {
    const proforma = await t.db
      .selectFrom('invoices')
      .innerJoin('contracts', 'contracts.id', 'invoices.contract_id')
      .select(['contracts.code', 'invoices.line', 'invoices.launch_date'])
      .where('invoices.holder_id', '=', await holderIdOf('demo'))
      .where('invoices.kind', '=', 'P')
      .executeTakeFirstOrThrow();
    const response = await get(
      'demo',
      `/ov/contracts/api/contractCode/invoices/?line=${proforma.line}&contractCode=${proforma.code}&startDate=${proforma.launch_date}&endDate=${proforma.launch_date}`,
    );
    const [item] = response.json().Invoices.invoicesList;
    expect(item).toMatchObject({
      isUnificada: 1,
      isUnica: 0,
      serieFacturaUnica: 'FU',
      hasProformas: expect.any(Number),
    });
    expect(item.hasProformas).toBeGreaterThanOrEqual(1);
  });

  it('gives price limits, a ZIP, the contract-level list and the consumption sheet of a product', async () => {
    const contract = await contractOf('demo', 'Gas');
    const params = `line=Gas&contractCode=${contract.code}`;
    const limits = (await get('demo', `/ov/contracts/api/getPriceMinAndMaxInvoices?${params}`)).json();
    expect(limits.minImportClientInvoice).toBeLessThan(limits.maxImportClientInvoice);
    const zip = await get(
      'demo',
      `/ov/contracts/api/contractCode/fullbilling?CUPS=${contract.cups}&${params}&startDate=2025-01-01&endDate=2025-12-31&factura=`,
    );
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain(`facturas ${contract.code}.zip`);
    expect(zipEntries(zip.rawPayload).length).toBeGreaterThan(3);
    const list = await get(
      'demo',
      `/ov/contracts/fullbilling?${params}&startDate=01-01-2025&endDate=31-12-2025`,
    );
    expect(list.json().Invoices.invoicesList.length).toBe(list.json().Invoices.total.countInvoices);
    expect(
      (await get('demo', `/ov/contracts/fullbilling?${params}&startDate=01-01-2024&endDate=31-12-2025`))
        .statusCode,
    ).toBe(400);
    const sheetAnswer = await get(
      'demo',
      `/ov/consumptions/api/fullbilling?${params}&cups=${contract.cups}&startDate=2025-01-01&endDate=2025-12-31`,
    );
    expect(sheetAnswer.headers['content-disposition']).toContain('consumos Gas.xlsx');
    const sheet = await readSheet(sheetAnswer.rawPayload);
    expect(sheet.name).toBe('Consumos');
    expect(sheet.getRow(1).getCell(6).value).toBe('Consumo total (kWh)');
    expect(typeof sheet.getRow(2).getCell(6).value).toBe('number');
    expect(sheet.getRow(2).getCell(6).numFmt).toBe('#,##0.00');
    expect(
      (
        await get(
          'demo',
          `/ov/consumptions/api/fullbilling?${params}&startDate=2024-01-01&endDate=2025-12-31`,
        )
      ).json().message,
    ).toBe(EXPORT_RANGE_MESSAGE);
  });

  it("gives an administrator a client's contract detail, with only the tariff's powers, and caudal for gas", async () => {
    const listed = (
      await get(ADMIN, '/ov/invoices/api/filterfullbilling?line=todo&isDefaultQuery=true')
    ).json().Invoice;
    const electricity = listed.find((invoice: { line: string }) => invoice.line === 'Electricidad');
    const detail = (
      await get(
        ADMIN,
        `/ov/contracts/api/administrador-fincas?codigoContrato=${electricity.contractCode}&line=electricidad`,
      )
    ).json().Contrato;
    expect(detail).toMatchObject({
      codigoContrato: electricity.contractCode,
      NIF: electricity.nif,
      CUPS: electricity.cups,
      CaudalContrato: null,
    });
    expect(detail.RazonSocial).toMatch(/^Comunidad de Propietarios/);
    const gasContract = await t.db
      .selectFrom('contracts')
      .select('code')
      .where('line', '=', 'Gas')
      .where('holder_id', 'in', t.db.selectFrom('administrator_clients').select('holder_id'))
      .executeTakeFirstOrThrow();
    const gas = (
      await get(ADMIN, `/ov/contracts/api/administrador-fincas?codigoContrato=${gasContract.code}&line=Gas`)
    ).json().Contrato;
    expect(gas.CaudalContrato).toEqual(expect.any(Number));
    expect(gas.PotenciaContratadaP1).toBeNull();
  });
});
