import type { SimulatorAnswer } from '../contract/simulator';
import { createTestApp, demoTokens, type TestApp } from '../../test/testApp';

let t: TestApp;
let tokens: Record<'cliente' | 'fincas', string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await demoTokens(t.app);
});

afterAll(async () => {
  await t.close();
});

const simulate = (query: Record<string, string | number>, realm: 'cliente' | 'fincas' = 'cliente') =>
  t.app.inject({
    method: 'GET',
    url: `/api/${realm}/ov/cups/api/simulador?${new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    )}`,
    headers: { authorization: `Bearer ${tokens[realm]}` },
  });

/** A contract of the holder behind an account (the demo customer, or the administrator's clients). */
const contractOf = (username: string, line: 'Electricidad' | 'Gas', tariff?: string) => {
  let query = t.db
    .selectFrom('contracts')
    .innerJoin('accounts', (join) =>
      username === 'demo'
        ? join.onRef('accounts.holder_id', '=', 'contracts.holder_id')
        : join.on('accounts.username', '=', username),
    )
    .where('accounts.username', '=', username)
    .where('contracts.line', '=', line)
    .where('contracts.state', '!=', 'En tramitación')
    .select(['contracts.id', 'contracts.code']);
  if (tariff) query = query.where('contracts.tariff', '=', tariff);
  if (username !== 'demo')
    query = query.where('contracts.holder_id', 'in', (eb) =>
      eb
        .selectFrom('administrator_clients')
        .innerJoin('accounts as admin', 'admin.administrator_id', 'administrator_clients.administrator_id')
        .select('administrator_clients.holder_id')
        .where('admin.username', '=', username),
    );
  return query.orderBy('contracts.id').executeTakeFirstOrThrow();
};

/** What the contract's last 12 billing periods cost: each period once (its latest invoice), Varios left out. */
async function billedSum(contractId: number) {
  const rows = await t.db
    .selectFrom('invoices')
    .select(['reading_from', 'amount', 'id', 'reading_until'])
    .where('contract_id', '=', contractId)
    .where('kind', 'in', ['F', 'P'])
    .where('category', '=', 'NO')
    .orderBy('id')
    .execute();
  const latest = new Map<string, { amount: number; until: string }>();
  for (const row of rows) latest.set(row.reading_from!, { amount: row.amount, until: row.reading_until! });
  const periods = [...latest.values()].sort((a, b) => a.until.localeCompare(b.until)).slice(-12);
  return periods.reduce((sum, row) => sum + row.amount, 0);
}

describe('GET /ov/cups/api/simulador', () => {
  it('prices the current contract within 0,5 % of its last 12 bills, and each other offer and power', async () => {
    const contract = await contractOf('demo', 'Electricidad', '2.0TD');
    const response = await simulate({ contractCode: contract.code });
    expect(response.statusCode).toBe(200);
    const answer = response.json<SimulatorAnswer>();
    expect(answer.periods).toBe(12);
    const billed = await billedSum(contract.id);
    expect(answer.billedTotal).toBeCloseTo(billed, 2);
    const [current, ...others] = answer.options;
    expect(current.kind).toBe('actual');
    expect(current.difference).toBe(0);
    expect(Math.abs(current.yearlyCost - billed) / billed).toBeLessThanOrEqual(0.005);
    const offers = others.filter((option) => option.kind === 'oferta');
    expect(offers.map((option) => option.offer).sort()).toEqual(['PRECIO_UNICO', 'TRES_PERIODOS']);
    for (const option of others) {
      expect(option.difference).toBeCloseTo(option.yearlyCost - current.yearlyCost, 2);
      expect(option.yearlyCost).not.toBe(current.yearlyCost);
    }
    expect(others.filter((option) => option.kind === 'potencia').map((option) => option.powers[0])).toContain(
      3.45,
    );
  });

  it('counts the hours over a power below the year’s peak, names the worst, and says so in words', async () => {
    const contract = await contractOf('demo', 'Electricidad', '2.0TD');
    const peak = (await simulate({ contractCode: contract.code })).json<SimulatorAnswer>().peak!;
    const low = Math.max(0.1, Math.floor(peak.kw * 50) / 100);
    const answer = (await simulate({ contractCode: contract.code, potenciaP1: low })).json<SimulatorAnswer>();
    const typed = answer.options.at(-1)!;
    expect(typed.powers).toEqual([low, low]);
    expect(typed.exceededHours).toBeGreaterThan(0);
    expect(typed.worstHour!.kw).toBeGreaterThan(low);
    expect(typed.warning).toMatch(
      /^Por debajo de su consumo máximo del año: en [\d.]+ horas? habría superado/,
    );
    const high = (await simulate({ contractCode: contract.code, potenciaP1: 15 })).json<SimulatorAnswer>();
    const enough = high.options.at(-1)!;
    if (peak.kw <= 15) {
      expect(enough.exceededHours).toBe(0);
      expect(enough.warning).toBeNull();
    }
  });

  it('prices the power options at the chosen offer’s prices', async () => {
    const contract = await contractOf('demo', 'Electricidad', '2.0TD');
    const plain = (await simulate({ contractCode: contract.code, potenciaP1: 5 })).json<SimulatorAnswer>();
    const single = (
      await simulate({ contractCode: contract.code, oferta: 'PRECIO_UNICO', potenciaP1: 5 })
    ).json<SimulatorAnswer>();
    expect(single.options.at(-1)!.offer).toBe('PRECIO_UNICO');
    expect(single.options.at(-1)!.yearlyCost).not.toBe(plain.options.at(-1)!.yearlyCost);
  });

  it('answers the administrator for a managed client’s supply', async () => {
    const contract = await contractOf('admin@fincas.example', 'Electricidad');
    const response = await simulate({ contractCode: contract.code }, 'fincas');
    expect([200, 409]).toContain(response.statusCode);
    if (response.statusCode === 200)
      expect(response.json<SimulatorAnswer>().contractCode).toBe(contract.code);
  });

  it('refuses bad input with a 4xx in Spanish', async () => {
    const electricity = await contractOf('demo', 'Electricidad', '2.0TD');
    const gas = await contractOf('demo', 'Gas');
    const admins = await contractOf('admin@fincas.example', 'Electricidad');
    const cases: [Record<string, string | number>, number, RegExp][] = [
      [{ contractCode: electricity.code, oferta: 'NO_EXISTE' }, 400, /oferta indicada no existe/],
      [{ contractCode: electricity.code, potenciaP1: 0 }, 400, /mayor que 0 kW y no superar 15 kW/],
      [{ contractCode: electricity.code, potenciaP1: -3 }, 400, /mayor que 0 kW/],
      [{ contractCode: electricity.code, potenciaP1: 15.01 }, 400, /no superar 15 kW/],
      [{ contractCode: electricity.code, potenciaP2: 20 }, 400, /no superar 15 kW/],
      [{ contractCode: electricity.code, potenciaP1: 'mucho' }, 400, /^Datos no válidos/],
      [{ contractCode: gas.code }, 400, /solo está disponible para contratos de electricidad/],
      [{ contractCode: admins.code }, 404, /Recurso no encontrado/],
      [{ contractCode: 'NOEXISTE' }, 404, /Recurso no encontrado/],
    ];
    for (const [query, status, message] of cases) {
      const response = await simulate(query);
      expect({ query, status: response.statusCode }).toEqual({ query, status });
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
  });
});
