import type { Db } from '../db/database';
import type { Account } from '../db/schema';
import { contractPowers } from '../db/contractPowers';
import type { BilledPeriod } from '../measurements/simulator';
import { contractMeasurements, findMeasuredContract } from './measurements';

/** How many billing periods the simulator prices: a year of monthly bills. */
const SIMULATED_PERIODS = 12;

/**
 * The contract's last billed periods of ordinary consumption, oldest first, each once with what it cost: a
 * rectified period counts with its latest invoice (the rectifying one), Varios invoices read no meter and are
 * left out; a period billed within a unified invoice counts with its proforma.
 */
async function lastBilledPeriods(db: Db, contractId: number) {
  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'reading_from', 'reading_until', 'launch_date', 'amount'])
    .where('contract_id', '=', contractId)
    .where('kind', 'in', ['F', 'P'])
    .where('category', '=', 'NO')
    .where('reading_from', 'is not', null)
    .orderBy('reading_until', 'desc')
    .orderBy('id', 'desc')
    .limit(SIMULATED_PERIODS * 3)
    .execute();
  const byPeriod = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!byPeriod.has(row.reading_from!)) byPeriod.set(row.reading_from!, row);
  return [...byPeriod.values()].slice(0, SIMULATED_PERIODS).reverse();
}

/**
 * A visible contract (the caller's own, or a managed client's) with its last billed periods and their hours;
 * null when the caller may not see it.
 */
export async function simulatorInput(db: Db, account: Account, contractCode: string) {
  const contract = await findMeasuredContract(db, account, { contractCode });
  if (!contract) return null;
  const current = { tariff: contract.tariff, powers: contractPowers(contract) };
  if (contract.line !== 'Electricidad') return { contract, current, periods: [], billedTotal: 0 };
  const billed = await lastBilledPeriods(db, contract.id);
  if (!billed.length) return { contract, current, periods: [], billedTotal: 0 };
  const hours = await contractMeasurements(db, contract, {
    from: billed[0].reading_from!,
    to: billed.at(-1)!.reading_until!,
  });
  // One pass over the year's hours: each period takes its days (the hours come in date order).
  const periods: BilledPeriod[] = [];
  let next = 0;
  for (const row of billed) {
    while (next < hours.length && hours[next].date < row.reading_from!) next++;
    const start = next;
    while (next < hours.length && hours[next].date <= row.reading_until!) next++;
    periods.push({
      from: row.reading_from!,
      until: row.reading_until!,
      launchDate: row.launch_date,
      hours: hours.slice(start, next),
    });
  }
  const billedCents = billed.reduce((sum, row) => sum + Math.round(row.amount * 100), 0);
  return { contract, current, periods, billedTotal: billedCents / 100 };
}
