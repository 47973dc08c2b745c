import type { FastifyBaseLogger } from 'fastify';

import {
  clearPendingNotices,
  highestInvoiceSequence,
  insertInvoiceRows,
  lastBilledUntil,
  pendingNoticeBatches,
  registersAfter,
  reserveInvoiceNumbers,
} from '../data/billingRun';
import { claimUnits, failedUnits, recordUnitFailure, setUnitsProduced } from '../data/jobRuns';
import { type Db, isPostgres } from '../db/database';
import {
  type BillableContract,
  type BillCache,
  billableContracts,
  InvoiceNumbering,
  type InvoiceRow,
  nextBillingPeriod,
  type Period,
  periodInvoice,
  unify,
} from '../db/seed/invoices';
import { breather } from '../eventLoop';
import { addDays } from '../measurements/dates';
import { notifyNewInvoices } from '../notifications';
import { failureReason, retryAt, MAX_UNIT_ATTEMPTS } from './retries';

/**
 * Invoices written by one transaction, at least (a holder's group is never split). On SQLite each transaction
 * holds the database, and so every customer's call, for as long as it runs: 50 groups a transaction (about 250
 * invoices at the scale seed) held it 20–56 ms, 60 invoices about 20 ms; a customer's list during the run must
 * stay within 20 ms at p99 (issue 26). On PostgreSQL a transaction holds no reader, and each of its statements
 * is a round trip: 60 invoices a transaction took the run of bench 18 from 63 to 38 s beside the customer's
 * list, at the same p99.
 */
const invoicesPerTransaction = (db: Db) => (isPostgres(db) ? 60 : 15);

/**
 * Writes holders' groups in the caller's transaction, each statement for all of them (one claim, one number
 * reservation, one insert: at scale a statement per contract cost more than the invoices): claims each
 * contract's unit (a unit done already is skipped), numbers each group's invoices in turn, makes a unified
 * invoice of a group of two or more, and records what each unit produced.
 */
async function writeGroups(trx: Db, groups: Computed[][], day: string, at: Date, atLeast: number) {
  const claimed = await claimUnits(
    trx,
    INVOICE_JOB,
    groups.flatMap((group) => group.map((item) => item.bill.unit)),
    at,
  );
  const rowsOfGroups = groups
    .map((group) => group.filter((item) => claimed.has(item.bill.unit)))
    .filter((group) => group.length)
    .map((group) => ({ first: group[0].bill.unit, rows: group.map((item) => ({ ...item.row })) }));
  if (!rowsOfGroups.length) return [];
  const numbers = rowsOfGroups.reduce((sum, { rows }) => sum + rows.length + (rows.length > 1 ? 1 : 0), 0);
  const numbering = new InvoiceNumbering(await reserveInvoiceNumbers(trx, numbers, atLeast));
  const all: InvoiceRow[] = [];
  const producedMore: { unit: string; produced: number }[] = [];
  for (const { first, rows } of rowsOfGroups) {
    for (const row of rows) row.bill_number = numbering.take(day);
    const unified = rows.length > 1 ? unify(rows, '', numbering, () => 'run') : [];
    all.push(...rows, ...unified);
    // Each unit produced its invoice; the first also the unified one.
    if (unified.length) producedMore.push({ unit: first, produced: 1 + unified.length });
  }
  const inserted = await insertInvoiceRows(trx, all);
  await setUnitsProduced(trx, INVOICE_JOB, producedMore);
  return inserted;
}

/** A contract's invoice of one period is one unit: 'invoice', '<contract id>:<first day>'. */
export const INVOICE_JOB = 'invoice';

interface DueBill {
  contract: BillableContract;
  period: Period;
  unit: string;
  lastUntil: string | null;
}

/** Whole groups, in order, taken together until they hold at least `invoices` invoices. */
function* byInvoiceCount(groups: Computed[][], invoices: number): Generator<Computed[][]> {
  let slice: Computed[][] = [];
  let count = 0;
  for (const group of groups) {
    slice.push(group);
    count += group.length;
    if (count >= invoices) {
      yield slice;
      [slice, count] = [[], 0];
    }
  }
  if (slice.length) yield slice;
}

/** A due bill and its invoice row, computed. */
type Computed = { bill: DueBill; row: InvoiceRow };

export interface BillingResult {
  /** Invoices written now: simple, unified and proformas. */
  invoices: number;
}

/**
 * The billing run of `day` (daily at 07:00, jobs/runner.ts DAY_JOBS): every contract whose billing period ended the
 * day before gets its invoice, issued on `day`, computed by the seed's own code (periodInvoice: the bill from
 * the hourly truth, the meter's registers from its last bill); a holder's contracts of one line and group billed
 * together become one unified invoice with proformas, as the seed makes them. Each holder's group is written
 * with its units (contract and period) in one transaction, so no period is billed twice, whoever runs it. A
 * contract that fails is logged without personal data, retried with backoff, and the others go on; a failed
 * unit whose retry is due is billed by the next run (or by a retries-only pass), issued on that run's day.
 */
