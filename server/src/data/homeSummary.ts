import { sql } from 'kysely';

import type { Db } from '../db/database';
import type { Account, Line } from '../db/schema';
import { addMonths } from '../measurements/dates';
import { serverToday } from '../clock';
import { LISTED_KINDS, PRODUCT_KINDS } from './invoices';
import { visibleHolderIds } from './scope';

/** How many months the home's consumption chart shows. */
export const SUMMARY_MONTHS = 12;

/**
 * The account's newest invoice as the lists show it (simple or unified), or undefined when it has none, in one
 * statement: its id from the holder's index alone, then that one row and its contract. Sorting the rows
 * themselves read every invoice of the holder and joined each to its contract first (issue 30: 461 for `demo`;
 * 0.21 ms on SQLite at 1M invoices, 0.08 ms this way).
 */
export function latestInvoice(db: Db, account: Account) {
  const newest = db
    .selectFrom('invoices as newest')
    .select('newest.id')
    .where('newest.holder_id', 'in', visibleHolderIds(db, account))
    .where('newest.kind', 'in', [...LISTED_KINDS])
    .orderBy('newest.launch_date', 'desc')
    .orderBy('newest.id', 'desc')
    .limit(1);
  return db
    .selectFrom('invoices')
    .innerJoin('contracts', 'contracts.id', 'invoices.contract_id')
    .select([
      'invoices.id',
      'invoices.line',
      'invoices.kind',
      'invoices.serie',
      'invoices.bill_number',
      'invoices.launch_date',
      'invoices.amount',
      'invoices.has_proformas',
      'invoices.category',
      'contracts.code as contract_code',
    ])
    .where('invoices.id', '=', newest)
    .executeTakeFirst();
}

/** The months (YYYY-MM) of the chart: the last complete months, oldest first. */
export function summaryMonths(today = serverToday()): string[] {
  const firstOfMonth = `${today.slice(0, 8)}01`;
  return Array.from({ length: SUMMARY_MONTHS }, (_, i) =>
    addMonths(firstOfMonth, i - SUMMARY_MONTHS).slice(0, 7),
  );
}

/**
 * The home's consumption card in one statement: the lines of the account's contracts and, per line, the energy
 * billed per month by the month its billing period ends (simple invoices and the proformas of unified ones, each
 * supply once; a unified invoice's total would count them twice). The card shows electricity, or gas for a
 * customer with gas contracts only (issue 24: a gas-only customer saw "No tiene consumo de electricidad…").
 * Months without a bill are 0.
 */
export async function billedConsumption(db: Db, account: Account, months: string[]) {
  const month = sql<string | null>`substr(${sql.ref('invoices.reading_until')}, 1, 7)`;
  const rows = await db
    .selectFrom('contracts')
    .select(['line', sql<string | null>`null`.as('month'), sql<number | string | null>`null`.as('kwh')])
    .where('holder_id', 'in', visibleHolderIds(db, account))
    .groupBy('line')
    .unionAll(
      db
        .selectFrom('invoices')
        .select([
          'invoices.line',
          month.as('month'),
          (eb) => eb.fn.sum<number | string>('invoices.consumption_kwh').as('kwh'),
        ])
        .where('invoices.holder_id', 'in', visibleHolderIds(db, account))
        .where('invoices.kind', 'in', [...PRODUCT_KINDS])
        .where('invoices.reading_until', '>=', `${months[0]}-01`)
        .where('invoices.reading_until', '<', `${addMonths(`${months.at(-1)}-01`, 1)}`)
        .groupBy(['invoices.line', month]),
    )
    .execute();
  const has = (line: Line) => rows.some((row) => row.line === line && row.month === null);
  const line: Line = !has('Electricidad') && has('Gas') ? 'Gas' : 'Electricidad';
  const byMonth = new Map(
    rows
      .filter((row) => row.line === line && row.month !== null)
      .map((row) => [row.month, Math.round(Number(row.kwh))]),
  );
  return { line, months: months.map((m) => ({ month: m, kwh: byMonth.get(m) ?? 0 })) };
}

/** What the home answers first (routes/home.ts): the newest invoice and the consumption card, two statements. */
export async function homeSummary(db: Db, account: Account) {
  const [invoice, consumption] = await Promise.all([
    latestInvoice(db, account),
    billedConsumption(db, account, summaryMonths()),
  ]);
  return { invoice, consumption };
}
