import type { Insertable } from 'kysely';

import type { Db } from '../database';
import type { InvoicesTable, Line } from '../schema';
import { madridToday } from '../../measurements/loadProfile';
import { Random } from './random';

export type InvoiceRow = Insertable<InvoicesTable>;

/** Tariffs billed in six periods (spec 02 §2.1, plus the old 6.1A); every other one in three. */
export const SIX_PERIOD_TARIFFS: readonly string[] = [
  '6.1TDVE',
  '3.0TDVE',
  '6.4TD',
  '6.3TD',
  '6.2TD',
  '6.1TD',
  '3.0TD',
  '6.1A',
];

/** Months of invoices the demo data go back from the current month. */
export const SEED_MONTHS = 36;
/** The latest billing months of a multi-contract holder that are billed as one unified invoice. */
const UNIFIED_MONTHS = 6;
const INVOICE_SEED = 20240604;
const VAT = 0.21;
const ELECTRICITY_TAX = 0.0511;

/** The contract fields an invoice is computed from. */
export interface BillableContract {
  id: number;
  holder_id: number;
  line: Line;
  tariff: string;
  start_date: string;
  end_date: string | null;
  power_p1: number | null;
  caudal: number | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Invoices that read no meter (Varios, and the unified invoice over its parts) have no per-period figures. */
const NO_PERIOD_READINGS = {
  consumption_p1: null,
  consumption_p2: null,
  consumption_p3: null,
  consumption_p4: null,
  consumption_p5: null,
  consumption_p6: null,
  power_read_p1: null,
} as const;

/** 'YYYY-MM' month arithmetic on month numbers (year * 12 + month index). */
export const monthNumber = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;
const monthStart = (month: number) =>
  `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-01`;
const monthEnd = (month: number) => {
  const last = new Date(Date.UTC(Math.floor(month / 12), (month % 12) + 1, 0));
  return last.toISOString().slice(0, 10);
};
const daysBetween = (from: string, until: string) =>
  Math.round((Date.parse(until) - Date.parse(from)) / 86_400_000) + 1;

/** Energy split between periods and prices per kWh, by how many periods the tariff bills. */
function energyPeriods(tariff: string): { shares: number[]; prices: number[] } {
  if (SIX_PERIOD_TARIFFS.includes(tariff)) {
    return { shares: [0.12, 0.14, 0.16, 0.16, 0.17, 0.25], prices: [0.19, 0.16, 0.14, 0.12, 0.1, 0.08] };
  }
  if (/^2\.[01]A$/.test(tariff)) return { shares: [1, 0, 0], prices: [0.15, 0, 0] };
  if (/DH[AS]$/.test(tariff)) return { shares: [0.4, 0.6, 0], prices: [0.17, 0.09, 0] };
  return { shares: [0.3, 0.27, 0.43], prices: [0.19, 0.13, 0.09] };
}

/** Monthly kWh a kW of contracted power uses, by tariff size. */
function kwhPerKw(tariff: string): number {
  if (tariff.startsWith('6.')) return 180;
  if (tariff.startsWith('3.')) return 110;
  return 55;
}

/** Winter and summer use more; 1 in spring and autumn. */
function seasonFactor(month: number, line: Line): number {
  const m = month % 12;
  if (line === 'Gas') return [1.8, 1.6, 1.3, 1, 0.7, 0.5, 0.4, 0.4, 0.5, 0.8, 1.3, 1.7][m];
  return [1.25, 1.15, 1, 0.9, 0.85, 1, 1.2, 1.2, 1, 0.9, 1.05, 1.25][m];
}

const GAS_FIXED_PER_DAY: Record<string, number> = { 'RL.1': 0.16, 'RL.2': 0.33, 'RL.3': 0.7 };
const GAS_PRICE = 0.075;
const HYDROCARBON_TAX = 0.00234;
const METER_RENTAL_PER_DAY = { Electricidad: 0.027, Gas: 0.03 };

interface Period {
  from: string;
  until: string;
  launch: string;
  month: number;
}

/** Amounts and consumption of one billing period of a contract, consistent with its tariff and power. */
export function billPeriod(contract: BillableContract, period: Period, random: Random) {
  const days = daysBetween(period.from, period.until);
  const noise = 0.85 + random.int(0, 30) / 100;
  const season = seasonFactor(period.month, contract.line);
  const rental = round2(METER_RENTAL_PER_DAY[contract.line] * days);

  if (contract.line === 'Gas') {
    const caudal = contract.caudal ?? 10;
    const kwh = Math.round(caudal * days * 0.55 * season * noise);
    const energy = round2(kwh * GAS_PRICE);
    const fixed = round2((GAS_FIXED_PER_DAY[contract.tariff] ?? 0.2) * days);
    const tax = round2(kwh * HYDROCARBON_TAX);
    const vat = round2((energy + fixed + tax + rental) * VAT);
    return {
      consumption_kwh: kwh,
      periods: [null, null, null, null, null, null] as (number | null)[],
      power_read_p1: null,
      energy_amount: energy,
      power_amount: fixed,
      tax_amount: tax,
      rental_amount: rental,
      vat_amount: vat,
      amount: round2(energy + fixed + tax + rental + vat),
    };
  }

  const power = contract.power_p1 ?? 4.6;
  const { shares, prices } = energyPeriods(contract.tariff);
  const total = Math.max(1, Math.round(power * kwhPerKw(contract.tariff) * season * noise * (days / 30)));
  const periods: (number | null)[] = shares.map((share) => Math.round(total * share));
  while (periods.length < 6) periods.push(null);
  const kwh = periods.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  const energy = round2(periods.reduce<number>((sum, value, i) => sum + (value ?? 0) * (prices[i] ?? 0), 0));
  const powerTerm = round2(power * days * 0.1);
  const tax = round2((energy + powerTerm) * ELECTRICITY_TAX);
  const vat = round2((energy + powerTerm + tax + rental) * VAT);
  return {
    consumption_kwh: kwh,
    periods,
    power_read_p1: round2(power * (0.55 + random.int(0, 40) / 100)),
    energy_amount: energy,
    power_amount: powerTerm,
    tax_amount: tax,
    rental_amount: rental,
    vat_amount: vat,
    amount: round2(energy + powerTerm + tax + rental + vat),
  };
}

/** Hands out invoice numbers: two digits of the year and a running sequence of at least six digits. */
export class InvoiceNumbering {
  private next = 1;