export async function runBilling(
  db: Db,
  day: string,
  at: Date,
  log: FastifyBaseLogger,
  { retriesOnly = false } = {},
): Promise<BillingResult> {
  const endedBy = addDays(day, -1);
  const [contracts, lastUntil, failed] = await Promise.all([
    billableContracts(db),
    lastBilledUntil(db),
    failedUnits(db, INVOICE_JOB),
  ]);
  const failures = new Map(failed.map((row) => [row.unit, row]));
  const groups = new Map<string, DueBill[]>();
  const breath = breather();
  for (const contract of contracts) {
    // Every contract's next period: 0.1 s at the scale seed, on every day a restart catches up.
    await breath();
    const last = lastUntil.get(contract.id) ?? null;
    const period = nextBillingPeriod(contract, last, day);
    if (!period || period.until > endedBy) continue;
    const unit = `${contract.id}:${period.from}`;
    const failure = failures.get(unit);
    if (failure) {
      if (failure.attempts >= MAX_UNIT_ATTEMPTS || (failure.next_try_at ?? '') > at.toISOString()) continue;
    } else if (retriesOnly || period.until !== endedBy) continue;
    const key = `${contract.holder_id}|${contract.line}|${contract.unifyGroup}`;
    groups.set(key, [...(groups.get(key) ?? []), { contract, period, unit, lastUntil: last }]);
  }
  if (!groups.size) return { invoices: 0 };

  const atLeast = await highestInvoiceSequence(db);
  const cache: BillCache = new Map();
  const result: BillingResult = { invoices: 0 };
  const fail = async (bill: DueBill, error: unknown) => {
    const reason = failureReason(error);
    const attempts = await recordUnitFailure(db, INVOICE_JOB, bill.unit, {
      reason,
      now: at,
      nextTryAt: (tries) => retryAt(at, tries),
    });
    // The contract's id and the reason only: no holder, CUPS or amounts in the log.
    log.warn(
      { job: 'billing', contract: bill.contract.id, attempts, reason },
      'factura no emitida; se reintentará',
    );
  };

  const due = [...groups.values()].flat();
  const failedIds = new Set<number>();
  // The last bills' registers in a few queries; a damaged row is then read alone, so it fails its contract only.
  const wanted = due
    .filter((bill) => bill.lastUntil)
    .map((bill) => ({ contractId: bill.contract.id, until: bill.lastUntil! }));
  let registers: Map<number, number[]>;
  try {
    registers = await registersAfter(db, wanted);
  } catch {
    registers = new Map();
    for (const item of wanted) {
      try {
        for (const [id, values] of await registersAfter(db, [item])) registers.set(id, values);
      } catch (error) {
        failedIds.add(item.contractId);
        await fail(
          due.find((bill) => bill.contract.id === item.contractId)!,
          error,
        );
      }
    }
  }

  // Computed before any transaction: a contract whose bill cannot be computed fails alone.
  const batch: Computed[][] = [];
  for (const group of groups.values()) {
    const computed: Computed[] = [];
    for (const bill of group) {
      // An administrator's group can hold hundreds of communities: breaths inside a group too.
      await breath();
      if (failedIds.has(bill.contract.id)) continue;
      try {
        const previous = bill.lastUntil ? (registers.get(bill.contract.id) ?? null) : null;
        computed.push({ bill, row: periodInvoice(bill.contract, bill.period, previous, '', cache) });
      } catch (error) {
        failedIds.add(bill.contract.id);
        await fail(bill, error);
      }
    }
    if (computed.length) batch.push(computed);
  }

  // Groups go in by transactions of about invoicesPerTransaction invoices (one commit for many small writes); a
  // transaction that fails is taken again group by group, so one group's failure fails that group alone.
  const write = async (groupsOfBatch: Computed[][]) =>
    db.transaction().execute((trx) => writeGroups(trx, groupsOfBatch, day, at, atLeast));
  for (const slice of byInvoiceCount(batch, invoicesPerTransaction(db))) {
    // On SQLite every statement runs synchronously and Kysely's awaits are microtasks: without breaths between
    // transactions a run at scale would hold its thread (the event loop, where no jobs thread runs it) and the
    // write lock for its whole length.
    await breath();
    let written: { id: number; kind: string }[] = [];
    try {
      written = await write(slice);
    } catch {
      for (const computed of slice) {
        try {
          written.push(...(await write([computed])));
        } catch (error) {
          for (const item of computed) await fail(item.bill, error);
        }
      }
    }
    result.invoices += written.length;
  }
  return result;
}

/**
 * Invoices announced per call of the notices (their ids go in one query's list; an administrator's communities
 * are never split, so a batch may be larger: within the databases' bound parameters for any real portfolio).
 */
const NOTICES_PER_BATCH = 1_000;

/**
 * Queues the notices of every invoice the billing run marked as pending (insertInvoiceRows), whichever run wrote
 * it: this run's, or one whose process died before announcing them. A mark goes once its notices are queued;
 * a mark left by a death between the two is announced again, and notifications_sent keeps that from sending
 * anything twice. Each simple or unified invoice is announced; each period billed (a proforma's too) is checked
 * for unusual consumption and excess power. Answers the e-mails queued.
 */
export async function announcePendingInvoices(
  db: Db,
  now: Date,
  batchSize = NOTICES_PER_BATCH,
): Promise<number> {
  let emails = 0;
  for (const ids of await pendingNoticeBatches(db, batchSize)) {
    emails += await notifyNewInvoices(db, ids, now);
    await clearPendingNotices(db, ids);
  }
  return emails;
}
