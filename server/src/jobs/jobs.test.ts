import { Writable } from 'node:stream';

import type { Selectable } from 'kysely';

import { CLIENTE, createTestApp as createAnyTestApp, login, type TestApp } from '../../test/testApp';
import { clockOffsetMs, serverNow, setClockOffsetMs } from '../clock';
import { writeClockOffset } from '../data/serverClock';
import { ensureMeasurementDays, recordDayReadings } from '../data/measurementDays';
import { profileOf } from '../data/measurements';
import { createDatabase } from '../db/database';
import type { InvoicesTable } from '../db/schema';
import type { BillDetail } from '../measurements/billDetail';
import { addDays, addMonths, toDashDate } from '../measurements/dates';
import { dayMeasurements, type LoadProfile } from '../measurements/loadProfile';
import { clockHour, madridDay, madridToday } from '../measurements/madridTime';
import { pricesFor, VAT_PERCENT } from '../measurements/prices';
import { PERIOD_CODES, periodAt } from '../measurements/tariffPeriods';
import { configureNotifications, notifyNewInvoices } from '../notifications';
import { CLOCK_MESSAGES } from '../routes/devClock';
import { MAX_CLOCK_DAYS } from './advance';
import * as billing from './billing';
import { announcePendingInvoices, runBilling } from './billing';
import { createJobRunner, morningOf } from './runner';

/**
 * A test app whose clock starts at the machine's time: the clock is one per process, and the previous test's
 * move must not reach the next database's seed (on PostgreSQL each schema is seeded here, by that clock).
 */
const createTestApp: typeof createAnyTestApp = (...args) => {
  setClockOffsetMs(0);
  return createAnyTestApp(...args);
};