  constructor(start = 1) {
    this.next = start;
  }

  take(launchDate: string): string {
    return `${launchDate.slice(2, 4)}${String(this.next++).padStart(6, '0')}`;
  }
}

/** The billing periods of a contract between two months: monthly for electricity, every two months for gas. */
export function billingPeriods(contract: BillableContract, firstMonth: number, lastMonth: number): Period[] {
  const start = Math.max(firstMonth, monthNumber(contract.start_date));
  const end = Math.min(lastMonth, contract.end_date ? monthNumber(contract.end_date) : lastMonth);
  const step = contract.line === 'Gas' ? 2 : 1;
  const periods: Period[] = [];
  for (let month = start; month + step - 1 <= end; month += step) {
    const until = monthEnd(month + step - 1);
    const launchMonth = month + step;
    periods.push({
      from: monthStart(month),
      until,
      launch: `${monthStart(launchMonth).slice(0, 8)}${String(5 + (month % 7)).padStart(2, '0')}`,
      month,
    });
  }
  return periods;
}

function invoiceRow(
  contract: BillableContract,
  period: Period,
  random: Random,
  numbering: InvoiceNumbering,
): InvoiceRow {
  const bill = billPeriod(contract, period, random);
  const rectifying = random.chance(0.02);
  return {
    holder_id: contract.holder_id,
    contract_id: contract.id,
    line: contract.line,
    kind: 'F',
    serie: rectifying ? 'RE' : 'ENERGIA',
    bill_number: numbering.take(period.launch),
    category: 'NO',
    launch_date: period.launch,
    reading_from: period.from,
    reading_until: period.until,
    amount: bill.amount,
    serie_unica: null,
    numero_unica: null,
    can_download: random.chance(0.05) ? 0 : 1,
    has_proformas: 0,
    tariff: contract.tariff,
    consumption_kwh: bill.consumption_kwh,
    consumption_p1: bill.periods[0],
    consumption_p2: bill.periods[1],
    consumption_p3: bill.periods[2],
    consumption_p4: bill.periods[3],
    consumption_p5: bill.periods[4],
    consumption_p6: bill.periods[5],
    power_read_p1: bill.power_read_p1,
    energy_amount: bill.energy_amount,
    power_amount: bill.power_amount,
    tax_amount: bill.tax_amount,
    rental_amount: bill.rental_amount,
    vat_amount: bill.vat_amount,
  };
}

const VARIOS_CONCEPTS = [15.39, 22.5, 30.25, 48.6, 9.97];

/** A miscellaneous (Varios) invoice: connection fees and the like, no readings and no consumption. */
function variosRow(
  contract: BillableContract,
  launch: string,
  random: Random,
  numbering: InvoiceNumbering,
): InvoiceRow {
  const base = random.pick(VARIOS_CONCEPTS);
  const vat = round2(base * VAT);
  return {
    holder_id: contract.holder_id,
    contract_id: contract.id,
    line: contract.line,
    kind: 'F',
    serie: 'VA',
    bill_number: numbering.take(launch),
    category: 'VA',
    launch_date: launch,
    reading_from: null,
    reading_until: null,
    amount: round2(base + vat),
    serie_unica: null,
    numero_unica: null,
    can_download: 1,
    has_proformas: 0,
    tariff: contract.tariff,
    consumption_kwh: 0,
    ...NO_PERIOD_READINGS,
    energy_amount: 0,
    power_amount: 0,
    tax_amount: 0,
    rental_amount: base,
    vat_amount: vat,
  };
}

/** Every invoice of one contract between two months: the periodic ones plus a Varios one now and then. */
export function contractInvoices(
  contract: BillableContract,
  firstMonth: number,
  lastMonth: number,
  random: Random,
  numbering: InvoiceNumbering,
): InvoiceRow[] {
  const rows: InvoiceRow[] = [];
  billingPeriods(contract, firstMonth, lastMonth).forEach((period, index) => {
    rows.push(invoiceRow(contract, period, random, numbering));
    if (index % 9 === 4) {
      rows.push(variosRow(contract, period.launch.slice(0, 8) + '20', random, numbering));
    }
  });
  return rows;
}

/**
 * Turns the latest months of a holder's contracts of one line into unified invoices: in each of those months
 * the periodic invoices become proformas (kind P) and one unified invoice (kind U) carries their sum.
 */
export function unify(rows: InvoiceRow[], fromMonth: string, numbering: InvoiceNumbering): InvoiceRow[] {
  const groups = new Map<string, InvoiceRow[]>();
  for (const row of rows) {
    if (row.category !== 'NO' || row.serie !== 'ENERGIA' || row.reading_from! < fromMonth) continue;
    const key = row.launch_date;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const unified: InvoiceRow[] = [];
  for (const [launch, parts] of groups) {
    if (parts.length < 2) continue;
    const numero = numbering.take(launch);
    const sum = (pick: (row: InvoiceRow) => number | null | undefined) =>
      round2(parts.reduce((total, row) => total + (pick(row) ?? 0), 0));
    for (const part of parts) {
      Object.assign(part, {
        kind: 'P',
        serie: 'PF',
        serie_unica: 'FU',
        numero_unica: numero,
        has_proformas: parts.length,
        can_download: 1,
      } satisfies Partial<InvoiceRow>);
    }
    const lead = parts[0];
    unified.push({
      ...lead,
      kind: 'U',
      serie: 'FU',
      bill_number: numero,
      amount: sum((row) => row.amount),
      consumption_kwh: sum((row) => row.consumption_kwh),
      ...NO_PERIOD_READINGS,
      energy_amount: sum((row) => row.energy_amount),
      power_amount: sum((row) => row.power_amount),
      tax_amount: sum((row) => row.tax_amount),
      rental_amount: sum((row) => row.rental_amount),
      vat_amount: sum((row) => row.vat_amount),
      reading_from: parts.map((row) => row.reading_from!).sort()[0],
      reading_until: parts
        .map((row) => row.reading_until!)
        .sort()
        .at(-1)!,
    });
  }
  return unified;
}

/** The months the demo invoices span: SEED_MONTHS months ending with last month. */
export function seedMonthRange(today = madridToday()): { firstMonth: number; lastMonth: number } {
  const lastMonth = monthNumber(today) - 1;
  return { firstMonth: lastMonth - SEED_MONTHS + 1, lastMonth };
}

export async function insertInvoices(db: Db, rows: InvoiceRow[], chunk = 500): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await db
      .insertInto('invoices')
      .values(rows.slice(i, i + chunk))
      .execute();
  }
}

