import { createTestApp, type TestApp } from '../../test/testApp';
import { HISTORY_MONTHS, invoicePrints } from './invoiceDocuments';
import { invoiceDetails } from './invoices';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const latest = (line: 'Electricidad' | 'Gas') =>
  invoiceDetails(t.db)
    .where('invoices.kind', '=', 'F')
    .where('invoices.category', '=', 'NO')
    .where('invoices.line', '=', line)
    .where('invoices.rectifies_invoice_id', 'is', null)
    .orderBy('invoices.reading_until', 'desc')
    .orderBy('invoices.id', 'desc')
    .executeTakeFirstOrThrow();

describe('invoicePrints', () => {
  it('gives a monthly bill 13 months of its contract’s billed kWh, the bill’s own month last', async () => {
    const invoice = await latest('Electricidad');
    const [print] = await invoicePrints(t.db, [invoice]);
    const history = print.extras.history;
    expect(history).toHaveLength(HISTORY_MONTHS);
    expect(history.at(-1)).toEqual({ month: invoice.reading_until!.slice(0, 7), kwh: expect.any(Number) });
    expect(history.at(-1)!.kwh).toBeCloseTo(invoice.consumption_kwh, 6);
    const months = history.map((entry) => entry.month);
    expect([...months].sort()).toEqual(months);
    expect(new Set(months).size).toBe(HISTORY_MONTHS);
  });

  it('shares a two-month gas bill between its months by days', async () => {
    const invoice = await latest('Gas');
    const [print] = await invoicePrints(t.db, [invoice]);
    const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    const total = days(invoice.reading_from!, invoice.reading_until!);
    const lastMonthStart = `${invoice.reading_until!.slice(0, 7)}-01`;
    expect(lastMonthStart > invoice.reading_from!).toBe(true);
    expect(print.extras.history.at(-1)!.kwh).toBeCloseTo(
      (invoice.consumption_kwh * days(lastMonthStart, invoice.reading_until!)) / total,
      6,
    );
  });

  it('counts a rectified bill through the bill that rectifies it, never twice', async () => {
    const rectifying = await invoiceDetails(t.db)
      .where('invoices.rectifies_invoice_id', 'is not', null)
      .orderBy('invoices.id')
      .executeTakeFirstOrThrow();
    const [rectifyingPrint] = await invoicePrints(t.db, [rectifying]);
    expect(rectifyingPrint.extras.history.at(-1)!.kwh).toBeCloseTo(rectifying.consumption_kwh, 6);
    expect(rectifyingPrint.extras.rectified).not.toBeNull();
  });

  it('reads a unified invoice’s proformas and the holder’s account in the same call', async () => {
    const unified = await invoiceDetails(t.db)
      .where('invoices.kind', '=', 'U')
      .orderBy('invoices.id')
      .executeTakeFirstOrThrow();
    const [print] = await invoicePrints(t.db, [unified]);
    expect(print.proformas.length).toBe(unified.has_proformas);
    for (const proforma of print.proformas) {
      expect(proforma.invoice.numero_unica).toBe(unified.numero_unica);
      expect(proforma.extras.detail).not.toBeNull();
    }
    expect(print.extras.history).toEqual([]);
  });
});
