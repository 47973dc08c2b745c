import { createTestApp, type TestApp } from '../../test/testApp';
import { addDays, addMonths } from '../measurements/dates';
import { madridToday } from '../measurements/madridTime';
import { billedPeriodFigures, exploreConsumption, type SharedFigures } from './explorer';
import { storedDayRuns } from './measurementDays';
import { profileOf } from './measurements';
import { findVisibleContract } from './scope';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/**
 * The billing run's notices read a period's figures (billedPeriodFigures: stored days, else the model) where
 * they read the explorer's answer before: for every electricity contract of the demo customers and periods of every shape
 * (a month, the DST months of 23- and 25-hour days, one that starts before the contract, one that ends today),
 * both give the same figures, so the e-mails say the same; also as a billing run reads them, with the model's
 * days shared between contracts and periods and each contract's stored days read beforehand (SharedFigures).
 */
describe('a billed period’s figures from the model equal the explorer’s', () => {
  it.each(['demo', 'demo2'])('every electricity contract of %s', async (username) => {
    const account = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const contracts = await t.db
      .selectFrom('contracts')
      .select('code')
      .where('holder_id', '=', account.holder_id!)
      .where('line', '=', 'Electricidad')
      .execute();
    expect(contracts.length).toBeGreaterThan(0);
    const today = madridToday();
    const month = `${today.slice(0, 8)}01`;
    const year = Number(today.slice(0, 4)) - 1;
    let compared = 0;
    const modelDays: SharedFigures['modelDays'] = new Map();
    for (const { code } of contracts) {
      const contract = (await findVisibleContract(t.db, account, code))!;
      const profile = await profileOf(t.db, contract.id);
      if (!profile) continue;
      const periods = [
        { from: addMonths(month, -1), to: addDays(month, -1) },
        { from: `${year}-03-01`, to: `${year}-03-31` },
        { from: `${year}-10-01`, to: `${year}-10-31` },
        { from: addDays(contract.start_date, -10), to: addDays(contract.start_date, 20) },
        { from: month, to: today },
      ];
      // First with no day stored (the figures come from the model), then from the days the explorer stored.
      await t.db.deleteFrom('measurement_days').where('contract_id', '=', contract.id).execute();
      const fromModel = [];
      const fromShared = [];
      for (const period of periods) {
        fromModel.push(await billedPeriodFigures(t.db, contract, profile, period, today));
        fromShared.push(
          await billedPeriodFigures(t.db, contract, profile, period, today, { modelDays, stored: null }),
        );
      }
      expect(
        await t.db
          .selectFrom('measurement_days')
          .select('date')
          .where('contract_id', '=', contract.id)
          .execute(),
      ).toEqual([]);
      for (const [index, period] of periods.entries()) {
        const explored = await exploreConsumption(
          t.db,
          contract,
          { ...period, granularity: 'month', compare: true },
          today,
        );
        const expected = {
          from: explored.from,
          power: explored.power,
          comparison: {
            from: explored.comparison!.from,
            cutoff: explored.comparison!.cutoff,
            currentKwh: explored.comparison!.currentKwh,
            previousKwh: explored.comparison!.previousKwh,
          },
        };
        expect(fromModel[index]).toEqual(expected);
        expect(fromShared[index]).toEqual(expected);
        expect(await billedPeriodFigures(t.db, contract, profile, period, today)).toEqual(expected);
        const stored = (await storedDayRuns(t.db, [contract.id])).get(contract.id) ?? null;
        expect(
          await billedPeriodFigures(t.db, contract, profile, period, today, { modelDays, stored }),
        ).toEqual(expected);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(0);
  });
});
