import { sql } from 'kysely';

import type { Db } from '../db/database';
import type { Account, Line } from '../db/schema';
import { addMonths } from '../measurements/dates';
import { serverToday } from '../clock';
import { LISTED_KINDS, PRODUCT_KINDS } from './invoices';
import { visibleHolderIds } from './scope';

/** How many months the home's consumption chart shows. */
export const SUMMARY_MONTHS = 12;

/** The account's newest invoice as the lists show it (simple or unified), or undefined when it has none. */
export function latestInvoice(db: Db, account: Account) {
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
      'contracts.code as contract_code',
    ])
    .where('invoices.holder_id', 'in', visibleHolderIds(db, account))
    .where('invoices.kind', 'in', [...LISTED_KINDS])
    .orderBy('invoices.launch_date', 'desc')
    .orderBy('invoices.id', 'desc')
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
 * The line of the home's consumption card: electricity, or gas for a customer with gas contracts only (issue
 * 24: a gas-only customer saw "No tiene consumo de electricidad…").
 */
export async function consumptionLine(db: Db, account: Account): Promise<Line> {
  const lines = await db
    .selectFrom('contracts')
    .select('line')
    .distinct()
    .where('holder_id', 'in', visibleHolderIds(db, account))
    .execute();
  const has = (line: Line) => lines.some((row) => row.line === line);
  return !has('Electricidad') && has('Gas') ? 'Gas' : 'Electricidad';
}

/**
 * The energy of a line the account was billed per month, by the month its billing period ends: simple invoices
 * and the proformas of unified ones (each supply once; a unified invoice's total would count them twice). Months
 * without a bill are 0.
 */
export async function billedByMonth(db: Db, account: Account, months: string[], line: Line) {
  const month = sql<string>`substr(${sql.ref('invoices.reading_until')}, 1, 7)`;
  const rows = await db
    .selectFrom('invoices')
    .select([month.as('month'), (eb) => eb.fn.sum<number | string>('invoices.consumption_kwh').as('kwh')])
    .where('invoices.holder_id', 'in', visibleHolderIds(db, account))
    .where('invoices.line', '=', line)
    .where('invoices.kind', 'in', [...PRODUCT_KINDS])
    .where('invoices.reading_until', '>=', `${months[0]}-01`)
    .where('invoices.reading_until', '<', `${addMonths(`${months.at(-1)}-01`, 1)}`)
    .groupBy(month)
    .execute();
  const byMonth = new Map(rows.map((row) => [row.month, Math.round(Number(row.kwh))]));
  return months.map((m) => ({ month: m, kwh: byMonth.get(m) ?? 0 }));
}
