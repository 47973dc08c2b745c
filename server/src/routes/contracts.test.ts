import { pdfLines } from '../../test/pdfText';
import { CLIENTE, createTestApp, FINCAS, login, type TestApp } from '../../test/testApp';
import { dailyFlow, kilowatts } from '../documents/format';
import { tollOn } from '../measurements/tolls';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  tokens.demo = (await login(t.app, CLIENTE, 'demo', 'Demo2024!')).json().access_token;
  tokens.admin = (await login(t.app, FINCAS, 'admin@fincas.example', 'Fincas2024!')).json().access_token;
});

afterAll(async () => {
  await t.close();
});

async function contractsOf(username: string) {
  return t.db
    .selectFrom('contracts')
    .innerJoin('accounts', 'accounts.holder_id', 'contracts.holder_id')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .select(['contracts.code', 'contracts.line', 'contracts.state', 'contracts.tariff', 'supply_points.cups'])
    .select(['contracts.power_p1', 'contracts.power_p6', 'contracts.caudal'])
    .where('accounts.username', '=', username)
    .orderBy('contracts.code')
    .execute();
}

function get(url: string, token = tokens.demo, realm = 'cliente') {
  return t.app.inject({
    method: 'GET',
    url: `/api/${realm}${url}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

describe('contract PDF', () => {
  it('answers a real PDF named Contrato-{id}.pdf with the contract’s data', async () => {
    const contract = (await contractsOf('demo')).find((row) => row.state === 'Contrato')!;
    const response = await get(`/ov/contracts/${contract.code}?line=${contract.line}&output=pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`filename="Contrato-${contract.code}.pdf"`);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(150);
    expect(pdf.toString('latin1')).toContain(`(Contrato de suministro ${contract.code})`);
    const lines = await pdfLines(pdf);
    expect(lines).toEqual(
      expect.arrayContaining([
        `Número de contrato: ${contract.code}`,
        `CUPS: ${contract.cups}`,
        // The toll in force (a contract signed on 2.1A is on 2.0TD since June 2021).
        `Tarifa: ${tollOn(contract.tariff, '2026-01-01')}`,
        'Estado: Alta',
        'Nombre o razón social: María García López',
      ]),
    );
  });

  it('prints contracted power in kW and a gas contract’s flow in kWh/día', async () => {
    const contracts = await contractsOf('demo');
    const electricity = contracts.find((row) => row.power_p6 !== null)!;
    const gas = contracts.find((row) => row.caudal !== null)!;
    const pdfOf = async (code: string) =>
      pdfLines((await get(`/ov/contracts/${code}?output=pdf`)).rawPayload);
    const electricityLines = await pdfOf(electricity.code);
    expect(electricityLines).toContain(`Potencia contratada P1: ${kilowatts(electricity.power_p1!)}`);
    expect(electricityLines).toContain(`Potencia contratada P6: ${kilowatts(electricity.power_p6!)}`);
    expect(await pdfOf(gas.code)).toContain(`Caudal diario: ${dailyFlow(gas.caudal!)}`);
  });

  it('works without the line and for the clients of an administrator', async () => {
    const [own] = await contractsOf('demo');
    expect((await get(`/ov/contracts/${own.code}?output=pdf`)).statusCode).toBe(200);
    const managed = await t.db
      .selectFrom('contracts')
      .innerJoin('administrator_clients', 'administrator_clients.holder_id', 'contracts.holder_id')
      .select('contracts.code')
      .executeTakeFirstOrThrow();
    const response = await get(`/ov/contracts/${managed.code}?output=pdf`, tokens.admin, 'fincas');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
  });

  it('answers the contract detail as JSON without output=pdf', async () => {
    const [own] = await contractsOf('demo');
    const response = await get(`/ov/contracts/${own.code}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      contractCode: own.code,
      cups: own.cups,
      line: own.line,
      clientContractRate: own.tariff,
      state: own.state,
      idContrato: expect.stringMatching(/^S\d{9}$/),
    });
  });

  it('answers 404 for another customer’s contract, the same as for a missing one', async () => {
    const [foreign] = await contractsOf('demo2');
    const other = await get(`/ov/contracts/${foreign.code}?line=${foreign.line}&output=pdf`);
    const missing = await get('/ov/contracts/999999999?output=pdf');
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    const [managedByNobody] = await contractsOf('demo');
    const admin = await get(`/ov/contracts/${managedByNobody.code}?output=pdf`, tokens.admin, 'fincas');
    expect(admin.statusCode).toBe(404);
  });

  it('answers 404 when the contract is asked for under the other line', async () => {
    const own = (await contractsOf('demo')).find((row) => row.line === 'Gas')!;
    const response = await get(`/ov/contracts/${own.code}?line=Electricidad&output=pdf`);
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['an unknown output', '/ov/contracts/100000100?output=xlsx'],
    ['an unknown line', '/ov/contracts/100000100?line=Agua&output=pdf'],
    ['an id with odd characters', '/ov/contracts/1%27%3B--?output=pdf'],
  ])('rejects %s with 400', async (_, url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(400);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/cliente/ov/contracts/100000100' });
    expect(response.statusCode).toBe(401);
  });
});
