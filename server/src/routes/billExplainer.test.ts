import type { BillExplanation } from '../contract/billExplainer';
import { createTestApp, demoTokens, type TestApp } from '../../test/testApp';
import { euros } from '../documents/format';

let t: TestApp;
let tokens: Record<'cliente' | 'fincas', string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await demoTokens(t.app);
});

afterAll(async () => {
  await t.close();
});

const explain = (id: number | string, realm: 'cliente' | 'fincas' = 'cliente') =>
  t.app.inject({
    method: 'GET',
    url: `/api/${realm}/ov/invoices/api/explicacion/${id}`,
    headers: { authorization: `Bearer ${tokens[realm]}` },
  });

/** The demo customer's invoices (simple and unified, both lines, Varios left out), oldest first. */
const demoInvoices = () =>
  t.db
    .selectFrom('invoices')
    .innerJoin('accounts', 'accounts.holder_id', 'invoices.holder_id')
    .where('accounts.username', '=', 'demo')
    .where('invoices.kind', 'in', ['F', 'U'])
    .where('invoices.category', '=', 'NO')
    .select(['invoices.id', 'invoices.line', 'invoices.amount'])
    .orderBy('invoices.id')
    .execute();

const cents = (euros: number) => Math.round(euros * 100);
const sumCents = (parts: { euros: number }[]) => parts.reduce((sum, part) => sum + cents(part.euros), 0);

describe('GET /ov/invoices/api/explicacion/:id', () => {
  it('splits every demo invoice with a predecessor into parts that add up to the difference to the cent', async () => {
    const invoices = await demoInvoices();
    let compared = 0;
    const lines = new Set<string>();
    for (const invoice of invoices) {
      const response = await explain(invoice.id);
      expect(response.statusCode).toBe(200);
      const answer = response.json<BillExplanation>();
      for (const supply of answer.supplies) {
        for (const comparison of [supply.previous, supply.yearBefore]) {
          if (!comparison) continue;
          const before = await t.db
            .selectFrom('invoices')
            .select('amount')
            .where('id', '=', comparison.invoiceId)
            .executeTakeFirstOrThrow();
          expect(cents(comparison.difference)).toBe(cents(supply.total) - cents(before.amount));
          expect(sumCents(comparison.parts)).toBe(cents(comparison.difference));
          compared++;
          lines.add(answer.line);
        }
        expect(sumCents(supply.own)).toBe(cents(supply.total));
      }
      if (answer.total) expect(sumCents(answer.total.parts)).toBe(cents(answer.total.difference));
    }
    expect(compared).toBeGreaterThan(invoices.length);
    expect([...lines].sort()).toEqual(['Electricidad', 'Gas']);
  });

  it('reconciles the kWh of every demo electricity bill with the hourly curve over its days, and says so', async () => {
    let checked = 0;
    for (const invoice of (await demoInvoices()).filter((row) => row.line === 'Electricidad')) {
      for (const supply of (await explain(invoice.id)).json<BillExplanation>().supplies) {
        if (!supply.curve) continue;
        for (const period of supply.curve.periods) expect(period.curveKwh).toBeCloseTo(period.billedKwh, 2);
        expect(supply.curve.matches).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('says in one sentence how much higher or lower the bill is and why', async () => {
    const invoices = (await demoInvoices()).reverse();
    for (const invoice of invoices.slice(0, 5)) {
      const answer = (await explain(invoice.id)).json<BillExplanation>();
      if (!answer.total) {
        expect(answer.sentence).toMatch(/^No hay una factura anterior/);
        continue;
      }
      const { difference } = answer.total;
      expect(answer.sentence).toMatch(
        cents(difference) === 0
          ? /^Esta factura es igual que la anterior\.$/
          : new RegExp(
              `^Esta factura es ${euros(Math.abs(difference))} más ${difference > 0 ? 'alta' : 'baja'} que la anterior, sobre todo (porque|por) .+\\.$`,
            ),
      );
    }
  });

  it('answers the administrator for a managed client’s invoice, and 404 for one outside the caller’s reach', async () => {
    const managed = await t.db
      .selectFrom('invoices')
      .innerJoin('administrator_clients', 'administrator_clients.holder_id', 'invoices.holder_id')
      .innerJoin('accounts', 'accounts.administrator_id', 'administrator_clients.administrator_id')
      .where('accounts.username', '=', 'admin@fincas.example')
      .where('invoices.kind', '=', 'F')
      .where('invoices.category', '=', 'NO')
      .select(['invoices.id', 'invoices.holder_id'])
      .executeTakeFirstOrThrow();
    const admin = await explain(managed.id, 'fincas');
    expect(admin.statusCode).toBe(200);
    expect(admin.json<BillExplanation>().invoiceId).toBe(managed.id);
    const [own] = await demoInvoices();
    const outside = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('holder_id', 'not in', (eb) =>
        eb
          .selectFrom('accounts')
          .select('holder_id')
          .where('username', '=', 'demo')
          .where('holder_id', 'is not', null),
      )
      .where('holder_id', 'not in', (eb) =>
        eb
          .selectFrom('administrator_clients')
          .innerJoin('accounts', 'accounts.administrator_id', 'administrator_clients.administrator_id')
          .select('administrator_clients.holder_id')
          .where('accounts.username', '=', 'admin@fincas.example'),
      )
      .executeTakeFirstOrThrow();
    expect((await explain(outside.id)).statusCode).toBe(404);
    expect((await explain(outside.id, 'fincas')).statusCode).toBe(404);
    expect((await explain(own.id)).statusCode).toBe(200);
    expect((await explain(2_000_000_000)).statusCode).toBe(404);
    expect((await explain('abc')).statusCode).toBe(400);
  });
});
