import type { Selectable } from 'kysely';

import { pdfLines } from '../../test/pdfText';
import { CLIENTE, createTestApp, FINCAS, login, type TestApp } from '../../test/testApp';
import { profileOf } from '../data/measurements';
import type { InvoicesTable } from '../db/schema';
import type { BillDetail } from '../measurements/billDetail';
import { addDays, addMonths, toDashDate } from '../measurements/dates';
import { measurementsBetween } from '../measurements/loadProfile';
import { clockHour, madridDay, madridToday } from '../measurements/madridTime';
import { GAS_CONVERSION_FACTOR, VAT_PERCENT } from '../measurements/prices';
import { PERIOD_CODES, periodAt } from '../measurements/tariffPeriods';

// One consumption truth (issue 13): the invoices, the load curve the API serves and the certificate agree.

type Invoice = Selectable<InvoicesTable>;

interface HourRow {
  date: string;
  hour: number;
  active: number;
  surplus: number;
}

interface DemoContract {
  id: number;
  code: string;
  tariff: string;
  line: string;
  holder_id: number;
  /** The account that may read it, or null (a holder without an account: read from the model). */
  reader: { base: string; token: string } | null;
}

let t: TestApp;
let invoices: Invoice[];
let contracts: DemoContract[];
const today = madridToday();
const cents = (value: number) => Math.round(value * 100);

beforeAll(async () => {
  t = await createTestApp();
  const token = async (base: string, username: string, password: string) =>
    (await login(t.app, base, username, password)).json().access_token as string;
  const readers = new Map<number, { base: string; token: string }>();
  for (const username of ['demo', 'demo2', 'gasonly']) {
    const account = await t.db
      .selectFrom('accounts')
      .select('holder_id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    readers.set(account.holder_id!, {
      base: '/api/cliente',
      token: await token(CLIENTE, username, 'Demo2024!'),
    });
  }
  const administrator = {
    base: '/api/fincas',
    token: await token(FINCAS, 'admin@fincas.example', 'Fincas2024!'),
  };
  const managed = await t.db
    .selectFrom('administrator_clients')
    .innerJoin('administrators', 'administrators.id', 'administrator_clients.administrator_id')
    .select('holder_id')
    .where('administrators.email', '=', 'admin@fincas.example')
    .execute();
  for (const { holder_id } of managed) readers.set(holder_id, administrator);

  invoices = await t.db.selectFrom('invoices').selectAll().orderBy('id').execute();
  const rows = await t.db
    .selectFrom('contracts')
    .select(['id', 'code', 'tariff', 'line', 'holder_id'])
    .where('state', '!=', 'En tramitación')
    .orderBy('id')
    .execute();
  contracts = rows.map((row) => ({ ...row, reader: readers.get(row.holder_id) ?? null }));
});

afterAll(async () => {
  await t.close();
});

