import { type Insertable, sql } from 'kysely';

import type { Db } from '../db/database';
import { readsOn } from '../db/readPlaces';
import type { InvoicesTable } from '../db/schema';
import type { BillDetail } from '../measurements/billDetail';

type InvoiceRow = Insertable<InvoicesTable>;

/** The invoices a period's bill is issued as: the contract's own, or its proforma in a unified invoice. */
const PERIOD_SERIES = ['ENERGIA', 'PF'];

/**
 * The end of the last billed period of every contract that has one. Every period invoice is read (0.2–1 s at the
 * scale seed): heavy by what it is, so on SQLite it runs on a reader, off the event loop (db/readPlaces.ts).
 */
export async function lastBilledUntil(db: Db): Promise<Map<number, string>> {
  const rows = await readsOn(db, 'reader')
    .selectFrom('invoices')
    .select((eb) => ['contract_id', eb.fn.max('reading_until').as('until')])
    .where('serie', 'in', PERIOD_SERIES)
    .groupBy('contract_id')
    .execute();
  return new Map(rows.filter((row) => row.until).map((row) => [row.contract_id, row.until!]));
}

/** The end of the latest period billed to any contract: where the invoices' data ends. Heavy too. */
export async function latestBilledUntil(db: Db): Promise<string | null> {
  const row = await readsOn(db, 'reader')
    .selectFrom('invoices')
    .select((eb) => eb.fn.max('reading_until').as('until'))
    .where('serie', 'in', PERIOD_SERIES)
    .executeTakeFirst();
  return row?.until ?? null;
}

/**
 * Where each contract's bill for the period ending `until` left the meter's registers (its printed readings),
 * for many contracts in a few queries; a contract whose bill printed none (the scale data) is left out.
 */
export async function registersAfter(
  db: Db,
  wanted: readonly { contractId: number; until: string }[],
): Promise<Map<number, number[]>> {
  const registers = new Map<number, number[]>();
  for (let i = 0; i < wanted.length; i += 500) {
    const chunk = wanted.slice(i, i + 500);
    const untilOf = new Map(chunk.map((item) => [item.contractId, item.until]));
    const rows = await db
      .selectFrom('invoices')
      .select(['contract_id', 'reading_until', 'detail'])
      .where('contract_id', 'in', [...untilOf.keys()])
      .where('reading_until', 'in', [...new Set(untilOf.values())])
      .where('serie', 'in', PERIOD_SERIES)
      .where('detail', 'is not', null)
      .execute();
    for (const row of rows) {
      if (row.reading_until !== untilOf.get(row.contract_id) || !row.detail) continue;
      const { readings } = JSON.parse(row.detail) as BillDetail;
      if (readings.length)
        registers.set(
          row.contract_id,
          readings.map((reading) => reading.current),
        );
    }
  }
  return registers;
}

const SEQUENCE_KEY = 'invoice_sequence';

/** The highest running number among the invoices (a number is two digits of the year and the sequence). */
export async function highestInvoiceSequence(db: Db): Promise<number> {
  // Every invoice read (0.3 s at a million): on a reader, off the event loop.
  const row = await readsOn(db, 'reader')
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

/** Invoice rows per INSERT: about 35 values each, within SQLite's (32,766) and PostgreSQL's (65,535) limits. */
const INSERT_ROWS = 500;

/**
 * Writes invoice rows, each marked as still to be announced (pending_invoice_notices, in the caller's
 * transaction: the invoice and its mark are stored together or not at all); answers their ids and kinds in order.
 */
export async function insertInvoiceRows(trx: Db, rows: InvoiceRow[]) {
  const inserted: { id: number; kind: string }[] = [];
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const chunk = await trx
      .insertInto('invoices')
      .values(rows.slice(i, i + INSERT_ROWS))
      .returning(['id', 'kind'])
      .execute();
    await trx
      .insertInto('pending_invoice_notices')
      .values(chunk.map((row) => ({ invoice_id: row.id })))
      .execute();
    inserted.push(...chunk);
  }
  return inserted;
}

/**
 * The invoices whose notices are still to be queued, in batches of about `size`. An administrator's communities
 * never straddle two batches, since a batch sends each administrator one digest: a run's invoices give one
 * digest, not one per batch. (A community with two administrators goes with the first; the second may then get
 * two digests.) Read once: marks written meanwhile wait for the next announcement.
 */
export async function pendingNoticeBatches(db: Db, size: number): Promise<number[][]> {
  const rows = await db
    .selectFrom('pending_invoice_notices')
    .innerJoin('invoices', 'invoices.id', 'pending_invoice_notices.invoice_id')
    .leftJoin('administrator_clients', 'administrator_clients.holder_id', 'invoices.holder_id')
    .select(['pending_invoice_notices.invoice_id as id', 'invoices.holder_id'])
    .select((eb) => eb.fn.min('administrator_clients.administrator_id').as('administrator_id'))
    .groupBy(['pending_invoice_notices.invoice_id', 'invoices.holder_id'])
    .orderBy('pending_invoice_notices.invoice_id')
    .execute();
  const groups = new Map<string, number[]>();
  for (const row of rows) {
    const group = row.administrator_id === null ? `h${row.holder_id}` : `a${row.administrator_id}`;
    const ids = groups.get(group);
    if (ids) ids.push(row.id);
    else groups.set(group, [row.id]);
  }
  const batches: number[][] = [];
  let batch: number[] = [];
  for (const ids of groups.values()) {
    batch.push(...ids);
    if (batch.length >= size) {
      batches.push(batch);
      batch = [];
    }
  }
  if (batch.length) batches.push(batch);
  return batches;
}

/** The invoices' notices are queued: their marks go. */
export async function clearPendingNotices(db: Db, invoiceIds: readonly number[]): Promise<void> {
  if (invoiceIds.length)
    await db.deleteFrom('pending_invoice_notices').where('invoice_id', 'in', invoiceIds).execute();
}
