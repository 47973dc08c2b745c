import { overlappingText, pdfLines, pdfPages } from '../../test/pdfText';
import { contractsOf, customerTokens, type TestContract } from '../../test/contracts';
import { createTestApp, type TestApp } from '../../test/testApp';
import { RANGE_TOO_LONG } from './measurementQueries';

let t: TestApp;
let tokens: Record<string, string>;

let live: TestContract;
let gas: TestContract;
let otherCustomers: TestContract;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await customerTokens(t.app);
  const demo = await contractsOf(t.db, 'demo');
  live = demo.find((c) => c.line === 'Electricidad' && c.state === 'Contrato' && c.tariff === '3.0A')!;
  gas = demo.find((c) => c.line === 'Gas' && c.state === 'Contrato')!;
  otherCustomers = (await contractsOf(t.db, 'demo2')).find((c) => c.line === 'Electricidad')!;
});

afterAll(async () => {
  await t.close();
});

function certificate(contract: TestContract, startDate: string, endDate: string, user = 'demo') {
  const params = new URLSearchParams({
    line: contract.line.toLowerCase(),
    contractCode: contract.code,
    startDate,
    endDate,
  });
  return t.app.inject({
    method: 'GET',
    url: `/api/cliente/ov/contracts/api/consumptionsCertified?${params}`,
    headers: { authorization: `Bearer ${tokens[user]}` },
  });
}

describe('consumption certificate', () => {
  it('answers a real PDF named Certificado-{contract}.pdf with the holder, CUPS and one row per month', async () => {
    const response = await certificate(live, '01-01-2026', '31-03-2026');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`filename="Certificado-${live.code}.pdf"`);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(150);
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBeGreaterThanOrEqual(1);
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    const lines = await pdfLines(pdf);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Titular: María García López',
        `CUPS: ${live.cups}`,
        `Contrato: ${live.code}`,
        'Periodo solicitado: del 01/01/2026 al 31/03/2026',
      ]),
    );
    for (const month of ['Enero 2026', 'Febrero 2026', 'Marzo 2026', 'Total']) {
      expect(lines.some((line) => line.startsWith(`${month} `))).toBe(true);
    }
    const text = lines.join('\n');
    expect(text).not.toContain('Abril 2026');
    expect(text).toContain('CERTIFICA');
    expect(text).toMatch(/Código de verificación: ([0-9A-F]{4}-){3}[0-9A-F]{4}/);
  });

  it('has a surplus column only for a contract with surplus, and no text over another either way', async () => {
    const profiles = await t.db
      .selectFrom('contracts')
      .innerJoin('accounts', 'accounts.holder_id', 'contracts.holder_id')
      .innerJoin('measurement_profiles', 'measurement_profiles.contract_id', 'contracts.id')
      .select(['contracts.code', 'measurement_profiles.solar_kw'])
      .where('accounts.username', '=', 'demo')
      .where('contracts.state', '=', 'Contrato')
      .execute();
    const kinds = [profiles.find((p) => p.solar_kw > 0), profiles.find((p) => p.solar_kw === 0)];
    expect(kinds).toEqual([expect.anything(), expect.anything()]);
    for (const profile of kinds as { code: string; solar_kw: number }[]) {
      const response = await certificate({ ...live, code: profile.code }, '01-01-2026', '30-06-2026');
      expect(response.statusCode).toBe(200);
      const pages = await pdfPages(response.rawPayload);
      for (const page of pages) expect(overlappingText(page)).toEqual([]);
      const text = (await pdfLines(response.rawPayload)).join('\n');
      expect(text.includes('Excedentes')).toBe(profile.solar_kw > 0);
    }
  });

  it('answers 204 (no certificate) outside the contract life and for a gas contract', async () => {
    expect((await certificate(live, '01-01-2010', '31-03-2010')).statusCode).toBe(204);
    expect((await certificate(gas, '01-01-2026', '31-03-2026')).statusCode).toBe(204);
  });

  it('enforces the 12-month limit', async () => {
    const response = await certificate(live, '31-12-2024', '01-01-2026');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(RANGE_TOO_LONG);
    expect((await certificate(live, '01-01-2025', '01-01-2026')).statusCode).toBe(200);
  });

  it("answers 404 for another customer's contract and for a line that is not the contract's", async () => {
    expect((await certificate(otherCustomers, '01-01-2026', '31-03-2026')).statusCode).toBe(404);
    const wrongLine = await t.app.inject({
      method: 'GET',
      url: `/api/cliente/ov/contracts/api/consumptionsCertified?line=gas&contractCode=${live.code}&startDate=01-01-2026&endDate=31-01-2026`,
      headers: { authorization: `Bearer ${tokens.demo}` },
    });
    expect(wrongLine.statusCode).toBe(404);
    const badLine = await t.app.inject({
      method: 'GET',
      url: `/api/cliente/ov/contracts/api/consumptionsCertified?line=Agua&contractCode=${live.code}&startDate=01-01-2026&endDate=31-01-2026`,
      headers: { authorization: `Bearer ${tokens.demo}` },
    });
    expect(badLine.statusCode).toBe(400);
  });
});
