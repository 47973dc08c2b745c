import type { FastifyBaseLogger } from 'fastify';

import { invoiceCounts } from '../caches';
import {
  highestInvoiceSequence,
  insertInvoiceRows,
  lastBilledUntil,
  registersAfter,
  reserveInvoiceNumbers,
} from '../data/billingRun';
import { claimUnit, failedUnits, recordUnitFailure, setUnitProduced } from '../data/jobRuns';
import type { Db } from '../db/database';
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
import { addDays } from '../measurements/dates';
import { failureReason, retryAt, MAX_UNIT_ATTEMPTS } from './retries';

/** A contract's invoice of one period is one unit: 'invoice', '<contract id>:<first day>'. */
export const INVOICE_JOB = 'invoice';

interface DueBill {
  contract: BillableContract;
  period: Period;
  unit: string;
  lastUntil: string | null;
}

export interface BillingResult {
  /** Invoices written now: simple, unified and proformas. */
  invoices: number;
  /** The ones the customers receive (simple and unified), for the notifications. */
  issuedIds: number[];
}

/**
 * The billing run of `day` (daily at 07:00, jobs/schedule.ts): every contract whose billing period ended the
 * day before gets its invoice, issued on `day`, computed by the seed's own code (periodInvoice: the bill from
 * the hourly truth, the meter's registers from its last bill); a holder's contracts of one line and group billed
 * together become one unified invoice with proformas, as the seed makes them. Each holder's group is written in
 * one transaction with its units (contract and period), so no period is billed twice, whoever runs it. A
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
  for (const contract of contracts) {
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
  if (!groups.size) return { invoices: 0, issuedIds: [] };

  const atLeast = await highestInvoiceSequence(db);
  const cache: BillCache = new Map();
  const result: BillingResult = { invoices: 0, issuedIds: [] };
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

  for (const group of groups.values()) {
    // Computed before the transaction: a contract whose bill cannot be computed fails alone.
    const computed: { bill: DueBill; row: InvoiceRow }[] = [];
    for (const bill of group) {
      try {
        const registers = bill.lastUntil ? await registersAfter(db, bill.contract.id, bill.lastUntil) : null;
        computed.push({ bill, row: periodInvoice(bill.contract, bill.period, registers, '', cache) });
      } catch (error) {
        await fail(bill, error);
      }
    }
    if (!computed.length) continue;
    try {
      const written = await db.transaction().execute(async (trx) => {
        const claimed: typeof computed = [];
        for (const item of computed) {
          if (await claimUnit(trx, INVOICE_JOB, item.bill.unit, at)) claimed.push(item);
        }
        if (!claimed.length) return [];
        const rows = claimed.map((item) => ({ ...item.row }));
        const numbers = rows.length + (rows.length > 1 ? 1 : 0);
        const numbering = new InvoiceNumbering(await reserveInvoiceNumbers(trx, numbers, atLeast));
        for (const row of rows) row.bill_number = numbering.take(day);
        const unified = rows.length > 1 ? unify(rows, '', numbering, () => 'run') : [];
        const inserted = await insertInvoiceRows(trx, [...rows, ...unified]);
        for (const [index, item] of claimed.entries()) {
          await setUnitProduced(trx, INVOICE_JOB, item.bill.unit, index === 0 ? 1 + unified.length : 1);
        }
        return inserted;
      });
      result.invoices += written.length;
      result.issuedIds.push(...written.filter((row) => row.kind !== 'P').map((row) => row.id));
    } catch (error) {
      for (const item of computed) await fail(item.bill, error);
    }
  }
  // This process's cached administrator counts; other processes' expire within their 60 s (caches.ts).
  if (result.invoices) invoiceCounts(db).clear();
  return result;
}
