import { contractsOf, customerTokens } from '../../test/contracts';
import { createTestApp, type TestApp } from '../../test/testApp';
import { purgeAccessRecords } from '../data/accessRecords';
import { RECORD_DATES_INVERTED } from './accessRecords';

let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await customerTokens(t.app);
  // demo2's holder becomes a client of the demo administrator: its supplies are read by someone else.
  const admin = await t.db.selectFrom('administrators').select('id').executeTakeFirstOrThrow();
  const holder = await t.db
    .selectFrom('accounts')
    .select('holder_id')
    .where('username', '=', 'demo2')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('administrator_clients')
    .values({ administrator_id: admin.id, holder_id: holder.holder_id! })
    .execute();
});

afterAll(async () => {
  await t.close();
});

function get(url: string, token: string, realm = 'cliente') {
  return t.app.inject({
    method: 'GET',
    url: `/api/${realm}${url}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

const record = (query = '') => get(`/ov/accesos/api/registro${query}`, tokens.demo2);

const DAY = 'startDate=10-01-2026&endDate=10-01-2026';

describe('Registro de accesos', () => {
  it('records each read by the administrator once, with who, which supply and which data; never the holder’s own', async () => {
    const contract = (await contractsOf(t.db, 'demo2')).find((row) => row.line === 'Electricidad')!;
    const before = (await record()).json().total as number;
    // The holder's own reads are not recorded.
    expect(
      (await get(`/ov/cups/api/curvas?contractCode=${contract.code}&${DAY}`, tokens.demo2)).statusCode,
    ).toBe(200);
    expect((await record()).json().total).toBe(before);

    const reads: [string, string][] = [
      [`/ov/cups/api/curvas?contractCode=${contract.code}&${DAY}`, 'Curva de carga'],
      [`/ov/cups/api/telemetry?contractCode=${contract.code}&${DAY}`, 'Telemedida'],
      [`/ov/cups/api/curvas?contractCode=${contract.code}&${DAY}&output=csv`, 'Descarga de documento'],
      [`/ov/contracts/${contract.code}?output=pdf`, 'Descarga de documento'],
    ];
    for (const [index, [url, data]] of reads.entries()) {
      expect((await get(url, tokens.admin, 'fincas')).statusCode).toBe(200);
      const answer = (await record()).json();
      expect(answer.total).toBe(before + index + 1);
      expect(answer.registros[0]).toEqual({
        fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        quien: {
          tipo: 'Administrador de fincas',
          iniciales: 'G. F. C.',
          documento: expect.stringMatching(/^\*\*\*[0-9A-Z]{5}$/),
        },
        cups: contract.cups,
        datos: data,
      });
    }
    // Nothing in the record holds a token or a query string.
    const rows = await t.db.selectFrom('access_records').selectAll().execute();
    expect(JSON.stringify(rows)).not.toMatch(/contractCode|startDate|Bearer|\?/);
  });

  it('pages newest first, filters by supply and dates, downloads as CSV, and refuses inverted dates in Spanish', async () => {
    const contracts = await contractsOf(t.db, 'demo2');
    for (const contract of contracts.filter((row) => row.line === 'Electricidad')) {
      for (let n = 0; n < 6; n++) {
        await get(
          `/ov/cups/api/curvas?contractCode=${contract.code}&startDate=1${n}-01-2026&endDate=1${n}-01-2026`,
          tokens.admin,
          'fincas',
        );
      }
    }
    const first = (await record()).json();
    expect(first.registros).toHaveLength(10);
    const dates = first.registros.map((row: { fecha: string }) => row.fecha);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = (await record('?pagina=2')).json();
    expect(second.registros[0].fecha <= first.registros[9].fecha).toBe(true);

    const cups = contracts[0].cups;
    const bySupply = (await record(`?cups=${cups}`)).json();
    expect(bySupply.total).toBeGreaterThan(0);
    expect(bySupply.registros.every((row: { cups: string }) => row.cups === cups)).toBe(true);

    const today = first.registros[0].fecha.slice(0, 10);
    expect((await record(`?desde=${today}&hasta=${today}`)).json().total).toBe(first.total);
    expect((await record('?desde=2000-01-01&hasta=2000-12-31')).json().total).toBe(0);
    const inverted = await record(`?desde=${today}&hasta=2000-01-01`);
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().message).toBe(RECORD_DATES_INVERTED);

    const csv = await record('?output=csv');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Fecha;Hora;Quién;Iniciales;Documento;CUPS;Datos');
    expect(lines).toHaveLength(first.total + 1);
  });

  it('keeps records two years: the daily purge takes older ones', async () => {
    const total = (await record()).json().total as number;
    const oldest = await t.db
      .selectFrom('access_records')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('access_records')
      .set({ created_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', oldest.id)
      .execute();
    expect(await purgeAccessRecords(t.db, new Date())).toBe(1);
    expect((await record()).json().total).toBe(total - 1);
  });

  it('records the all-invoices lists and an invoice PDF by id read by the administrator: one record per supply', async () => {
    const holder = await t.db
      .selectFrom('accounts')
      .select('holder_id')
      .where('username', '=', 'demo2')
      .executeTakeFirstOrThrow();
    const invoice = await t.db
      .selectFrom('invoices')
      .innerJoin('contracts', 'contracts.id', 'invoices.contract_id')
      .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
      .select(['invoices.id', 'invoices.bill_number', 'supply_points.cups'])
      .where('invoices.holder_id', '=', holder.holder_id!)
      .where('invoices.can_download', '=', 1)
      .executeTakeFirstOrThrow();
    const before = (await record()).json().total as number;
    // The holder's own list and PDF are not recorded.
    expect((await get(`/ov/invoices/api/pdf/${invoice.id}`, tokens.demo2)).statusCode).toBe(200);
    expect((await get('/ov/invoices/api/fullbilling?isDefaultQuery=true', tokens.demo2)).statusCode).toBe(
      200,
    );
    expect((await record()).json().total).toBe(before);

    expect((await get(`/ov/invoices/api/pdf/${invoice.id}`, tokens.admin, 'fincas')).statusCode).toBe(200);
    let answer = (await record()).json();
    expect(answer.total).toBe(before + 1);
    expect(answer.registros[0]).toMatchObject({ cups: invoice.cups, datos: 'Descarga de documento' });

    const search = await get(
      `/ov/invoices/api/filterfullbilling?invoice=${invoice.bill_number}`,
      tokens.admin,
      'fincas',
    );
    expect(search.statusCode).toBe(200);
    answer = (await record()).json();
    expect(answer.total).toBe(before + 2);
    expect(answer.registros[0]).toMatchObject({ cups: invoice.cups, datos: 'Facturas' });
  });
});
