import { createTestApp, type TestApp } from '../../test/testApp';
import { DEMO_STEPS } from '../db/seed/measurements';
import { addDays, addMonths } from '../measurements/dates';
import { madridClock, madridToday } from '../measurements/madridTime';
import { daysBetween } from '../measurements/billing';
import { exploreConsumption } from '../data/explorer';
import { findVisibleContract } from '../data/scope';
import { dailyFlow, kilowatts, listDate } from '../documents/format';
import { advanceSupportRequests, notifyNewInvoices } from '.';

let t: TestApp;

const storedDays = async (contractId: number) =>
  Number(
    (
      await t.db
        .selectFrom('measurement_days')
        .select((eb) => eb.fn.countAll().as('days'))
        .where('contract_id', '=', contractId)
        .executeTakeFirstOrThrow()
    ).days,
  );

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('the demo data show every notice once the clock moves on one billing period', () => {
  it('the next bills of the demo customer’s stepped supplies: Consumo inusual and Potencia superada', async () => {
    const today = madridToday();
    const from = `${today.slice(0, 8)}01`;
    const until = addDays(addMonths(from, 1), -1);
    const issuedOn = addDays(until, 1);
    const demo = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    const subjects: string[] = [];
    for (const { tariff } of DEMO_STEPS) {
      const contract = await t.db
        .selectFrom('contracts')
        .select(['id', 'code'])
        .where('holder_id', '=', demo.holder_id!)
        .where('tariff', '=', tariff)
        .executeTakeFirstOrThrow();
      // The bill the billing run would issue for the month under way (h1's job writes it the same way).
      const template = await t.db
        .selectFrom('invoices')
        .selectAll()
        .where('contract_id', '=', contract.id)
        .orderBy('launch_date', 'desc')
        .executeTakeFirstOrThrow();
      const { id: _id, ...row } = template;
      const { id } = await t.db
        .insertInto('invoices')
        .values({
          ...row,
          kind: 'F',
          serie: 'ENERGIA',
          bill_number: `T${contract.id}`,
          serie_unica: null,
          numero_unica: null,
          has_proformas: 0,
          reading_from: from,
          reading_until: until,
          launch_date: issuedOn,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const before = await t.db
        .selectFrom('mail_queue')
        .select('id')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      // As on the scale data: no day stored yet. The notices must not store the contract's history (issue 26).
      await t.db.deleteFrom('measurement_days').where('contract_id', '=', contract.id).execute();
      const now = new Date(`${issuedOn}T07:00:00+01:00`);
      await notifyNewInvoices(t.db, [id], now);
      expect(await storedDays(contract.id)).toBe(0);
      const queued = await t.db
        .selectFrom('mail_queue')
        .select(['subject', 'text'])
        .where('id', '>', before?.id ?? 0)
        .where('recipient', '=', demo.email)
        .execute();
      subjects.push(...queued.map((mail) => `${tariff}: ${mail.subject}`));
      // The figures are the explorer's for the billed period (read after the notices, as it stores days).
      const visible = (await findVisibleContract(t.db, demo, contract.code))!;
      const explored = await exploreConsumption(
        t.db,
        visible,
        { from, to: until, granularity: 'month', compare: true },
        madridToday(now),
      );
      for (const mail of queued) {
        if (mail.subject.startsWith('Consumo inusual')) {
          const { cutoff, currentKwh, previousKwh } = explored.comparison!;
          const currentPerDay = currentKwh / daysBetween(explored.from, cutoff!);
          const previousPerDay =
            previousKwh / daysBetween(explored.comparison!.from, addMonths(cutoff!, -12));
          expect(mail.text).toContain(dailyFlow(currentPerDay));
          expect(mail.text).toContain(`(${dailyFlow(previousPerDay)})`);
        }
        if (mail.subject.startsWith('Potencia superada')) {
          const exceeded = explored.power.filter((power) => power.exceeded);
          expect(exceeded.length).toBeGreaterThan(0);
          for (const power of exceeded) {
            expect(mail.text).toContain(
              `Potencia ${power.label}: ${kilowatts(power.maxKw!)} el ${listDate(power.maxDate)} de ${madridClock(power.maxStart!)}`,
            );
          }
        }
      }
    }
    const [home, factory] = DEMO_STEPS.map(({ tariff }) => tariff);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${home}: Consumo inusual`)),
        expect.stringMatching(new RegExp(`^${factory}: Potencia superada`)),
      ]),
    );
    expect(subjects.some((subject) => subject.startsWith(`${home}: Potencia superada`))).toBe(false);
  });

  it('the demo customer’s new request moves on when the clock passes its scheduled change', async () => {
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000);
    expect(await advanceSupportRequests(t.db, new Date())).toBe(0);
    expect(await advanceSupportRequests(t.db, inThreeDays)).toBe(1);
  });
});
