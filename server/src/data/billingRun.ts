import { sql } from 'kysely';

import type { Db } from '../db/database';
import type { InvoiceRow } from '../db/seed/invoices';
import type { BillDetail } from '../measurements/billDetail';

/** The invoices a period's bill is issued as: the contract's own, or its proforma in a unified invoice. */
const PERIOD_SERIES = ['ENERGIA', 'PF'];

/** The end of the last billed period of every contract that has one. */
export async function lastBilledUntil(db: Db): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('invoices')
    .select((eb) => ['contract_id', eb.fn.max('reading_until').as('until')])
    .where('serie', 'in', PERIOD_SERIES)
    .groupBy('contract_id')
    .execute();
  return new Map(rows.filter((row) => row.until).map((row) => [row.contract_id, row.until!]));
}

/** Where the contract's bill for the period ending `until` left the meter's registers; null if not printed. */
export async function registersAfter(db: Db, contractId: number, until: string): Promise<number[] | null> {
  const row = await db
    .selectFrom('invoices')
    .select('detail')
    .where('contract_id', '=', contractId)
    .where('serie', 'in', PERIOD_SERIES)
    .where('reading_until', '=', until)
    .where('detail', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  if (!row?.detail) return null;
  const detail = JSON.parse(row.detail) as BillDetail;
  return detail.readings.length ? detail.readings.map((reading) => reading.current) : null;
}

const SEQUENCE_KEY = 'invoice_sequence';

/** The highest running number among the invoices (a number is two digits of the year and the sequence). */
export async function highestInvoiceSequence(db: Db): Promise<number> {
  const row = await db
    .selectFrom('invoices')
    .select(sql<string | number | null>`max(cast(substr(bill_number, 3) as bigint))`.as('highest'))
    .executeTakeFirst();
  return Number(row?.highest ?? 0);
}

/**
 * Reserves `count` invoice numbers in the transaction that writes the invoices: the sequence row
 * (server_settings) is locked until it commits, so two processes never hand out one number, and a
 * rolled-back run hands its numbers back. Never below `atLeast` (numbers already taken by the seeds).
 * Answers the first number reserved.
 */
export async function reserveInvoiceNumbers(trx: Db, count: number, atLeast: number): Promise<number> {
  const row = await trx
    .insertInto('server_settings')
    .values({ key: SEQUENCE_KEY, value: String(atLeast + count) })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        value: sql<string>`cast(cast(server_settings.value as bigint) + ${count} as text)`,
      }),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  const last = Number(row.value);
  if (last - count >= atLeast) return last - count + 1;
  // The seeds numbered past the sequence since it was last used: move it past them.
  await trx
    .updateTable('server_settings')
    .set({ value: String(atLeast + count) })
    .where('key', '=', SEQUENCE_KEY)
    .execute();
  return atLeast + 1;
}

/** Writes invoice rows; answers their ids and kinds in order. */
export async function insertInvoiceRows(trx: Db, rows: InvoiceRow[]) {
  return trx.insertInto('invoices').values(rows).returning(['id', 'kind']).execute();
}