/** Runs a test on an app and database of its own, closed whatever the test does. */
async function withTestApp(
  run: (t: TestApp) => Promise<void>,
  ...options: Parameters<typeof createTestApp>
): Promise<void> {
  const t = await createTestApp(...options);
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

type Invoice = Selectable<InvoicesTable>;
interface Ran {
  now: string;
  ran: { readings: number; invoices: number; emails: number };
}

// The tests start from the machine's today: the demo seed billed every period up to last month.
const today = madridToday();
const nextMonth = addMonths(`${today.slice(0, 8)}01`, 1);
const monthEnd = addDays(nextMonth, -1);
const cents = (value: number) => Math.round(value * 100);

const moveClock = async (t: TestApp, body: unknown) => {
  const response = await t.app.inject({ method: 'POST', url: '/dev/clock', payload: body as object });
  return { status: response.statusCode, body: response.json<Ran & { message?: string }>() };
};
const clockNow = async (t: TestApp) =>
  (await t.app.inject({ url: '/dev/clock' })).json<{ now: string }>().now;

const maxInvoiceId = async (t: TestApp) =>
  Number(
    (
      await t.db
        .selectFrom('invoices')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id,
  );
const invoicesAfter = (t: TestApp, id: number) =>
  t.db.selectFrom('invoices').selectAll().where('id', '>', id).orderBy('id').execute();

/** The "Nueva factura" e-mails queued to customers, one per invoice (administrators get one digest instead). */
const customerInvoiceMails = (t: TestApp) =>
  t.db
    .selectFrom('notifications_sent')
    .innerJoin('accounts', 'accounts.id', 'notifications_sent.account_id')
    .innerJoin('mail_queue', 'mail_queue.id', 'notifications_sent.mail_id')
    .select(['mail_queue.id', 'mail_queue.recipient', 'mail_queue.subject', 'mail_queue.sent_at'])
    .where('notifications_sent.kind', '=', 'nuevaFactura')
    .where('accounts.realm', '=', 'cliente')
    .execute();

/** Every notice queued so far, of any kind: what the runs answer as `emails`. */
async function noticesQueued(t: TestApp): Promise<number> {
  const rows = await t.db.selectFrom('notifications_sent').select('mail_id').distinct().execute();
  return rows.filter((row) => row.mail_id !== null).length;
}

/** Electricity contracts the billing run must bill for the month ending `until`. */
async function liveElectricity(t: TestApp, until: string) {
  return t.db
    .selectFrom('contracts')
    .select(['id', 'code', 'holder_id', 'tariff'])
    .where('line', '=', 'Electricidad')
    .where('state', '!=', 'En tramitación')
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', until)]))
    .orderBy('id')
    .execute();
}

/**
 * No contract has two invoices of one period (its own or a proforma), and exactly one e-mail went per invoice
 * issued since `since` (simple or unified) and validated account of its holder: none twice, none missing.
 */
async function expectNothingTwice(t: TestApp, since: number) {
  const periods = await t.db
    .selectFrom('invoices')
    .select(['contract_id', 'reading_from', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('serie', 'in', ['ENERGIA', 'PF'])
    .groupBy(['contract_id', 'reading_from'])
    .execute();
  expect(periods.filter((row) => Number(row.count) > 1)).toEqual([]);
  const expected = await t.db
    .selectFrom('invoices')
    .innerJoin('accounts', 'accounts.holder_id', 'invoices.holder_id')
    .select('accounts.email')
    .where('invoices.id', '>', since)
    .where('invoices.kind', '!=', 'P')
    .where('accounts.realm', '=', 'cliente')
    .where('accounts.validated', '=', 1)
    .execute();
  const mails = await customerInvoiceMails(t);
  const sorted = (emails: string[]) => [...emails].sort();
  expect(sorted(mails.map((mail) => mail.recipient))).toEqual(sorted(expected.map((row) => row.email)));
}

/** The contract's stored days from `from` on are every day up to `until` (excluded), each once; answers them. */
async function expectDaysStored(t: TestApp, contractId: number, from: string, until: string) {
  const days = await t.db
    .selectFrom('measurement_days')
    .select('date')
    .where('contract_id', '=', contractId)
    .where('date', '>=', from)
    .orderBy('date')
    .execute();
  const expected: string[] = [];
  for (let day = from; day < until; day = addDays(day, 1)) expected.push(day);
  expect(days.map((row) => row.date)).toEqual(expected);
  return expected;
}

describe('the billing run after a month ends (POST /dev/clock)', () => {
  let t: TestApp;
  let before: number;
  let moved: Ran;
  let fresh: Invoice[];

  beforeAll(async () => {
    t = await createTestApp();
    before = await maxInvoiceId(t);
    const answer = await moveClock(t, { to: addDays(nextMonth, 1) });
    expect(answer.status).toBe(200);
    moved = answer.body;
    fresh = await invoicesAfter(t, before);
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  it('lands at 08:00 Madrid of the day asked, and GET /dev/clock and every API answer tell that time', async () => {
    expect(moved.now.slice(0, 16)).toBe(morningOf(addDays(nextMonth, 1)).toISOString().slice(0, 16));
    expect(Date.parse(await clockNow(t))).toBeGreaterThanOrEqual(Date.parse(moved.now));
    const answer = await t.app.inject({ url: `${CLIENTE}/checkConnection` });
    expect(madridToday(new Date(answer.json<{ serverTime: string }>().serverTime))).toBe(
      addDays(nextMonth, 1),
    );
    expect(madridToday(new Date(String(answer.headers['x-server-time'])))).toBe(addDays(nextMonth, 1));
  });

  it('bills every live electricity contract once for the month that ended, issued the next day', async () => {
    const contracts = await liveElectricity(t, monthEnd);
    expect(contracts.length).toBeGreaterThan(10);
    for (const contract of contracts) {
      const own = fresh.filter(
        (row) => row.contract_id === contract.id && ['ENERGIA', 'PF'].includes(row.serie),
      );
      expect(own.map((row) => [row.reading_from, row.reading_until, row.launch_date])).toEqual([
        [`${monthEnd.slice(0, 8)}01`, monthEnd, nextMonth],
      ]);
    }
    expect(moved.ran.invoices).toBe(fresh.length);
    // Gas is billed every two months: a gas invoice is new only where its two months ended now.
    for (const row of fresh.filter((invoice) => invoice.line === 'Gas')) {
      expect(row.reading_until).toBe(monthEnd);
      expect(row.reading_from).toBe(addMonths(`${monthEnd.slice(0, 8)}01`, -1));
    }
    await expectNothingTwice(t, before);
  });

  it('bills, per tariff period, the hourly load curve the customer sees, and its amounts to the cent', async () => {
    const token = (await login(t.app, CLIENTE, 'demo', 'Demo2024!')).json<{ access_token: string }>()
      .access_token;
    const holder = await t.db
      .selectFrom('accounts')
      .select('holder_id')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    const mine = fresh.filter(
      (row) => row.holder_id === holder.holder_id && row.line === 'Electricidad' && row.kind !== 'U',
    );
    expect(mine.length).toBeGreaterThan(5);
    for (const invoice of mine) {
      const { code } = await t.db
        .selectFrom('contracts')
        .select('code')
        .where('id', '=', invoice.contract_id)
        .executeTakeFirstOrThrow();
      const query = new URLSearchParams({
        contractCode: code,
        startDate: toDashDate(invoice.reading_from!),
        endDate: toDashDate(invoice.reading_until!),
      });
      const curve = await t.app.inject({
        url: `/api/cliente/ov/cups/api/curvas?${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(curve.statusCode).toBe(200);
      const hours = curve.json().Curvas.select as {
        dateRecord: string;
        hourRecord: number;
        activeEnergy: number;
      }[];
      const kwh = PERIOD_CODES.map(() => 0);
      for (const hour of hours) {
        const [day, month, year] = hour.dateRecord.split('-');
        const date = `${year}-${month}-${day}`;
        const clock = clockHour(madridDay(date).hours, hour.hourRecord - 1);
        kwh[PERIOD_CODES.indexOf(periodAt(invoice.tariff, date, clock))] += hour.activeEnergy;
      }
      const columns = [
        invoice.consumption_p1,
        invoice.consumption_p2,
        invoice.consumption_p3,
        invoice.consumption_p4,
        invoice.consumption_p5,
        invoice.consumption_p6,
      ];
      const prices = pricesFor(invoice.tariff, invoice.reading_from!);
      const detail = JSON.parse(invoice.detail!) as BillDetail;
      let energyCents = 0;
      columns.forEach((billed, i) => {
        if (billed === null) return expect(kwh[i]).toBe(0);
        expect(Math.abs(billed - kwh[i])).toBeLessThanOrEqual(0.0051);
        // Each period's energy: its kWh (to the hundredth) times the price in force, to the cent.
        energyCents += Math.round((Math.round(kwh[i] * 100) / 100) * prices.energy[i] * 100);
      });
      expect(cents(invoice.energy_amount)).toBe(energyCents);
      const days = detail.days;
      expect(days).toBe(
        (Date.parse(invoice.reading_until!) - Date.parse(invoice.reading_from!)) / 86_400_000 + 1,
      );
      const powerCents = detail.power.reduce(
        (sum, term, i) => sum + Math.round(term.kw * days * prices.power[i] * 100),
        0,
      );
      expect(cents(invoice.power_amount)).toBe(powerCents);
      const base =
        cents(invoice.energy_amount) -
        cents(invoice.compensation_amount) +
        cents(invoice.power_amount) +
        cents(invoice.tax_amount) +
        cents(invoice.rental_amount);
      expect(cents(invoice.vat_amount)).toBe(Math.round((base * VAT_PERCENT) / 100));
      expect(cents(invoice.amount)).toBe(base + cents(invoice.vat_amount));
      expect(invoice.can_download).toBe(1);
      expect(detail.dueDate > invoice.launch_date).toBe(true);
    }
  });

  it('makes unified invoices with proformas where a holder has several contracts of a line, as the seed', async () => {
    const unified = fresh.filter((row) => row.kind === 'U');
    expect(unified.length).toBeGreaterThan(0);
    for (const invoice of unified) {
      const parts = fresh.filter((row) => row.kind === 'P' && row.numero_unica === invoice.bill_number);
      expect(parts.length).toBeGreaterThan(1);
      expect(cents(invoice.energy_amount)).toBe(
        parts.reduce((sum, row) => sum + cents(row.energy_amount), 0),
      );
    }
    // New numbers, none taken before.
    const numbers = fresh.map((row) => `${row.serie}|${row.bill_number}`);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('queues one "Nueva factura" e-mail per new invoice and validated account, and sends it to the outbox', async () => {
    const mails = await customerInvoiceMails(t);
    expect(await noticesQueued(t)).toBe(moved.ran.emails);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((mail) => mail.sent_at !== null)).toBe(true);
    const outbox = (await t.app.inject({ url: '/dev/outbox.json' })).json<
      { subject: string; to: string }[]
    >();
    const delivered = new Set(outbox.map((mail) => `${mail.to} ${mail.subject}`));
    expect(mails.filter((mail) => !delivered.has(`${mail.recipient} ${mail.subject}`))).toEqual([]);
  });

  it('records the day before’s readings of every live electricity supply', async () => {
    expect(moved.ran.readings).toBeGreaterThan(0);
    const contracts = await liveElectricity(t, addDays(nextMonth, 0));
    const stored = await t.db
      .selectFrom('measurement_days')
      .select('contract_id')
      .where('date', '=', nextMonth)
      .execute();
    expect(new Set(stored.map((row) => row.contract_id))).toEqual(new Set(contracts.map((row) => row.id)));
  });

  it('a repeated run, or a restart that lost the runs’ record, writes no reading, invoice or e-mail twice', async () => {
    const counts = async () => ({
      invoices: await maxInvoiceId(t),
      days: Number(
        (
          await t.db
            .selectFrom('measurement_days')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      mails: Number(
        (
          await t.db
            .selectFrom('mail_queue')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    });
    const first = await counts();
    // Today's date: no move, the due jobs again.
    const again = await moveClock(t, { to: madridToday(serverNow()) });
    expect(again.status).toBe(200);
    expect(again.body.ran).toEqual({ readings: 0, invoices: 0, emails: 0 });
    // A process that stopped mid-run wrote its units but not the runs' record: the runs come again.
    await t.db
      .deleteFrom('job_runs')
      .where('job', 'in', ['readings', 'billing'])
      .where('unit', '>=', nextMonth)
      .execute();
    const rerun = await moveClock(t, { to: madridToday(serverNow()) });
    expect(rerun.body.ran).toEqual({ readings: 0, invoices: 0, emails: 0 });
    // A restart between the invoices and their e-mails: the step runs again for the same invoices.
    expect(
      await notifyNewInvoices(
        t.db,
        fresh.map((row) => row.id),
        serverNow(),
      ),
    ).toBe(0);
    expect(await counts()).toEqual(first);
    await expectNothingTwice(t, before);
  });

  it('GET /health reports the database, each job’s last run, failures and mail waiting', async () => {
    const response = await t.app.inject({ url: '/health' });
    expect(response.statusCode).toBe(200);
    const health = response.json();
    expect(health).toMatchObject({ status: 'ok', database: 'ok', failedLastDay: 0, mailWaiting: 0 });
    expect(madridToday(new Date(health.jobs.billing.lastSuccess))).toBe(addDays(nextMonth, 1));
    expect(madridToday(new Date(health.jobs.readings.lastSuccess))).toBe(addDays(nextMonth, 1));
    expect(response.body).not.toMatch(/@|ES\d{4}/);
  });
});

describe('the jobs thread (the server’s jobs off its event loop)', () => {
  it('writes the readings, invoices and e-mails the runner writes here, on its own connection', async () => {
    const billedHere = jest.spyOn(billing, 'runBilling');
    /** A month's move on a fresh database: what it answered and wrote, and whether it billed on this thread. */
    const monthOn = async (jobsOnThread: boolean) => {
      let month: unknown;
      await withTestApp(
        async (t) => {
          billedHere.mockClear();
          const before = await maxInvoiceId(t);
          const answer = await moveClock(t, { to: addDays(nextMonth, 1) });
          expect(answer.status).toBe(200);
          const invoices = await invoicesAfter(t, before);
          await expectNothingTwice(t, before);
          month = {
            ran: answer.body.ran,
            billedOnThisThread: billedHere.mock.calls.length > 0,
            invoices: invoices.map((row) => [row.contract_id, row.serie, row.reading_from, row.amount]),
            mails: (await customerInvoiceMails(t)).map((mail) => [mail.recipient, mail.subject]).sort(),
          };
        },
        {},
        { jobsOnThread },
      );
      return month as { ran: Ran['ran']; billedOnThisThread: boolean };
    };
    const here = await monthOn(false);
    const there = await monthOn(true);
    expect(here.billedOnThisThread).toBe(true);
    expect(here.ran.invoices).toBeGreaterThan(10);
    expect(there).toEqual({ ...here, billedOnThisThread: false });
  }, 240_000);
});

describe('two job runners on one database', () => {
  it(
    'bill each period once and send each e-mail once, whichever runner gets there first',
    () =>
      withTestApp(async (t) => {
        // On PostgreSQL a second pool, as a second process has; on SQLite the one connection, interleaved.
        const other = process.env.TEST_DATABASE_URL ? createDatabase(t.config) : t.db;
        // What a second process's buildApp does for its own pool: its notices take their links and secret from here.
        configureNotifications(other, t.config);
        try {
          const before = await maxInvoiceId(t);
          setClockOffsetMs(
            await writeClockOffset(t.db, morningOf(addDays(nextMonth, 1)).getTime() - Date.now()),
          );
          const [a, b] = await Promise.all([
            createJobRunner(t.db, t.app.log).runDue(),
            createJobRunner(other, t.app.log).runDue(),
          ]);
          const fresh = await invoicesAfter(t, before);
          expect(a.invoices + b.invoices).toBe(fresh.length);
          expect(fresh.length).toBeGreaterThan(10);
          expect(a.emails + b.emails).toBe(await noticesQueued(t));
          await expectNothingTwice(t, before);
        } finally {
          if (other !== t.db) await other.destroy();
        }
      }),
    120_000,
  );
});

describe('a process that dies between the invoices and their e-mails', () => {
  it(
    'sends each notice once when the run comes again, and nothing on a third run',
    () =>
      withTestApp(async (t) => {
        const before = await maxInvoiceId(t);
        // The 07:00 run of the day after the month ended writes its invoices; the process dies before notifying.
        const billed = await runBilling(
          t.db,
          nextMonth,
          new Date(morningOf(nextMonth).getTime() - 3_600_000),
          t.app.log,
        );
        expect(billed.invoices).toBeGreaterThan(10);
        expect(await customerInvoiceMails(t)).toEqual([]);
        // Restarted: the runs not recorded as done come again.
        const again = await moveClock(t, { to: addDays(nextMonth, 1) });
        expect(again.status).toBe(200);
        expect(again.body.ran.invoices).toBe(0);
        expect((await customerInvoiceMails(t)).length).toBeGreaterThan(0);
        await expectNothingTwice(t, before);
        const queued = await noticesQueued(t);
        // A third run (the runs' record lost again) sends nothing more.
        await t.db
          .deleteFrom('job_runs')
          .where('job', '=', 'billing')
          .where('unit', '>=', nextMonth)
          .execute();
        const third = await moveClock(t, { to: madridToday(serverNow()) });
        expect(third.body.ran).toEqual({ readings: 0, invoices: 0, emails: 0 });
        expect(await noticesQueued(t)).toBe(queued);
        await expectNothingTwice(t, before);
      }),
    180_000,
  );
});

describe('an administrator’s digest', () => {
  it(
    'is one e-mail per run listing every new invoice of its communities, however the notices are batched',
    () =>
      withTestApp(async (t) => {
        const admin = await t.db
          .selectFrom('accounts')
          .select(['email', 'administrator_id'])
          .where('username', '=', 'admin@fincas.example')
          .executeTakeFirstOrThrow();
        const before = await maxInvoiceId(t);
        const lastMail = await t.db
          .selectFrom('mail_queue')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst();
        await runBilling(t.db, nextMonth, new Date(morningOf(nextMonth).getTime() - 3_600_000), t.app.log);
        const theirs = await t.db
          .selectFrom('invoices')
          .innerJoin('administrator_clients', 'administrator_clients.holder_id', 'invoices.holder_id')
          .select('invoices.id')
          .where('administrator_clients.administrator_id', '=', admin.administrator_id)
          .where('invoices.id', '>', before)
          .where('invoices.kind', '!=', 'P')
          .execute();
        expect(theirs.length).toBeGreaterThan(1);
        // Batches of one invoice: the smallest, where a batch-by-batch digest would send one per invoice.
        await announcePendingInvoices(t.db, morningOf(nextMonth), 1);
        const digests = await t.db
          .selectFrom('mail_queue')
          .select('subject')
          .where('recipient', '=', admin.email)
          .where('id', '>', Number(lastMail?.id ?? 0))
          .execute();
        expect(digests.map((row) => row.subject)).toEqual([
          `${theirs.length} nuevas facturas de sus comunidades`,
        ]);
        await expectNothingTwice(t, before);
      }),
    180_000,
  );
});

describe('catch-up after a gap', () => {
  it(
    'runs every missed day in order: each month billed on the day after it ended, every day read',
    () =>
      withTestApp(async (t) => {
        const before = await maxInvoiceId(t);
        const target = addDays(addMonths(nextMonth, 2), 3);
        const answer = await moveClock(t, { to: target });
        expect(answer.status).toBe(200);
        const fresh = await invoicesAfter(t, before);
        const contract = (await liveElectricity(t, addMonths(nextMonth, 2)))[0];
        const own = fresh.filter(
          (row) => row.contract_id === contract.id && ['ENERGIA', 'PF'].includes(row.serie),
        );
        expect(own.map((row) => [row.reading_from, row.launch_date])).toEqual([
          [`${monthEnd.slice(0, 8)}01`, nextMonth],
          [nextMonth, addMonths(nextMonth, 1)],
          [addMonths(nextMonth, 1), addMonths(nextMonth, 2)],
        ]);
        // Issued in order: ids grow with the launch date.
        const launches = fresh.map((row) => row.launch_date);
        expect(launches).toEqual([...launches].sort());
        await expectDaysStored(t, contract.id, today, target);
        await expectNothingTwice(t, before);
      }),
    180_000,
  );
});

describe('catch-up of an older gap on an existing database', () => {
  it(
    'a server that starts days after its database was last worked on reads and bills every missed day, in order, once',
    () =>
      withTestApp(async (t) => {
        const before = await maxInvoiceId(t);
        // A database that holds what the seed wrote and on which no job ever ran (made before the jobs existed, or
        // seeded long before its server first started), and a clock two months on.
        await t.db.deleteFrom('job_runs').execute();
        // Its readings stop at yesterday for one supply (the rest have none stored): they go on from there.
        const supply = (await liveElectricity(t, addMonths(nextMonth, 1)))[0];
        const stored = await t.db
          .selectFrom('contracts')
          .selectAll()
          .where('id', '=', supply.id)
          .executeTakeFirstOrThrow();
        await ensureMeasurementDays(t.db, stored, (await profileOf(t.db, supply.id))!, today);
        const target = addDays(addMonths(nextMonth, 1), 3);
        setClockOffsetMs(await writeClockOffset(t.db, morningOf(target).getTime() - Date.now()));
        const ran = await createJobRunner(t.db, t.app.log).runDue();
        const fresh = await invoicesAfter(t, before);
        expect(ran.invoices).toBe(fresh.length);
        const contract = (await liveElectricity(t, addMonths(nextMonth, 1)))[0];
        const own = fresh.filter(
          (row) => row.contract_id === contract.id && ['ENERGIA', 'PF'].includes(row.serie),
        );
        expect(own.map((row) => [row.reading_from, row.launch_date])).toEqual([
          [`${monthEnd.slice(0, 8)}01`, nextMonth],
          [nextMonth, addMonths(nextMonth, 1)],
        ]);
        const launches = fresh.map((row) => row.launch_date);
        expect(launches).toEqual([...launches].sort());
        const expected = await expectDaysStored(t, contract.id, today, target);
        await expectNothingTwice(t, before);
        // Once.
        expect(await createJobRunner(t.db, t.app.log).runDue()).toEqual({
          readings: 0,
          invoices: 0,
          emails: 0,
        });
        await expectNothingTwice(t, before);
        // Then its process is down for a month and a half: the next one to start catches up from the last run.
        const later = addDays(addMonths(nextMonth, 2), 15);
        setClockOffsetMs(await writeClockOffset(t.db, morningOf(later).getTime() - Date.now()));
        await createJobRunner(t.db, t.app.log).runDue();
        expect(
          (await invoicesAfter(t, before))
            .filter((row) => row.contract_id === contract.id && ['ENERGIA', 'PF'].includes(row.serie))
            .map((row) => [row.reading_from, row.launch_date]),
        ).toEqual([
          [`${monthEnd.slice(0, 8)}01`, nextMonth],
          [nextMonth, addMonths(nextMonth, 1)],
          [addMonths(nextMonth, 1), addMonths(nextMonth, 2)],
        ]);
        const read = await t.db
          .selectFrom('measurement_days')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('contract_id', '=', contract.id)
          .where('date', '>=', today)
          .where('date', '<', later)
          .executeTakeFirstOrThrow();
        expect(Number(read.n)).toBe(expected.length + (Date.parse(later) - Date.parse(target)) / 86_400_000);
        await expectNothingTwice(t, before);
      }),
    180_000,
  );
});

describe('days of 23 and 25 hours', () => {
  it('the daily readings store every metered hour of the summer-time change days, as the model has them', () =>
    withTestApp(async (t) => {
      const contract = (await liveElectricity(t, today))[0];
      const row = await t.db
        .selectFrom('measurement_profiles')
        .selectAll()
        .where('contract_id', '=', contract.id)
        .executeTakeFirstOrThrow();
      const profile: LoadProfile = {
        kind: row.kind,
        meanKw: row.mean_kw,
        solarKw: row.solar_kw,
        seed: Number(row.seed),
      };
      for (const [day, hours] of [
        ['2026-03-29', 23],
        ['2026-10-25', 25],
      ] as const) {
        await t.db.deleteFrom('measurement_days').where('contract_id', '=', contract.id).execute();
        expect(await recordDayReadings(t.db, day)).toBeGreaterThan(0);
        const stored = await t.db
          .selectFrom('measurement_days')
          .selectAll()
          .where('contract_id', '=', contract.id)
          .where('date', '=', day)
          .executeTakeFirstOrThrow();
        expect(stored.hours).toBe(hours);
        const model = dayMeasurements(profile, day);
        expect(JSON.parse(stored.hour_active)).toEqual(model.map((hour) => hour.active));
        expect(stored.hour_estimated).toBe(model.map((hour) => (hour.estimated ? '1' : '0')).join(''));
      }
      // The runs' times on those days are local: 06:00 and 08:00 in summer time are 04:00 and 06:00 UTC.
      expect(morningOf('2027-03-28').toISOString()).toBe('2027-03-28T06:00:00.000Z');
      expect(morningOf('2026-10-25').toISOString()).toBe('2026-10-25T07:00:00.000Z');
    }));
});

describe('a contract that fails', () => {
  it('is logged without personal data and retried with backoff, while the others are billed', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await createTestApp({ logLevel: 'info', logger: true });
    await t.app.close();
    const { buildApp } = await import('../app');
    const app = await buildApp(t.config, t.db, { logStream });
    await app.ready();
    const withLog = { ...t, app };
    try {
      const victim = (await liveElectricity(t, monthEnd)).at(-1)!;
      const last = await t.db
        .selectFrom('invoices')
        .select(['id', 'detail'])
        .where('contract_id', '=', victim.id)
        .where('serie', 'in', ['ENERGIA', 'PF'])
        .orderBy('reading_until', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      // A damaged row: its readings cannot be read, so its next bill cannot be computed.
      await t.db.updateTable('invoices').set({ detail: '{broken' }).where('id', '=', last.id).execute();
      const before = await maxInvoiceId(t);
      const answer = await moveClock(withLog, { to: addDays(nextMonth, 1) });
      expect(answer.status).toBe(200);
      const fresh = await invoicesAfter(t, before);
      expect(fresh.some((row) => row.contract_id === victim.id)).toBe(false);
      expect(fresh.filter((row) => row.kind !== 'P' && row.line === 'Electricidad').length).toBeGreaterThan(
        5,
      );
      const failed = await t.db.selectFrom('job_runs').selectAll().where('status', '=', 'failed').execute();
      // Tried at 07:00 on the day after the month, again when its retry fell due (07:00 the next day), and
      // by the retries' pass at 08:00: every try logged once.
      expect(failed).toEqual([
        expect.objectContaining({ job: 'invoice', unit: `${victim.id}:${monthEnd.slice(0, 8)}01` }),
      ]);
      const tries = failed[0].attempts;
      expect(tries).toBeGreaterThanOrEqual(2);
      expect(Date.parse(failed[0].next_try_at!)).toBeGreaterThan(Date.parse(failed[0].finished_at));
      expect((await app.inject({ url: '/health' })).json().failedLastDay).toBe(1);
      const logged = lines
        .filter((line) => line.includes('factura no emitida'))
        .map((line) => JSON.parse(line));
      expect(logged.map((line) => line.attempts)).toEqual(Array.from({ length: tries }, (_, i) => i + 1));
      for (const line of logged) expect(line).toMatchObject({ contract: victim.id, reason: 'SyntaxError' });
      const holder = await t.db
        .selectFrom('holders')
        .selectAll()
        .where('id', '=', victim.holder_id)
        .executeTakeFirstOrThrow();
      const cups = await t.db
        .selectFrom('contracts')
        .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
        .select('supply_points.cups')
        .where('contracts.id', '=', victim.id)
        .executeTakeFirstOrThrow();
      for (const secret of [holder.nif, cups.cups, victim.code])
        expect(lines.join('\n')).not.toContain(secret);

      // Repaired; the retry falls due 15 minutes later and is issued on the day it runs.
      await t.db.updateTable('invoices').set({ detail: last.detail }).where('id', '=', last.id).execute();
      const retried = await moveClock(withLog, { advanceDays: 1 });
      expect(retried.body.ran.invoices).toBeGreaterThan(0);
      const billed = (await invoicesAfter(t, before)).filter((row) => row.contract_id === victim.id);
      expect(billed.map((row) => [row.reading_until, row.launch_date])).toContainEqual([
        monthEnd,
        addDays(nextMonth, 2),
      ]);
      const unit = await t.db
        .selectFrom('job_runs')
        .selectAll()
        .where('job', '=', 'invoice')
        .where('unit', '=', failed[0].unit)
        .executeTakeFirstOrThrow();
      expect(unit).toMatchObject({ status: 'done', attempts: tries + 1 });
      await expectNothingTwice(t, before);
    } finally {
      await app.close();
      await t.close();
    }
  }, 120_000);
});

describe('/dev/clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers only a direct request from loopback, outside production and without SMTP_URL', async () => {
    const ask = (options: { remoteAddress?: string; headers?: Record<string, string> }, app = t.app) =>
      Promise.all([
        app.inject({ url: '/dev/clock', ...options }).then((r) => r.statusCode),
        app
          .inject({ method: 'POST', url: '/dev/clock', payload: { advanceDays: 1 }, ...options })
          .then((r) => r.statusCode),
      ]);
    const offset = clockOffsetMs();
    expect(await ask({ remoteAddress: '203.0.113.5' })).toEqual([404, 404]);
    expect(await ask({ headers: { 'x-forwarded-for': '127.0.0.1' } })).toEqual([404, 404]);
    expect(await ask({ headers: { forwarded: 'for=127.0.0.1' } })).toEqual([404, 404]);
    for (const overrides of [{ nodeEnv: 'production' }, { smtpUrl: 'smtp://localhost:2525' }]) {
      await withTestApp(async (closed) => expect(await ask({}, closed.app)).toEqual([404, 404]), overrides, {
        seed: false,
      });
    }
    expect(clockOffsetMs()).toBe(offset);
  });

  it('refuses a body it cannot use with 400 and a Spanish message, and the clock stays', async () => {
    const before = await clockNow(t);
    const cases: [unknown, string][] = [
      [{}, CLOCK_MESSAGES.BAD_BODY],
      [[], CLOCK_MESSAGES.BAD_BODY],
      [{ advanceDays: 1, to: today }, CLOCK_MESSAGES.BAD_BODY],
      [{ days: 3 }, CLOCK_MESSAGES.BAD_BODY],
      [{ advanceDays: 0 }, CLOCK_MESSAGES.BAD_DAYS],
      [{ advanceDays: MAX_CLOCK_DAYS + 1 }, CLOCK_MESSAGES.BAD_DAYS],
      [{ advanceDays: 1.5 }, CLOCK_MESSAGES.BAD_DAYS],
      [{ advanceDays: '3' }, CLOCK_MESSAGES.BAD_DAYS],
      [{ advanceDays: -2 }, CLOCK_MESSAGES.BAD_DAYS],
      [{ to: '2026-02-30' }, CLOCK_MESSAGES.BAD_DATE],
      [{ to: toDashDate(addDays(today, 3)) }, CLOCK_MESSAGES.BAD_DATE],
      [{ to: 20270101 }, CLOCK_MESSAGES.BAD_DATE],
      [{ to: addDays(today, -1) }, CLOCK_MESSAGES.DATE_OUT_OF_RANGE],
      [{ to: addDays(today, MAX_CLOCK_DAYS + 1) }, CLOCK_MESSAGES.DATE_OUT_OF_RANGE],
    ];
    for (const [body, message] of cases) {
      const answer = await moveClock(t, body);
      expect([body, answer.status, answer.body.message]).toEqual([body, 400, message]);
    }
    for (const payload of ['not json', '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/dev/clock',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(Math.abs(Date.parse(await clockNow(t)) - Date.parse(before))).toBeLessThan(60_000);
  });

  it('takes today’s date as a move that goes nowhere, and advanceDays as whole days ahead', async () => {
    const before = Date.parse(await clockNow(t));
    const still = await moveClock(t, { to: madridToday(serverNow()) });
    expect(still.status).toBe(200);
    expect(Math.abs(Date.parse(still.body.now) - before)).toBeLessThan(60_000);
    const ahead = await moveClock(t, { advanceDays: 2 });
    expect(ahead.status).toBe(200);
    expect(Date.parse(ahead.body.now) - before).toBeGreaterThanOrEqual(2 * 86_400_000);
    expect(Date.parse(ahead.body.now) - before).toBeLessThan(2 * 86_400_000 + 60_000);
  });
});

describe('GET /health when the database does not answer', () => {
  it('answers 503', async () => {
    const t = await createTestApp({}, { seed: false });
    try {
      await t.db.destroy();
      const response = await t.app.inject({ url: '/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'error', database: 'error' });
    } finally {
      await t.app.close();
    }
  });
});
