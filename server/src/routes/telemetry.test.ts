import ExcelJS from 'exceljs';

import { madridToday } from '../measurements/madridTime';
import { SELF_CONSUMPTION } from '../db/seed/measurements';
import { contractsOf, customerTokens, type TestContract } from '../../test/contracts';
import { createTestApp, type TestApp } from '../../test/testApp';
import { addDays, addMonths, toDashDate } from '../measurements/dates';
import { RANGE_INVERTED, RANGE_TOO_LONG } from './measurementQueries';
import { profileOf } from '../data/measurements';
import { measurementsBetween } from '../measurements/loadProfile';

let t: TestApp;
let tokens: Record<string, string>;

let live: TestContract;
let solar: TestContract;
let gas: TestContract;
let otherCustomers: TestContract;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await customerTokens(t.app);
  const demo = await contractsOf(t.db, 'demo');
  live = demo.find((c) => c.line === 'Electricidad' && c.state === 'Contrato' && c.tariff === '2.1A')!;
  solar = demo.find((c) => c.tariff === SELF_CONSUMPTION.tariff)!;
  gas = demo.find((c) => c.line === 'Gas' && c.state === 'Contrato')!;
  otherCustomers = (await contractsOf(t.db, 'demo2')).find((c) => c.line === 'Electricidad')!;
});

afterAll(async () => {
  await t.close();
});

