import type { Db } from '../db/database';
import type { Account } from '../db/schema';
import type { BillDetail } from '../measurements/billDetail';
import { billChange, type BillChange, type BillFigures } from '../measurements/billChange';
import { daysBetween, electricityBill } from '../measurements/billing';
import { addMonths } from '../measurements/dates';
import { periodLabel, PERIOD_CODES, tariffPeriodCodes } from '../measurements/tariffPeriods';
import { displayNumber } from './display';
import {
  CONSUMPTION_COLUMNS,
  findInvoiceWithProformas,
  type InvoiceDetail,
  invoiceDetails,
} from './invoices';
import { contractMeasurements } from './measurements';
import { findVisibleContract } from './scope';

/** A bill the explainer names: which one, its period and total. */
export interface NamedBill {
  id: number;
  number: string;
  from: string | null;
  until: string | null;
  total: number;
}

export interface Comparison extends BillChange {
  with: NamedBill;
  /** Days billed by the other bill. */
  daysBefore: number;
}

/** The bill's kWh per period against the hourly curve's sum over its period (electricity). */
export interface CurveCheck {
  periods: { period: string; label: string; billedKwh: number; curveKwh: number }[];
  matches: boolean;
}

export interface SupplyExplanation {
  bill: NamedBill;
  cups: string;
  contractCode: string;
  line: InvoiceDetail['line'];
  tariff: string;
  figures: BillFigures;
  previous: Comparison | null;
  yearBefore: Comparison | null;
  curve: CurveCheck | null;
}

function parsedDetail(row: InvoiceDetail): BillDetail | null {
  try {
    return row.detail ? (JSON.parse(row.detail) as BillDetail) : null;
  } catch {
    return null;
  }
}

const named = (row: InvoiceDetail): NamedBill => ({
  id: row.id,
  number: displayNumber(row),
  from: row.reading_from,
  until: row.reading_until,
  total: row.amount,
});

/** What the split reads of a bill: its stored terms, or for a row without them its totals at one mean price. */
export function figuresOf(row: InvoiceDetail): BillFigures {
  const detail = parsedDetail(row);
  const meanPrice = row.consumption_kwh ? row.energy_amount / row.consumption_kwh : 0;
  const energy = detail
    ? detail.energy.map(({ period, label, kwh, price }) => ({ period, label, kwh, price }))
    : row.line === 'Gas'
      ? [{ period: 'Consumo', label: 'Consumo', kwh: row.consumption_kwh, price: meanPrice }]
      : CONSUMPTION_COLUMNS.flatMap((column, i) => {
          const kwh = row[column];
          return kwh === null ? [] : [{ period: `P${i + 1}`, label: `P${i + 1}`, kwh, price: meanPrice }];
        });
  return {
    days: detail?.days ?? (row.reading_from ? daysBetween(row.reading_from, row.reading_until!) : 1),
    energy,
    power: row.power_amount,
    other: row.rental_amount - row.compensation_amount,
    taxes: row.tax_amount + row.vat_amount,
    total: row.amount,
  };
}

/** The contract's simple invoices and proformas of ordinary consumption (Varios left out). */
const billsOfContract = (db: Db, contractId: number) =>
  invoiceDetails(db)
    .where('invoices.contract_id', '=', contractId)
    .where('invoices.kind', 'in', ['F', 'P'])
    .where('invoices.category', '=', 'NO');

/** The bill before this one: the latest period ending before it starts (a rectifying invoice over its original). */
async function previousBill(db: Db, row: InvoiceDetail) {
  return billsOfContract(db, row.contract_id)
    .where('invoices.reading_until', '<', row.reading_from!)
    .orderBy('invoices.reading_until', 'desc')
    .orderBy('invoices.id', 'desc')
    .executeTakeFirst();
}

/** The bill whose period holds the same day a year before this one's last day. */
async function yearBeforeBill(db: Db, row: InvoiceDetail) {
  const day = addMonths(row.reading_until!, -12);
  return billsOfContract(db, row.contract_id)
    .where('invoices.reading_from', '<=', day)
    .where('invoices.reading_until', '>=', day)
    .orderBy('invoices.id', 'desc')
    .executeTakeFirst();
}

/** The bill's kWh per period and the hourly curve's, summed by the billing engine over the same days. */
async function curveCheck(db: Db, account: Account, row: InvoiceDetail): Promise<CurveCheck | null> {
  if (row.line !== 'Electricidad' || !row.reading_from || !row.reading_until) return null;
  const contract = await findVisibleContract(db, account, row.contract_code);
  if (!contract) return null;
  const range = { from: row.reading_from, to: row.reading_until };
  const hours = await contractMeasurements(db, contract, range);
  if (!hours.length) return null;
  const curve = electricityBill(
    { tariff: row.tariff, powers: [] },
    { from: range.from, until: range.to, launchDate: row.launch_date },
    hours,
  );
  const periods = tariffPeriodCodes(row.tariff).map((code) => {
    const billed = row[CONSUMPTION_COLUMNS[PERIOD_CODES.indexOf(code)]] ?? 0;
    const fromCurve = curve.detail.energy.find((term) => term.period === code)?.kwh ?? 0;
    return { period: code, label: periodLabel(row.tariff, code), billedKwh: billed, curveKwh: fromCurve };
  });
  return {
    periods,
    matches: periods.every((p) => Math.abs(p.billedKwh - p.curveKwh) < 0.005),
  };
}

async function explainSupply(db: Db, account: Account, row: InvoiceDetail): Promise<SupplyExplanation> {
  const figures = figuresOf(row);
  const compare = (other: InvoiceDetail | undefined): Comparison | null => {
    if (!other) return null;
    const before = figuresOf(other);
    return { with: named(other), daysBefore: before.days, ...billChange(before, figures) };
  };
  const measured = Boolean(row.reading_from && row.reading_until);
  return {
    bill: named(row),
    cups: row.cups,
    contractCode: row.contract_code,
    line: row.line,
    tariff: row.tariff,
    figures,
    previous: measured ? compare(await previousBill(db, row)) : null,
    yearBefore: measured ? compare(await yearBeforeBill(db, row)) : null,
    curve: await curveCheck(db, account, row),
  };
}

/**
 * The explanation of one visible invoice: per supply (a simple invoice is one; a unified invoice, each of its
 * proformas), null when the invoice is not the caller's or is a Varios invoice (nothing to compare).
 */
export async function explainInvoice(db: Db, account: Account, id: number) {
  const found = await findInvoiceWithProformas(db, account, id);
  if (!found || found.invoice.category === 'VA') return null;
  const rows = found.invoice.kind === 'U' ? found.proformas : [found.invoice];
  const supplies: SupplyExplanation[] = [];
  for (const row of rows) supplies.push(await explainSupply(db, account, row));
  return { invoice: found.invoice, supplies };
}