/** Every hour of a contract's metered history, as the load-curve call answers it (12 months a call). */
async function loadCurve(contract: DemoContract): Promise<HourRow[]> {
  if (!contract.reader) return modelHours(contract);
  const hours: HourRow[] = [];
  const yesterday = addDays(today, -1);
  for (let from = addMonths(`${today.slice(0, 8)}01`, -36); from <= yesterday; from = addMonths(from, 12)) {
    const to = [addDays(addMonths(from, 12), -1), yesterday].sort()[0];
    const query = new URLSearchParams({
      contractCode: contract.code,
      startDate: toDashDate(from),
      endDate: toDashDate(to),
    });
    const response = await t.app.inject({
      url: `${contract.reader.base}/ov/cups/api/curvas?${query}`,
      headers: { authorization: `Bearer ${contract.reader.token}` },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json().Curvas.select as {
      dateRecord: string;
      hourRecord: number;
      activeEnergy: number;
      pasiveEnergy: number;
    }[];
    for (const row of answer) {
      const [day, month, year] = row.dateRecord.split('-');
      hours.push({
        date: `${year}-${month}-${day}`,
        hour: row.hourRecord,
        active: row.activeEnergy,
        surplus: row.pasiveEnergy,
      });
    }
  }
  return hours;
}

/** A holder without an account: the same hours from the contract's stored profile. */
async function modelHours(contract: DemoContract): Promise<HourRow[]> {
  // The stored profile as the server reads it (its step too: data/measurements.ts profileOf).
  const profile = (await profileOf(t.db, contract.id))!;
  return measurementsBetween(profile, addMonths(`${today.slice(0, 8)}01`, -36), addDays(today, -1));
}

const periodColumns = (invoice: Invoice) => [
  invoice.consumption_p1,
  invoice.consumption_p2,
  invoice.consumption_p3,
  invoice.consumption_p4,
  invoice.consumption_p5,
  invoice.consumption_p6,
];

const metered = (invoice: Invoice) => invoice.category === 'NO' && invoice.kind !== 'U';

describe('one consumption truth', () => {
  it('every electricity invoice bills, per tariff period, the sum of its period’s hourly load curve', async () => {
    let checked = 0;
    for (const contract of contracts.filter((c) => c.line === 'Electricidad')) {
      const hours = await loadCurve(contract);
      for (const invoice of invoices.filter((i) => i.contract_id === contract.id && metered(i))) {
        const expected = PERIOD_CODES.map(() => 0);
        let surplus = 0;
        let count = 0;
        for (const hour of hours) {
          if (hour.date < invoice.reading_from! || hour.date > invoice.reading_until!) continue;
          const clock = clockHour(madridDay(hour.date).hours, hour.hour - 1);
          expected[PERIOD_CODES.indexOf(periodAt(invoice.tariff, hour.date, clock))] += hour.active;
          surplus += hour.surplus;
          count += 1;
        }
        const days =
          (Date.parse(invoice.reading_until!) - Date.parse(invoice.reading_from!)) / 86_400_000 + 1;
        expect(count).toBeGreaterThanOrEqual(days * 24 - 1);
        periodColumns(invoice).forEach((kwh, i) => {
          if (kwh === null) expect(expected[i]).toBe(0);
          else expect(Math.abs(kwh - expected[i])).toBeLessThanOrEqual(0.0051);
        });
        expect(Math.abs(invoice.consumption_kwh - expected.reduce((a, b) => a + b))).toBeLessThanOrEqual(
          0.03,
        );
        if (invoice.surplus_kwh === null) expect(surplus).toBe(0);
        else expect(Math.abs(invoice.surplus_kwh - surplus)).toBeLessThanOrEqual(0.0051);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('every invoice’s amount is its terms, VAT 21 % of its base to the cent, and its detail adds up', () => {
    for (const invoice of invoices) {
      const base = cents(
        invoice.energy_amount +
          invoice.power_amount -
          invoice.compensation_amount +
          invoice.tax_amount +
          invoice.rental_amount,
      );
      expect(cents(invoice.vat_amount)).toBe(Math.round((base * VAT_PERCENT) / 100));
      expect(cents(invoice.amount)).toBe(base + cents(invoice.vat_amount));
      if (!invoice.detail) {
        expect(invoice.kind === 'U' || invoice.category === 'VA').toBe(true);
        continue;
      }
      const detail = JSON.parse(invoice.detail) as BillDetail;
      const sumCents = (amounts: number[]) => amounts.reduce((total, amount) => total + cents(amount), 0);
      expect(sumCents(detail.energy.map((term) => term.amount))).toBe(cents(invoice.energy_amount));
      expect(sumCents(detail.power.map((term) => term.amount))).toBe(cents(invoice.power_amount));
      for (const term of detail.energy)
        expect(cents(term.amount)).toBe(Math.round(term.kwh * term.price * 100));
      for (const term of detail.power) {
        const quantity = invoice.line === 'Gas' ? term.days : term.kw * term.days;
        expect(cents(term.amount)).toBe(Math.round(quantity * term.price * 100));
      }
      expect(cents(detail.tax.amount)).toBe(cents(invoice.tax_amount));
      expect(cents(detail.vat.base)).toBe(base);
      expect(detail.tolls).toBeLessThan(invoice.energy_amount + invoice.power_amount);
      expect(detail.dueDate > invoice.launch_date).toBe(true);
    }
  });

  it('a unified invoice adds up its parts’ terms and kWh and charges VAT once, on the sum of the bases', () => {
    const unified = invoices.filter((invoice) => invoice.kind === 'U');
    expect(unified.length).toBeGreaterThan(5);
    for (const invoice of unified) {
      const parts = invoices.filter((row) => row.kind === 'P' && row.numero_unica === invoice.bill_number);
      expect(parts).toHaveLength(invoice.has_proformas);
      const sum = (pick: (row: Invoice) => number) =>
        parts.reduce((total, row) => total + cents(pick(row)), 0);
      expect(cents(invoice.energy_amount)).toBe(sum((row) => row.energy_amount));
      expect(cents(invoice.power_amount)).toBe(sum((row) => row.power_amount));
      expect(cents(invoice.consumption_kwh)).toBe(sum((row) => row.consumption_kwh));
      expect(new Set(parts.map((row) => row.holder_id))).toEqual(new Set([invoice.holder_id]));
    }
  });

  it('only the self-consumption contract pours surplus, and its invoices take the compensation off', () => {
    const withSurplus = invoices.filter((invoice) => (invoice.surplus_kwh ?? 0) > 0 && invoice.kind !== 'U');
    expect(new Set(withSurplus.map((invoice) => invoice.contract_id)).size).toBe(1);
    const summer = withSurplus.filter((invoice) => invoice.reading_from!.slice(5, 7) === '07');
    expect(summer.length).toBeGreaterThan(0);
    for (const invoice of withSurplus) {
      const detail = JSON.parse(invoice.detail!) as BillDetail;
      expect(invoice.compensation_amount).toBeGreaterThan(0);
      expect(invoice.compensation_amount).toBeLessThanOrEqual(invoice.energy_amount);
      expect(detail.surplus!.amount).toBe(invoice.compensation_amount);
    }
  });

  it('each bill’s readings start where the contract’s previous bill ended; gas bills the m³ read × the factor', () => {
    for (const contract of contracts) {
      const bills = invoices
        .filter(
          (invoice) => invoice.contract_id === contract.id && metered(invoice) && invoice.serie !== 'RE',
        )
        .sort((a, b) => a.reading_from!.localeCompare(b.reading_from!));
      for (let i = 1; i < bills.length; i += 1) {
        const previous = (JSON.parse(bills[i - 1].detail!) as BillDetail).readings;
        const current = (JSON.parse(bills[i].detail!) as BillDetail).readings;
        expect(current.map((reading) => reading.previous)).toEqual(
          previous.map((reading) => reading.current),
        );
      }
      if (contract.line !== 'Gas') continue;
      for (const bill of bills) {
        const [reading] = (JSON.parse(bill.detail!) as BillDetail).readings;
        expect(reading.unit).toBe('m³');
        expect(cents(bill.consumption_kwh)).toBe(
          Math.round((reading.current - reading.previous) * GAS_CONVERSION_FACTOR * 100),
        );
      }
    }
  });

  it('a rectifying invoice names the invoice the customer received for the same contract and period', () => {
    const rectifying = invoices.filter((invoice) => invoice.serie === 'RE');
    expect(rectifying.length).toBeGreaterThan(3);
    let ofUnified = 0;
    for (const invoice of rectifying) {
      const original = invoices.find((row) => row.id === invoice.rectifies_invoice_id)!;
      expect(original).toBeDefined();
      expect(original.kind).not.toBe('P');
      // A unified invoice covers the period through one of its proformas.
      const covering =
        original.kind === 'U'
          ? invoices.filter((row) => row.kind === 'P' && row.numero_unica === original.bill_number)
          : [original];
      if (original.kind === 'U') ofUnified += 1;
      expect(
        covering.some(
          (row) => row.contract_id === invoice.contract_id && row.reading_from === invoice.reading_from,
        ),
      ).toBe(true);
      expect(original.launch_date < invoice.launch_date).toBe(true);
    }
    expect(ofUnified).toBeGreaterThan(0);
  });
});

describe('the certificate', () => {
  /** '1.234,56' as 1234.56. */
  const spanishNumber = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'));

  it('certifies each month the kWh of the load curve, which are the kWh its invoices bill', async () => {
    const until = addDays(`${today.slice(0, 8)}01`, -1);
    const from = addMonths(addDays(until, 1), -12);
    const demo = contracts.filter((c) => c.reader?.base === '/api/cliente' && c.line === 'Electricidad');
    const picked = [
      demo.find((c) => c.tariff === '2.0TD')!,
      demo.find((c) => c.tariff === '3.0A')!,
      contracts.find((c) => c.reader?.base === '/api/fincas' && c.tariff === '3.0TD')!,
    ];
    for (const contract of picked) {
      const query = new URLSearchParams({
        line: 'electricidad',
        contractCode: contract.code,
        startDate: toDashDate(from),
        endDate: toDashDate(until),
      });
      const response = await t.app.inject({
        url: `${contract.reader!.base}/ov/contracts/api/consumptionsCertified?${query}`,
        headers: { authorization: `Bearer ${contract.reader!.token}` },
      });
      expect(response.statusCode).toBe(200);
      const lines = await pdfLines(response.rawPayload);
      const hours = await loadCurve(contract);
      for (let month = from; month <= until; month = addMonths(month, 1)) {
        const key = month.slice(0, 7);
        const measured = hours
          .filter((hour) => hour.date.startsWith(key))
          .reduce((total, hour) => total + hour.active, 0);
        const billed = invoices
          .filter((i) => i.contract_id === contract.id && metered(i) && i.serie !== 'RE')
          .filter((i) => i.reading_from!.startsWith(key))
          .reduce((total, i) => total + i.consumption_kwh, 0);
        const label = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' })
          .format(new Date(`${month}T00:00:00Z`))
          .replace(' de ', ' ');
        const row = lines.find((line) => line.toLowerCase().startsWith(label.toLowerCase()));
        expect(row).toBeDefined();
        // 'Octubre 2026 01/10/2026 31/10/2026 <active> <reactive> [<surplus>]'
        const certified = spanishNumber(row!.split(' ')[4]);
        expect(Math.abs(certified - measured)).toBeLessThanOrEqual(0.0051);
        expect(Math.abs(billed - measured)).toBeLessThanOrEqual(0.03);
      }
    }
  });
});

describe('portfolios that look like real ones', () => {
  const monthly = (invoice: Invoice) => invoice.kind !== 'U' && invoice.category === 'NO';
  const byTariff = async (holderNifStart: string, tariff: string) => {
    const rows = await t.db
      .selectFrom('invoices')
      .innerJoin('holders', 'holders.id', 'invoices.holder_id')
      .innerJoin('contracts', 'contracts.id', 'invoices.contract_id')
      .select(['invoices.id', 'contracts.power_p1'])
      .where('holders.nif', 'like', `${holderNifStart}%`)
      .where('invoices.tariff', '=', tariff)
      .execute();
    const ids = new Set(rows.map((row) => row.id));
    return {
      invoices: invoices.filter((i) => ids.has(i.id) && monthly(i)),
      powers: rows.map((r) => r.power_p1!),
    };
  };

  // Homes of up to 15 kW (2.0TD's limit): the 2.1x tolls' 10-14.5 kW homes are billed on 2.0TD since June 2021.
  it('homes on 2.0TD pay 30-250 € a month', async () => {
    const homes = invoices.filter((invoice) => invoice.tariff === '2.0TD' && monthly(invoice));
    const persons = await t.db.selectFrom('holders').select('id').where('is_company', '=', 0).execute();
    const personIds = new Set(persons.map((p) => p.id));
    const personal = homes.filter((invoice) => personIds.has(invoice.holder_id));
    expect(personal.length).toBeGreaterThan(100);
    for (const invoice of personal) {
      // The self-consumption home pays less: its surplus is compensated.
      expect(invoice.amount).toBeGreaterThanOrEqual(invoice.compensation_amount > 0 ? 10 : 30);
      expect(invoice.amount).toBeLessThanOrEqual(250);
    }
  });

  it('communities of owners hold 2.0TD/3.0TD community supplies of 10-50 kW billed in hundreds of euros', async () => {
    for (const tariff of ['2.0TD', '3.0TD']) {
      const { invoices: rows, powers } = await byTariff('H', tariff);
      expect(rows.length).toBeGreaterThan(20);
      for (const kw of powers) expect(kw >= 10 && kw <= 50).toBe(true);
      for (const invoice of rows) expect(invoice.amount).toBeLessThan(1_500);
    }
    const communities = await t.db
      .selectFrom('contracts')
      .innerJoin('holders', 'holders.id', 'contracts.holder_id')
      .select('contracts.tariff')
      .where('holders.nif', 'like', 'H%')
      .where('contracts.line', '=', 'Electricidad')
      .execute();
    expect(new Set(communities.map((c) => c.tariff))).toEqual(new Set(['2.0TD', '3.0TD']));
  });

  it('a private customer’s unified electricity invoice is in the hundreds of euros', async () => {
    const demo2 = await t.db
      .selectFrom('accounts')
      .select('holder_id')
      .where('username', '=', 'demo2')
      .executeTakeFirstOrThrow();
    const unified = invoices.filter(
      (invoice) =>
        invoice.kind === 'U' && invoice.holder_id === demo2.holder_id && invoice.line === 'Electricidad',
    );
    expect(unified.length).toBeGreaterThan(0);
    for (const invoice of unified) expect(invoice.amount > 60 && invoice.amount < 1_000).toBe(true);
  });
});
