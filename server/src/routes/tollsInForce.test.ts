import { pdfLines } from '../../test/pdfText';
import { CLIENTE, createTestApp, login, type TestApp } from '../../test/testApp';
import { TD_TOLLS_FROM, tollOn } from '../measurements/tolls';

// Issue 24: a bill uses the toll in force on its dates. The demo's contracts signed on the tolls that ended on
// 1 June 2021 keep their access fee (spec 01's reading variants) and are billed, shown and printed with the
// successor toll from then on.
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, CLIENTE, 'demo', 'Demo2024!')).json().access_token;
});

afterAll(async () => {
  await t.close();
});

const get = (url: string) =>
  t.app.inject({ method: 'GET', url: `/api/cliente${url}`, headers: { authorization: `Bearer ${token}` } });

/** The demo's live contract signed on 3.0A. */
async function signedOn3_0A() {
  return t.db
    .selectFrom('contracts')
    .innerJoin('accounts', 'accounts.holder_id', 'contracts.holder_id')
    .select(['contracts.id', 'contracts.code', 'contracts.power_p1'])
    .where('accounts.username', '=', 'demo')
    .where('contracts.tariff', '=', '3.0A')
    .where('contracts.state', '=', 'Contrato')
    .executeTakeFirstOrThrow();
}

it('bills no invoice dated from 1 June 2021 with a toll that had ended, unified invoices included', async () => {
  const invoices = await t.db
    .selectFrom('invoices')
    .innerJoin('contracts', 'contracts.id', 'invoices.contract_id')
    .select(['invoices.kind', 'invoices.tariff', 'invoices.reading_from', 'invoices.launch_date'])
    .select('contracts.tariff as signed')
    .where('invoices.launch_date', '>=', TD_TOLLS_FROM)
    .execute();
  const ended = invoices.filter(
    (invoice) => tollOn(invoice.tariff, invoice.reading_from ?? invoice.launch_date) !== invoice.tariff,
  );
  expect(ended).toEqual([]);
  // Not vacuous: contracts signed on old tolls are billed, separately and within unified invoices.
  const successors = invoices.filter((invoice) => invoice.signed !== invoice.tariff);
  // Each is billed with its signed toll's successor, and the three successors are all met (which old tolls
  // fall within the seeded months depends on the day the demo is seeded).
  expect(
    successors.filter(
      (invoice) => tollOn(invoice.signed, invoice.reading_from ?? invoice.launch_date) !== invoice.tariff,
    ),
  ).toEqual([]);
  expect(new Set(successors.map((invoice) => invoice.tariff))).toEqual(new Set(['2.0TD', '3.0TD', '6.1TD']));
  expect(successors.some((invoice) => invoice.signed === '2.1A')).toBe(true);
  expect(successors.some((invoice) => invoice.kind === 'P')).toBe(true);
});

it('shows a contract signed on 3.0A as 3.0TD with six powers in its table, detail, pop-up and PDF', async () => {
  const contract = await signedOn3_0A();
  const cups = (await get('/ov/cups/api/cupsMe')).json();
  const row = cups.contratos.Electricidad.pages.find(
    (r: { codAbonado: string }) => r.codAbonado === contract.code,
  );
  const pageTwo = (await get('/ov/cups/api/cupsMe?pageElectricidad=2')).json();
  const shown =
    row ??
    pageTwo.contratos.Electricidad.pages.find((r: { codAbonado: string }) => r.codAbonado === contract.code);
  expect(shown.tarifa).toBe('3.0TD');
  // The reading screen's fields follow the access fee as signed (spec 01 §3).
  const point = cups.cupsAsociados.select.find((p: { codAbonado: string }) => p.codAbonado === contract.code);
  expect(point.accessFee).toEqual({ fee: '3.0A' });

  const detail = (await get(`/ov/contracts/${contract.code}?line=Electricidad`)).json();
  expect(detail.clientContractRate).toBe('3.0TD');
  const popUp = (
    await get(`/ov/contracts/api/administrador-fincas?codigoContrato=${contract.code}&line=Electricidad`)
  ).json();
  expect(popUp.Contrato).toMatchObject({
    Tarifa: '3.0TD',
    PotenciaContratadaP1: contract.power_p1,
    PotenciaContratadaP6: contract.power_p1,
  });
  const pdf = await pdfLines((await get(`/ov/contracts/${contract.code}?output=pdf`)).rawPayload);
  expect(pdf).toEqual(expect.arrayContaining(['Tarifa: 3.0TD', 'Peaje de acceso: 3.0TD']));
  expect(pdf.filter((line) => line.startsWith('Potencia contratada P'))).toHaveLength(6);
});

it('prints its invoices with 3.0TD and the six contracted powers', async () => {
  const contract = await signedOn3_0A();
  const invoice = await t.db
    .selectFrom('invoices')
    .select(['id', 'line', 'tariff'])
    .where('contract_id', '=', contract.id)
    .where('kind', '=', 'F')
    .where('category', '=', 'NO')
    .where('can_download', '=', 1)
    .orderBy('launch_date', 'desc')
    .executeTakeFirstOrThrow();
  expect(invoice.tariff).toBe('3.0TD');
  const lines = await pdfLines(
    (await get(`/ov/invoices/api/pdf/${invoice.id}?line=${invoice.line}`)).rawPayload,
  );
  expect(lines.join('\n')).toContain('Tarifa de acceso: 3.0TD');
  expect(lines.join('\n')).toMatch(/P6 \d/);
});