function get(path: string, params: Record<string, string>, { user = 'demo', realm = 'cliente' } = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/api/${realm}${path}?${new URLSearchParams(params)}`,
    headers: tokens[user] ? { authorization: `Bearer ${tokens[user]}` } : {},
  });
}

const telemetry = (
  contract: TestContract,
  startDate: string,
  endDate: string,
  extra: Record<string, string> = {},
) =>
  get('/ov/cups/api/telemetry', {
    line: contract.line,
    freq: '1',
    cups: contract.cups,
    contractCode: contract.code,
    startDate,
    endDate,
    output: 'json',
    ...extra,
  });

const curves = (contract: TestContract, params: Record<string, string>, user = 'demo') =>
  get(
    '/ov/cups/api/curvas',
    { cups: contract.cups, contractCode: contract.code, output: 'json', ...params },
    { user },
  );

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

describe('telemetry', () => {
  it('answers a week of hourly active and reactive energy', async () => {
    const response = await telemetry(live, '02-02-2026', '08-02-2026');
    expect(response.statusCode).toBe(200);
    const { Telemetry } = response.json();
    expect(Telemetry.total.countTotal).toBe(168);
    expect(Telemetry.select).toHaveLength(168);
    expect(Telemetry.select[0]).toEqual({
      dateRecord: '2026-02-02T00:00:00+01:00',
      activeEnergy: expect.any(Number),
      reactiveEnergy: expect.any(Number),
    });
    expect(Telemetry.select.at(-1).dateRecord).toBe('2026-02-08T23:00:00+01:00');
    expect(Telemetry.select.every((row: { activeEnergy: number }) => row.activeEnergy > 0)).toBe(true);
  });

  it('answers 25 hours on the last Sunday of October and 23 on the last Sunday of March', async () => {
    const october = (await telemetry(live, '25-10-2026', '25-10-2026')).json().Telemetry.select;
    expect(october).toHaveLength(25);
    expect(october.slice(2, 4).map((row: { dateRecord: string }) => row.dateRecord)).toEqual([
      '2026-10-25T02:00:00+02:00',
      '2026-10-25T02:00:00+01:00',
    ]);
    expect((await telemetry(live, '29-03-2026', '29-03-2026')).json().Telemetry.total.countTotal).toBe(23);
  });

  it('exports Telemedida-{contract}.xlsx with one typed row per hour', async () => {
    const response = await telemetry(live, '02-02-2026', '08-02-2026', { output: 'xlsx' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain(`filename="Telemedida-${live.code}.xlsx"`);
    const sheet = await readSheet(response.rawPayload);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'CUPS',
      'Fecha',
      'Hora',
      'Energía activa (kWh)',
      'Energía reactiva (kVArh)',
    ]);
    expect(sheet.rowCount).toBe(169);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(live.cups);
    expect(first.getCell(2).value).toEqual(new Date('2026-02-02T00:00:00Z'));
    expect(first.getCell(3).value).toBe(1);
    expect(typeof first.getCell(4).value).toBe('number');
  });

  it('enforces the 12-month limit and the order of the dates, with the error in `error`', async () => {
    expect((await telemetry(live, '31-12-2024', '31-12-2025')).statusCode).toBe(200);
    expect((await telemetry(live, '05-02-2026', '05-02-2026')).json().Telemetry.total.countTotal).toBe(24);
    const tooLong = await telemetry(live, '30-12-2024', '31-12-2025');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe(RANGE_TOO_LONG);
    const inverted = await telemetry(live, '10-02-2026', '01-02-2026');
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().error).toBe(RANGE_INVERTED);
    const badDate = await telemetry(live, '31-02-2026', '01-03-2026');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error).toEqual(expect.any(String));
    const badFormat = await telemetry(live, '2026-02-01', '01-03-2026');
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().error).toEqual(expect.any(String));
  });

  it('answers empty outside the contract life and for gas contracts', async () => {
    const before = await telemetry(live, '01-01-2010', '31-01-2010');
    expect(before.statusCode).toBe(200);
    expect(before.json().Telemetry).toEqual({ select: [], total: { countTotal: 0 } });
    const today = madridToday();
    const future = await telemetry(live, toDashDate(today), toDashDate(addDays(today, 30)));
    expect(future.json().Telemetry.total.countTotal).toBe(0);
    expect((await telemetry(gas, '02-02-2026', '08-02-2026')).json().Telemetry.total.countTotal).toBe(0);
  });

  it("answers 404 for another customer's contract, a CUPS that is not the contract's, and without a session 401", async () => {
    expect((await telemetry(otherCustomers, '02-02-2026', '08-02-2026')).statusCode).toBe(404);
    expect(
      (await telemetry(live, '02-02-2026', '08-02-2026', { cups: otherCustomers.cups })).statusCode,
    ).toBe(404);
    const asAdministrator = await get(
      '/ov/cups/api/telemetry',
      { contractCode: live.code, startDate: '02-02-2026', endDate: '08-02-2026' },
      { user: 'admin', realm: 'fincas' },
    );
    expect(asAdministrator.statusCode).toBe(404);
    const anonymous = await get(
      '/ov/cups/api/telemetry',
      { contractCode: live.code, startDate: '02-02-2026', endDate: '08-02-2026' },
      { user: 'nobody' },
    );
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('load curve (curvas)', () => {
  it('answers Curvas with inputDate, dateRecord, hourRecord, activeEnergy and pasiveEnergy', async () => {
    const response = await curves(live, { startDate: '02-02-2026', endDate: '03-02-2026' });
    expect(response.statusCode).toBe(200);
    const { Curvas } = response.json();
    expect(Curvas.inputDate).toEqual({ startDate: '02-02-2026', endDate: '03-02-2026' });
    expect(Curvas.total.countTotal).toBe(48);
    expect(Curvas.select[0]).toEqual({
      dateRecord: '02-02-2026',
      hourRecord: 1,
      activeEnergy: expect.any(Number),
      pasiveEnergy: 0,
    });
    expect(Curvas.select[47]).toMatchObject({ dateRecord: '03-02-2026', hourRecord: 24 });
  });

  it('numbers the hours of the daylight-saving days 1 to 23 and 1 to 25', async () => {
    const spring = (await curves(live, { startDate: '29-03-2026', endDate: '29-03-2026' })).json().Curvas
      .select;
    expect(spring.map((row: { hourRecord: number }) => row.hourRecord)).toEqual(
      Array.from({ length: 23 }, (_, i) => i + 1),
    );
    const autumn = (await curves(live, { startDate: '25-10-2026', endDate: '25-10-2026' })).json().Curvas
      .select;
    expect(autumn).toHaveLength(25);
    expect(autumn[24]).toMatchObject({ dateRecord: '25-10-2026', hourRecord: 25 });
  });

  it('answers a full year: 8,760 points', async () => {
    const response = await curves(live, { startDate: '01-01-2025', endDate: '31-12-2025' });
    expect(response.json().Curvas.total.countTotal).toBe(8760);
  });

  it('answers the compact form (shape=compact) with the same hours and numbers as the spec shape', async () => {
    // A year across both daylight-saving changes; the self-consumption contract has surplus to compare too.
    const year = { startDate: '01-01-2026', endDate: '31-12-2026' };
    const spec = (await curves(solar, year)).json().Curvas;
    const response = await curves(solar, { ...year, shape: 'compact' });
    expect(response.statusCode).toBe(200);
    const compact = response.json().Curvas;
    expect(compact.inputDate).toEqual(spec.inputDate);
    expect(compact.total).toEqual(spec.total);
    expect(compact.step).toBe(3_600_000);
    // 1 January 2026, 00:00 in Madrid (UTC+1).
    expect(compact.start).toBe(Date.UTC(2025, 11, 31, 23));
    type Row = { activeEnergy: number; pasiveEnergy: number };
    expect(compact.activeEnergy).toEqual(spec.select.map((row: Row) => row.activeEnergy));
    expect(compact.pasiveEnergy).toEqual(spec.select.map((row: Row) => row.pasiveEnergy));
    expect(compact.pasiveEnergy.some((kwh: number) => kwh > 0)).toBe(true);
    // No object per hour: the answer is a fraction of the spec's.
    expect(response.rawPayload.length).toBeLessThan((await curves(solar, year)).rawPayload.length / 2);
  });

  it('answers the compact form of a range without measurements as empty columns', async () => {
    const response = await curves(live, { startDate: '01-02-2010', endDate: '28-02-2010', shape: 'compact' });
    expect(response.statusCode).toBe(200);
    expect(response.json().Curvas).toMatchObject({
      start: null,
      activeEnergy: [],
      pasiveEnergy: [],
      total: { countTotal: 0 },
    });
  });

  it('refuses an unknown shape with a 400 and its Spanish message', async () => {
    const response = await curves(live, { startDate: '02-02-2026', endDate: '03-02-2026', shape: 'tiny' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/[a-záéíóú]/i);
  });

  it('runs the default query for the 7 days ending yesterday', async () => {
    const today = madridToday();
    const { Curvas } = (await curves(live, { DefaultQuery: 'true' })).json();
    expect(Curvas.inputDate).toEqual({
      startDate: toDashDate(addDays(today, -7)),
      endDate: toDashDate(addDays(today, -1)),
    });
    expect(Curvas.total.countTotal).toBeGreaterThanOrEqual(7 * 24 - 1);
    expect(Curvas.total.countTotal).toBeLessThanOrEqual(7 * 24 + 1);
  });

  it('reports surplus only for the self-consumption contract', async () => {
    const june = { startDate: '01-06-2026', endDate: '30-06-2026' };
    const withPanels = (await curves(solar, june)).json().Curvas.select;
    expect(withPanels.some((row: { pasiveEnergy: number }) => row.pasiveEnergy > 0)).toBe(true);
    const without = (await curves(live, june)).json().Curvas.select;
    expect(without.every((row: { pasiveEnergy: number }) => row.pasiveEnergy === 0)).toBe(true);
  });

  const CURVE_HEADERS = [
    'Fecha',
    'Hora',
    'Inicio',
    'Zona horaria',
    'Periodo tarifario',
    'Energía activa (kWh)',
    'Excedente (kWh)',
    'Dato',
  ];

  it('exports CurvasCarga-{contract}.xlsx: the CUPS above one row per hour with period, time zone and reading', async () => {
    const june = { startDate: '01-06-2026', endDate: '30-06-2026' };
    const response = await curves(solar, { ...june, output: 'xlsx' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`filename="CurvasCarga-${solar.code}.xlsx"`);
    const sheet = await readSheet(response.rawPayload);
    expect(sheet.getRow(1).values).toEqual([undefined, 'CUPS', solar.cups]);
    expect(sheet.getRow(2).values).toEqual([undefined, ...CURVE_HEADERS]);
    expect(sheet.rowCount).toBe(2 + 30 * 24);
    const rows = Array.from({ length: 720 }, (_, i) => sheet.getRow(i + 3).values as unknown[]);
    const hours = (await curves(solar, june)).json().Curvas.select;
    // Wednesday 3 June 2026, 11:00-12:00 (hour 12): 2.0TD Punta, summer time.
    expect(rows[2 * 24 + 11]).toEqual([
      undefined,
      new Date('2026-06-03T00:00:00Z'),
      12,
      '11:00',
      'Europe/Madrid (UTC+02:00)',
      'P1 Punta',
      hours[2 * 24 + 11].activeEnergy,
      hours[2 * 24 + 11].pasiveEnergy,
      expect.stringMatching(/^(Real|Estimado)$/),
    ]);
    expect(new Set(rows.map((row) => row[5]))).toEqual(new Set(['P1 Punta', 'P2 Llano', 'P3 Valle']));
    expect(rows.some((row) => (row[7] as number) > 0)).toBe(true);
    // The model estimates whole days (about one in 70): the sheet says which.
    const profile = (await profileOf(t.db, solar.id))!;
    const estimated = measurementsBetween(profile, '2026-06-01', '2026-06-30').map((hour) =>
      hour.estimated ? 'Estimado' : 'Real',
    );
    expect(rows.map((row) => row[8])).toEqual(estimated);
  });

  it('exports the 25- and 23-hour days with the local start and the offset of each hour', async () => {
    const autumn = await readSheet(
      (await curves(live, { startDate: '25-10-2026', endDate: '25-10-2026', output: 'xlsx' })).rawPayload,
    );
    expect(autumn.rowCount).toBe(2 + 25);
    const autumnRows = Array.from({ length: 25 }, (_, i) => autumn.getRow(i + 3).values as unknown[]);
    expect(autumnRows.map((row) => row[2])).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(autumnRows.slice(0, 5).map((row) => [row[3], row[4]])).toEqual([
      ['00:00', 'Europe/Madrid (UTC+02:00)'],
      ['01:00', 'Europe/Madrid (UTC+02:00)'],
      ['02:00', 'Europe/Madrid (UTC+02:00)'],
      ['02:00', 'Europe/Madrid (UTC+01:00)'],
      ['03:00', 'Europe/Madrid (UTC+01:00)'],
    ]);
    expect(autumnRows[24].slice(3, 5)).toEqual(['23:00', 'Europe/Madrid (UTC+01:00)']);
    const spring = await readSheet(
      (await curves(live, { startDate: '29-03-2026', endDate: '29-03-2026', output: 'xlsx' })).rawPayload,
    );
    expect(spring.rowCount).toBe(2 + 23);
    const springRows = Array.from({ length: 23 }, (_, i) => spring.getRow(i + 3).values as unknown[]);
    expect(springRows.slice(0, 3).map((row) => [row[2], row[3], row[4]])).toEqual([
      [1, '00:00', 'Europe/Madrid (UTC+01:00)'],
      [2, '01:00', 'Europe/Madrid (UTC+01:00)'],
      [3, '03:00', 'Europe/Madrid (UTC+02:00)'],
    ]);
    expect(springRows[22].slice(2, 5)).toEqual([23, '23:00', 'Europe/Madrid (UTC+02:00)']);
  });

  it('exports CurvasCarga-{contract}.csv: UTF-8 with BOM, `;`, decimal comma, CRLF, the same rows', async () => {
    const day = { startDate: '25-10-2026', endDate: '25-10-2026' };
    const response = await curves(solar, { ...day, output: 'csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`filename="CurvasCarga-${solar.code}.csv"`);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = response.rawPayload.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(0, -2).split('\r\n');
    expect(lines.slice(0, 2)).toEqual([`CUPS;${solar.cups}`, CURVE_HEADERS.join(';')]);
    expect(lines).toHaveLength(2 + 25);
    const hours = (await curves(solar, day)).json().Curvas.select;
    const comma = (value: number) => value.toFixed(3).replace('.', ',');
    expect(lines[2 + 3]).toBe(
      `25/10/2026;4;02:00;Europe/Madrid (UTC+01:00);P3 Valle;${comma(hours[3].activeEnergy)};${comma(hours[3].pasiveEnergy)};Real`,
    );
    expect(lines.slice(2).every((line) => line.split(';').length === 8)).toBe(true);
  });

  it('answers errors with an `error` field', async () => {
    const today = madridToday();
    const tooLong = await curves(live, {
      startDate: toDashDate(addDays(addMonths(addDays(today, -1), -12), -1)),
      endDate: toDashDate(addDays(today, -1)),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe(RANGE_TOO_LONG);
    const noDates = await curves(live, {});
    expect(noDates.statusCode).toBe(400);
    expect(noDates.json().error).toEqual(expect.any(String));
    const elsewhere = await curves(otherCustomers, { startDate: '02-02-2026', endDate: '03-02-2026' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error).toEqual(expect.any(String));
  });
});
