import ExcelJS from 'exceljs';

import { CLIENTE, createTestApp, FINCAS, login, type TestApp } from '../../test/testApp';
import type { Line } from '../db/schema';

/**
 * Issue 13: a unified invoice (kind U) covers several supplies, so its list item and its spreadsheet row show
 * its holder, number, date, amount, total kWh and how many supplies it covers, never the CUPS, contract,
 * street or reading dates of the first supply it borrowed them from. Expected values come from the database.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ADMIN = 'admin@fincas.example';

beforeAll(async () => {
  t = await createTestApp();
  tokens.demo = (await login(t.app, CLIENTE, 'demo', 'Demo2024!')).json().access_token;
  tokens[ADMIN] = (await login(t.app, FINCAS, ADMIN, 'Fincas2024!')).json().access_token;
});

afterAll(async () => {
  await t.close();
});

function get(user: string, url: string) {
  return t.app.inject({
    method: 'GET',
    url: `${user === ADMIN ? '/api/fincas' : '/api/cliente'}${url}`,
    headers: { authorization: `Bearer ${tokens[user]}` },
  });
}

interface Item {
  id: number;
  line: string;
  numeroFacturaUnica: string | null;
  serieFacturaUnica: string | null;
  isUnica: number;
  cups: string;
  contract: string;
  contractCode: string;
  street: string;
  tarifa: string;
  readingDateFrom: string | null;
  readingDateUntil: string | null;
  consumoKwh: number;
  numeroSuministros: number;
}

/** A unified invoice's row and its proformas, straight from the table. */
async function fromDb(id: number) {
  const unified = await t.db
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const parts = await t.db
    .selectFrom('invoices')
    .selectAll()
    .where('kind', '=', 'P')
    .where('line', '=', unified.line)
    .where('serie_unica', '=', unified.serie_unica)
    .where('numero_unica', '=', unified.numero_unica)
    .execute();
  return { unified, parts };
}

/** Invoices with their supply point, to read a simple invoice's own supply. */
const withSupply = () =>
  t.db
    .selectFrom('invoices')
    .innerJoin('contracts', 'contracts.id', 'invoices.contract_id')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id');

const one = <T>(values: T[]) => (new Set(values).size === 1 ? values[0] : null);

async function unifiedItems(user: string, path: string): Promise<Item[]> {
  const response = await get(user, path);
  expect(response.statusCode).toBe(200);
  return (response.json().Invoice as Item[]).filter((item) => item.isUnica === 1);
}

describe('unified invoices in the lists', () => {
  it.each([
    ['the customer lists', 'demo', '/ov/invoices/api/fullbilling?startDate=0&endDate=0&findUnicas=true'],
    ['the administrator list', ADMIN, '/ov/invoices/api/filterfullbilling?startDate=0&endDate=0'],
  ])('%s name no single supply and say how many they cover', async (_name, user, path) => {
    const items = await unifiedItems(user, path);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const { unified, parts } = await fromDb(item.id);
      expect(parts.length).toBeGreaterThan(1);
      expect(item).toMatchObject({ cups: '', contract: '', contractCode: '', street: '' });
      expect(item.numeroSuministros).toBe(parts.length);
      expect(item.consumoKwh).toBe(unified.consumption_kwh);
      const from = one(parts.map((part) => part.reading_from));
      const until = one(parts.map((part) => part.reading_until));
      const shared = from !== null && until !== null;
      expect(item.readingDateFrom).toBe(shared ? from : null);
      expect(item.readingDateUntil).toBe(shared ? until : null);
      expect(item.tarifa).toBe(one(parts.map((part) => part.tariff)) ?? '');
    }
  });

  it('shows no reading dates when the parts do not share one billing period', async () => {
    const [item] = await unifiedItems(
      'demo',
      '/ov/invoices/api/fullbilling?startDate=0&endDate=0&findUnicas=true',
    );
    const { parts } = await fromDb(item.id);
    expect(item.readingDateFrom).not.toBeNull();
    await t.db
      .updateTable('invoices')
      .set({ reading_from: '2001-01-02' })
      .where('id', '=', parts[1].id)
      .execute();
    try {
      const [again] = await unifiedItems(
        'demo',
        '/ov/invoices/api/fullbilling?startDate=0&endDate=0&findUnicas=true',
      );
      expect(again.id).toBe(item.id);
      expect(again.readingDateFrom).toBeNull();
      expect(again.readingDateUntil).toBeNull();
    } finally {
      await t.db
        .updateTable('invoices')
        .set({ reading_from: parts[1].reading_from })
        .where('id', '=', parts[1].id)
        .execute();
    }
  });

  it('keeps a simple invoice’s own supply, one supply and its kWh', async () => {
    const response = await get('demo', '/ov/invoices/api/fullbilling?startDate=0&endDate=0&findUnicas=false');
    const [item] = response.json().Invoice as Item[];
    const row = await withSupply()
      .select(['supply_points.cups', 'contracts.code', 'invoices.consumption_kwh', 'invoices.reading_from'])
      .where('invoices.id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({
      cups: row.cups,
      contractCode: row.code,
      consumoKwh: row.consumption_kwh,
      readingDateFrom: row.reading_from,
      numeroSuministros: 1,
    });
  });
});

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  /** The cell of a row under a header. */
  const cell = (row: number, header: string) => {
    const column = headers.indexOf(header);
    expect(column).toBeGreaterThan(0);
    return sheet.getRow(row).getCell(column);
  };
  return { sheet, cell };
}

