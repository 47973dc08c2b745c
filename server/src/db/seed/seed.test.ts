import { createTestApp, type TestApp } from '../../../test/testApp';
import { buildDemoData } from './demoData';
import { DEMO_ACCOUNTS, seedDemoData } from '.';
import { isValidCif, isValidCups, isValidNif } from './spanishIds';

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  // Seeded here, not copied from the run's seeded file: these tests are about seeding.
  [first, second] = await Promise.all([
    createTestApp({}, { seed: 'fresh' }),
    createTestApp({}, { seed: 'fresh' }),
  ]);
});

afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});

async function snapshot(t: TestApp) {
  return t.db
    .selectFrom('contracts')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .innerJoin('holders', 'holders.id', 'contracts.holder_id')
    .select([
      'contracts.code',
      'supply_points.cups',
      'holders.nif',
      'contracts.tariff',
      'contracts.start_date',
    ])
    .orderBy('contracts.code')
    .execute();
}

async function contractsOf(t: TestApp, username: string) {
  return t.db
    .selectFrom('contracts')
    .innerJoin('accounts', 'accounts.holder_id', 'contracts.holder_id')
    .selectAll('contracts')
    .where('accounts.username', '=', username)
    .where('accounts.realm', '=', 'cliente')
    .execute();
}

it('is deterministic: two databases get the same contracts, CUPS and NIFs', async () => {
  const a = await snapshot(first);
  expect(a.length).toBeGreaterThan(40);
  expect(await snapshot(second)).toEqual(a);
  expect(buildDemoData()).toEqual(buildDemoData());
});

it('does nothing on a database that already has data', async () => {
  const before = await first.db.selectFrom('contracts').select('id').execute();
  await expect(seedDemoData(first.db)).resolves.toBe(false);
  expect(await first.db.selectFrom('contracts').select('id').execute()).toHaveLength(before.length);
});

it('seeds only valid NIFs, CIFs and CUPS', async () => {
  const holders = await first.db.selectFrom('holders').select(['nif', 'is_company']).execute();
  const administrators = await first.db.selectFrom('administrators').select('nif').execute();
  for (const { nif, is_company } of holders) {
    expect([nif, (is_company ? isValidCif : isValidNif)(nif)]).toEqual([nif, true]);
  }
  for (const { nif } of administrators) expect([nif, isValidCif(nif)]).toEqual([nif, true]);
  const points = await first.db.selectFrom('supply_points').select(['cups', 'line']).execute();
  for (const { cups, line } of points) {
    expect([cups, isValidCups(cups)]).toEqual([cups, true]);
    expect(cups.slice(2, 6)).toMatch(line === 'Gas' ? /^02\d\d$/ : /^00\d\d$/);
  }
});

it('gives the demo customer every tariff and access fee the reading screen distinguishes', async () => {
  const contracts = await contractsOf(first, 'demo');
  const electricity = contracts.filter((c) => c.line === 'Electricidad');
  const gas = contracts.filter((c) => c.line === 'Gas');
  expect(electricity.length).toBeGreaterThanOrEqual(12);
  expect(gas.length).toBeGreaterThanOrEqual(11);
  expect(new Set(electricity.map((c) => c.access_fee))).toEqual(
    new Set([
      '2.0A',
      '2.1A',
      '2.0DHA',
      '2.1DHA',
      '2.0DHS',
      '2.1DHS',
      '3.0A',
      '3.1A',
      '6.1',
      '2.0TD',
      '3.0TD',
      '6.1TD',
    ]),
  );
  expect(new Set(gas.map((c) => c.tariff))).toEqual(new Set(['RL.1', 'RL.2', 'RL.3']));
  expect(gas.every((c) => Math.round(Number.parseFloat(c.access_fee)) === 3)).toBe(true);
  const ended = contracts.filter((c) => c.state === 'Baja');
  expect(ended.length).toBeGreaterThan(0);
  expect(ended.every((c) => c.end_date !== null && c.end_date > c.start_date)).toBe(true);
  expect(contracts.filter((c) => c.state === 'Contrato').length).toBeGreaterThan(contracts.length / 2);
});

it('seeds the other customers and the administrator with their clients', async () => {
  const lines = async (username: string) => (await contractsOf(first, username)).map((c) => c.line).sort();
  expect(await lines('demo2')).toEqual(['Electricidad', 'Electricidad', 'Gas']);
  expect(await lines('gasonly')).toEqual(['Gas', 'Gas']);
  expect(await lines('sinproductos')).toEqual([]);

  const clients = await first.db
    .selectFrom('administrator_clients')
    .innerJoin('administrators', 'administrators.id', 'administrator_clients.administrator_id')
    .innerJoin('holders', 'holders.id', 'administrator_clients.holder_id')
    .select(['holders.id', 'holders.nif'])
    .where('administrators.email', '=', 'admin@fincas.example')
    .execute();
  expect(clients).toHaveLength(4);
  for (const client of clients) {
    expect(client.nif).toMatch(/^H/);
    const contracts = await first.db
      .selectFrom('contracts')
      .select('line')
      .where('holder_id', '=', client.id)
      .execute();
    expect(contracts.length).toBeGreaterThanOrEqual(2);
    expect(contracts.length).toBeLessThanOrEqual(4);
    expect(new Set(contracts.map((c) => c.line))).toEqual(new Set(['Electricidad', 'Gas']));
  }
});

it('registers the sign-up holder and administrator without accounts', async () => {
  const holder = await first.db
    .selectFrom('holders')
    .selectAll()
    .where('nif', '=', '12345678Z')
    .executeTakeFirstOrThrow();
  expect(holder).toMatchObject({ phone: '600123456', email: 'alta@cliente.example' });
  const lines = await first.db
    .selectFrom('contracts')
    .select('line')
    .where('holder_id', '=', holder.id)
    .execute();
  expect(lines.map((c) => c.line).sort()).toEqual(['Electricidad', 'Gas']);
  const administrator = await first.db
    .selectFrom('administrators')
    .selectAll()
    .where('email', '=', 'alta@fincas.example')
    .executeTakeFirstOrThrow();
  expect(administrator.nif).toBe('B12345674');
  const accounts = await first.db
    .selectFrom('accounts')
    .select('id')
    .where((eb) => eb.or([eb('holder_id', '=', holder.id), eb('administrator_id', '=', administrator.id)]))
    .execute();
  expect(accounts).toHaveLength(0);
});

it('lists the demo accounts printed at start-up', () => {
  expect(DEMO_ACCOUNTS.map((a) => `${a.realm}:${a.username}`)).toEqual([
    'cliente:demo',
    'cliente:demo2',
    'cliente:gasonly',
    'cliente:sinproductos',
    'fincas:admin@fincas.example',
  ]);
});