/**
 * Three years of invoices for every billed demo contract (monthly electricity, bimonthly gas), a Varios
 * invoice now and then, a few rectifying invoices and invoices without a PDF, and the latest six months of
 * every holder with several contracts of a line billed as unified invoices. Only into an empty table.
 */
export async function seedInvoices(db: Db, today = madridToday()): Promise<void> {
  const existing = await db.selectFrom('invoices').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const contracts = await db
    .selectFrom('contracts')
    .select(['id', 'holder_id', 'line', 'tariff', 'start_date', 'end_date', 'power_p1', 'caudal', 'state'])
    .where('state', '!=', 'En tramitación')
    .orderBy('id')
    .execute();
  const random = new Random(INVOICE_SEED);
  const numbering = new InvoiceNumbering();
  const { firstMonth, lastMonth } = seedMonthRange(today);
  const unifiedFrom = monthStart(lastMonth - UNIFIED_MONTHS + 1);

  const byHolderLine = new Map<string, InvoiceRow[]>();
  for (const contract of contracts) {
    const rows = contractInvoices(contract, firstMonth, lastMonth, random, numbering);
    const key = `${contract.holder_id}|${contract.line}`;
    byHolderLine.set(key, [...(byHolderLine.get(key) ?? []), ...rows]);
  }
  const all: InvoiceRow[] = [];
  for (const rows of byHolderLine.values()) {
    all.push(...rows, ...unify(rows, unifiedFrom, numbering));
  }
  await db.transaction().execute((trx) => insertInvoices(trx, all));
}