describe('unified invoices in the Excel export', () => {
  it('show the holder, supplies and total kWh, and numbers with es-ES formats', async () => {
    const response = await get('demo', '/ov/invoices/api/Todo?startDate=0&endDate=0&findUnicas=true');
    expect(response.statusCode).toBe(200);
    const { sheet, cell } = await readSheet(response.rawPayload);
    expect(sheet.rowCount).toBeGreaterThan(1);
    const holder = await t.db
      .selectFrom('accounts')
      .innerJoin('holders', 'holders.id', 'accounts.holder_id')
      .select(['holders.name', 'holders.first_surname', 'holders.second_surname', 'holders.nif'])
      .where('accounts.username', '=', 'demo')
      .executeTakeFirstOrThrow();
    const holderName = [holder.name, holder.first_surname, holder.second_surname].filter(Boolean).join(' ');
    for (let row = 2; row <= sheet.rowCount; row += 1) {
      expect(cell(row, 'Tipo').value).toBe('Factura unificada');
      const unified = await t.db
        .selectFrom('invoices')
        .select('id')
        .where('kind', '=', 'U')
        .where('bill_number', '=', cell(row, 'Número de factura').text)
        .where('line', '=', cell(row, 'Línea').text as Line)
        .executeTakeFirstOrThrow();
      const { unified: invoice, parts } = await fromDb(unified.id);
      expect(cell(row, 'Titular').value).toBe(holderName);
      expect(cell(row, 'NIF').value).toBe(holder.nif);
      for (const header of ['CUPS', 'Contrato', 'Código de contrato', 'Dirección']) {
        expect(cell(row, header).value ?? '').toBe('');
      }
      expect(cell(row, 'Suministros').value).toBe(parts.length);
      expect(cell(row, 'Suministros').numFmt).toBe('#,##0');
      expect(cell(row, 'Consumo total (kWh)').value).toBe(invoice.consumption_kwh);
      expect(cell(row, 'Consumo total (kWh)').numFmt).toBe('#,##0.00');
      expect(cell(row, 'Importe total (€)').value).toBe(invoice.amount);
      expect(cell(row, 'Importe total (€)').numFmt).toBe('#,##0.00 "€"');
    }
  });

  it('keeps a simple invoice’s supply in its row', async () => {
    const response = await get('demo', '/ov/invoices/api/Todo?isDefaultQuery=true&findUnicas=false');
    const { cell } = await readSheet(response.rawPayload);
    const invoice = await withSupply()
      .select(['supply_points.cups', 'invoices.consumption_kwh'])
      .where('invoices.kind', '=', 'F')
      .where('invoices.bill_number', '=', cell(2, 'Número de factura').text)
      .where('invoices.line', '=', cell(2, 'Línea').text as Line)
      .executeTakeFirstOrThrow();
    expect(cell(2, 'CUPS').value).toBe(invoice.cups);
    expect(cell(2, 'Suministros').value).toBe(1);
    expect(cell(2, 'Consumo total (kWh)').value).toBe(invoice.consumption_kwh);
  });
});
