import type { Insertable } from 'kysely';

import { serverToday } from '../../clock';
import type { Db } from '../database';
import type { InvoicesTable, Line } from '../schema';
import { type Bill, dueDateOf, electricityBill, gasBill, withReadings } from '../../measurements/billing';
import { gasKwhBetween, gasProfileOf } from '../../measurements/gasProfile';
import {
  type LoadProfile,
  measurementsBetween,
  profileKey,
  seedFromCode,
  unit,
} from '../../measurements/loadProfile';
import { vatOn } from '../../measurements/prices';
import { tollOn } from '../../measurements/tolls';
import { addDays } from '../../measurements/dates';
import { contractsWithProfiles } from './measurements';
import { contractPowers } from '../contractPowers';
import { inPages, readsOn } from '../readPlaces';
import { Random } from './random';

export type InvoiceRow = Insertable<InvoicesTable>;

/** Months of invoices the demo data go back from the current month. */
export const SEED_MONTHS = 36;
/** The latest billing months of a multi-contract holder that are billed as one unified invoice. */
const UNIFIED_MONTHS = 6;
const INVOICE_SEED = 20240604;

/** The contract fields an invoice is computed from. */
export interface BillableContract {
  id: number;
  code: string;
  holder_id: number;
  line: Line;
  tariff: string;
  start_date: string;
  end_date: string | null;
  /** Contracted kW of the tariff's power periods, P1 first. */
  powers: number[];
  caudal: number | null;
  /** The electricity contract's load profile (measurement_profiles); null for gas. */
  profile: LoadProfile | null;
  /** Contracts of a holder and line are billed together (unified) only within one group. */
  unifyGroup: string;
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

export interface Period {
  from: string;
  until: string;
  launchDate: string;
  month: number;
}

/** Bills already computed, by profile, tariff, powers and period: contracts that share them share the bill. */
export type BillCache = Map<string, Bill>;

/**
 * The bill of one period, from the contract's measurements, readings from the previous registers. A cached
 * bill may come from another contract with the same profile and period: invoiceRow sets the due date.
 */
function billOf(contract: BillableContract, period: Period, registers: number[], cache?: BillCache) {
  if (contract.line === 'Gas' || !contract.profile) {
    const kwh = gasKwhBetween(gasProfileOf(contract), period.from, period.until);
    return withReadings(gasBill(contract, period, kwh, registers[0]), registers);
  }
  const profile = contract.profile;
  const key = `${profileKey(profile)}|${contract.tariff}|${contract.powers.join(',')}|${period.from}|${period.until}`;
  let bill = cache?.get(key);
  if (!bill) {
    bill = electricityBill(contract, period, measurementsBetween(profile, period.from, period.until));
    cache?.set(key, bill);
  }
  return withReadings(bill, registers);
}

/** Where the meter's registers stood when the demo's billing began: a few years of use already. */
function startingRegisters(contract: BillableContract): number[] {
  const seed = seedFromCode(contract.code);
  return Array.from({ length: contract.line === 'Gas' ? 1 : 6 }, (_, i) =>
    Math.round(2_000 + 30_000 * unit(seed, 3, i)),
  );
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

/**
 * The billing periods of a contract between two months: monthly for electricity, every two months for gas,
 * cut to the contract's life (a contract that starts on the 12th is billed from the 12th).
 */
export function billingPeriods(contract: BillableContract, firstMonth: number, lastMonth: number): Period[] {
  const start = Math.max(firstMonth, monthNumber(contract.start_date));
  const end = Math.min(lastMonth, contract.end_date ? monthNumber(contract.end_date) : lastMonth);
  const step = contract.line === 'Gas' ? 2 : 1;
  const periods: Period[] = [];
  for (let month = start; month + step - 1 <= end; month += step) {
    const launchMonth = month + step;
    periods.push({
      from: [monthStart(month), contract.start_date].sort().at(-1)!,
      until: [monthEnd(month + step - 1), contract.end_date ?? '9999-12-31'].sort()[0],
      launchDate: `${monthStart(launchMonth).slice(0, 8)}${String(5 + (month % 7)).padStart(2, '0')}`,
      month,
    });
  }
  return periods;
}

/** An invoice row from its bill; `serie` RE marks a rectifying invoice (linked to the one it corrects later). */
function invoiceRow(
  contract: BillableContract,
  period: Period,
  bill: Bill,
  issue: {
    serie: 'ENERGIA' | 'RE';
    launchDate: string;
    billNumber: string;
    canDownload: boolean;
    withDetail: boolean;
  },
): InvoiceRow {
  const [p1, p2, p3, p4, p5, p6] = bill.periods;
  return {
    holder_id: contract.holder_id,
    contract_id: contract.id,
    line: contract.line,
    kind: 'F',
    serie: issue.serie,
    bill_number: issue.billNumber,
    category: 'NO',
    launch_date: issue.launchDate,
    reading_from: period.from,
    reading_until: period.until,
    amount: bill.amount,
    serie_unica: null,
    numero_unica: null,
    can_download: issue.canDownload ? 1 : 0,
    has_proformas: 0,
    tariff: bill.tariff,
    consumption_kwh: bill.consumptionKwh,
    consumption_p1: p1,
    consumption_p2: p2,
    consumption_p3: p3,
    consumption_p4: p4,
    consumption_p5: p5,
    consumption_p6: p6,
    power_read_p1: bill.maxPowerP1,
    energy_amount: bill.energyAmount,
    power_amount: bill.powerAmount,
    tax_amount: bill.taxAmount,
    rental_amount: bill.rentalAmount,
    vat_amount: bill.vatAmount,
    detail: issue.withDetail
      ? JSON.stringify({ ...bill.detail, dueDate: dueDateOf(issue.launchDate) })
      : null,
    surplus_kwh: bill.surplusKwh,
    compensation_amount: bill.compensationAmount,
  };
}

/**
 * The period a contract is billed for next, after the last billed period ending `lastUntil` (or from its start
 * when it has none): the same monthly or two-monthly periods as the seed's (billingPeriods), issued on
 * `launchDate`; null when the contract's life holds no further whole period.
 */
export function nextBillingPeriod(
  contract: BillableContract,
  lastUntil: string | null,
  launchDate: string,
): Period | null {
  const from = lastUntil ? addDays(lastUntil, 1) : contract.start_date;
  if (contract.end_date && from > contract.end_date) return null;
  const month = monthNumber(from);
  const [period] = billingPeriods(contract, month, month + (contract.line === 'Gas' ? 1 : 0));
  return period ? { ...period, from, launchDate } : null;
}

/**
 * One period's invoice of a contract, computed exactly as the seed computes each of its invoices (billOf,
 * invoiceRow): the billing job issues it. `previousRegisters` are where the last bill left the meter (its
 * printed readings), or none for the first bill.
 */
export function periodInvoice(
  contract: BillableContract,
  period: Period,
  previousRegisters: number[] | null,
  billNumber: string,
  cache?: BillCache,
): InvoiceRow {
  const read = billOf(contract, period, previousRegisters ?? startingRegisters(contract), cache);
  return invoiceRow(contract, period, read.bill, {
    serie: 'ENERGIA',
    launchDate: period.launchDate,
    billNumber,
    canDownload: true,
    withDetail: true,
  });
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
  const vat = vatOn(base);
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
    tariff: tollOn(contract.tariff, launch),
    consumption_kwh: 0,
    ...NO_PERIOD_READINGS,
    energy_amount: 0,
    power_amount: 0,
    tax_amount: 0,
    rental_amount: base,
    vat_amount: vat,
    detail: null,
    surplus_kwh: null,
    compensation_amount: 0,
  };
}

/**
 * Every invoice of one contract between two months: one per billing period computed from its measurements,
 * now and then a rectifying invoice issued a month later for the same period (same terms: it corrects the
 * holder's data), and a Varios invoice now and then.
 */
export function contractInvoices(
  contract: BillableContract,
  firstMonth: number,
  lastMonth: number,
  random: Random,
  numbering: InvoiceNumbering,
  options: {
    /** Bills shared between contracts of the same profile (the scale data). */
    cache?: BillCache;
    /** Store each bill's terms for its PDF; the scale data leave them out (about 1 kB an invoice). */
    withDetail?: boolean;
  } = {},
): InvoiceRow[] {
  const { cache, withDetail = true } = options;
  const rows: InvoiceRow[] = [];
  let registers = startingRegisters(contract);
  billingPeriods(contract, firstMonth, lastMonth).forEach((period, index) => {
    const read = billOf(contract, period, registers, cache);
    registers = read.registers;
    const canDownload = !random.chance(0.05);
    rows.push(
      invoiceRow(contract, period, read.bill, {
        serie: 'ENERGIA',
        launchDate: period.launchDate,
        billNumber: numbering.take(period.launchDate),
        canDownload,
        withDetail,
      }),
    );
    if (random.chance(0.03)) {
      const launchDate = `${monthStart(monthNumber(period.launchDate) + 1).slice(0, 8)}15`;
      rows.push(
        invoiceRow(contract, period, read.bill, {
          serie: 'RE',
          launchDate,
          billNumber: numbering.take(launchDate),
          canDownload: true,
          withDetail,
        }),
      );
    }
    if (index % 9 === 4) {
      rows.push(variosRow(contract, period.launchDate.slice(0, 8) + '20', random, numbering));
    }
  });
  return rows;
}

/**
 * Turns the latest months of a holder's contracts of one line and unify group into unified invoices: in each
 * of those months the periodic invoices become proformas (kind P) and one unified invoice (kind U) carries
 * their terms; its VAT is computed on the sum of the bases, as the one invoice it is.
 */
export function unify(
  rows: InvoiceRow[],
  fromMonth: string,
  numbering: InvoiceNumbering,
  groupOf: (contractId: number) => string,
): InvoiceRow[] {
  const groups = new Map<string, InvoiceRow[]>();
  for (const row of rows) {
    if (row.category !== 'NO' || row.serie !== 'ENERGIA' || row.reading_from! < fromMonth) continue;
    const key = `${row.launch_date}|${groupOf(row.contract_id)}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const unified: InvoiceRow[] = [];
  for (const parts of groups.values()) {
    if (parts.length < 2) continue;
    const launch = parts[0].launch_date;
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
    const terms = {
      energy_amount: sum((row) => row.energy_amount),
      power_amount: sum((row) => row.power_amount),
      compensation_amount: sum((row) => row.compensation_amount),
      tax_amount: sum((row) => row.tax_amount),
      rental_amount: sum((row) => row.rental_amount),
    };
    const base = round2(
      terms.energy_amount +
        terms.power_amount -
        terms.compensation_amount +
        terms.tax_amount +
        terms.rental_amount,
    );
    const vat = vatOn(base);
    const surplus = parts.some((row) => row.surplus_kwh != null) ? sum((row) => row.surplus_kwh) : null;
    unified.push({
      ...parts[0],
      kind: 'U',
      serie: 'FU',
      bill_number: numero,
      ...terms,
      vat_amount: vat,
      amount: round2(base + vat),
      consumption_kwh: sum((row) => row.consumption_kwh),
      ...NO_PERIOD_READINGS,
      surplus_kwh: surplus,
      detail: null,
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
export function seedMonthRange(today = serverToday()): { firstMonth: number; lastMonth: number } {
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
 * Contracts of a holder and line are billed together within one group: a company's or a community's all
 * together; a person's homes (2.x tariffs) apart from their business supplies.
 */
export function unifyGroupOf(contract: { line: Line; tariff: string }, holderIsCompany: boolean): string {
  if (contract.line === 'Gas' || holderIsCompany) return contract.line;
  return contract.tariff.startsWith('2.') ? 'hogar' : 'negocio';
}

/** The contracts the seed bills (every one not still being processed), with their load profiles. */
export async function billableContracts(db: Db, holderIds?: number[]): Promise<BillableContract[]> {
  // Every contract with its profile (30,000 at the scale seed, 0.2–1 s): on a reader, off the event loop.
  let query = contractsWithProfiles(readsOn(db, 'reader'))
    .select([
      'contracts.id',
      'contracts.code',
      'contracts.holder_id',
      'contracts.line',
      'contracts.tariff',
      'contracts.start_date',
      'contracts.end_date',
      'contracts.power_p1',
      'contracts.power_p2',
      'contracts.power_p3',
      'contracts.power_p4',
      'contracts.power_p5',
      'contracts.power_p6',
      'contracts.caudal',
      'holders.is_company',
      'measurement_profiles.kind',
      'measurement_profiles.mean_kw',
      'measurement_profiles.solar_kw',
      'measurement_profiles.seed',
      'measurement_profiles.step_from',
      'measurement_profiles.step_factor',
    ])
    .where('contracts.state', '!=', 'En tramitación')
    .orderBy('contracts.id');
  if (holderIds) query = query.where('contracts.holder_id', 'in', holderIds);
  const rows = await inPages(
    (after, limit) =>
      (after === null ? query : query.where('contracts.id', '>', after)).limit(limit).execute(),
    (row) => row.id,
  );
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    holder_id: row.holder_id,
    line: row.line,
    tariff: row.tariff,
    start_date: row.start_date,
    end_date: row.end_date,
    powers: contractPowers(row),
    caudal: row.caudal,
    profile:
      row.kind === null
        ? null
        : {
            kind: row.kind,
            meanKw: row.mean_kw!,
            solarKw: row.solar_kw!,
            seed: Number(row.seed),
            stepFrom: row.step_from ?? null,
            stepFactor: row.step_factor ?? null,
          },
    unifyGroup: unifyGroupOf(row, row.is_company === 1),
  }));
}

/**
 * Links every rectifying invoice (series RE) to the invoice it corrects: the one of the same contract and
 * period, or, where that period was billed within a unified invoice, the unified invoice (a proforma is not
 * an invoice the customer received).
 */
export async function linkRectifyingInvoices(db: Db): Promise<void> {
  await db
    .updateTable('invoices')
    .set((eb) => ({
      rectifies_invoice_id: eb
        .selectFrom('invoices as original')
        .leftJoin('invoices as unified', (join) =>
          join
            .onRef('unified.bill_number', '=', 'original.numero_unica')
            .onRef('unified.serie', '=', 'original.serie_unica')
            .onRef('unified.line', '=', 'original.line')
            .on('unified.kind', '=', 'U'),
        )
        .select((inner) => inner.fn.coalesce('unified.id', 'original.id').as('id'))
        .whereRef('original.contract_id', '=', 'invoices.contract_id')
        .whereRef('original.reading_from', '=', 'invoices.reading_from')
        .where('original.serie', 'in', ['ENERGIA', 'PF'])
        .limit(1),
    }))
    .where('invoices.serie', '=', 'RE')
    .execute();
}

/**
 * Three years of invoices for every billed demo contract (monthly electricity, bimonthly gas), each computed
 * from the contract's measurements, a Varios invoice now and then, a few rectifying invoices and invoices
 * without a PDF, and the latest six months of every holder with several contracts of a line billed as
 * unified invoices. Only into an empty table; the measurement profiles must be seeded first.
 */
export async function seedInvoices(db: Db, today = serverToday()): Promise<void> {
  const existing = await db.selectFrom('invoices').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const contracts = await billableContracts(db);
  const random = new Random(INVOICE_SEED);
  const numbering = new InvoiceNumbering();
  const { firstMonth, lastMonth } = seedMonthRange(today);
  const unifiedFrom = monthStart(lastMonth - UNIFIED_MONTHS + 1);
  const groupOf = new Map(contracts.map((contract) => [contract.id, contract.unifyGroup]));

  const byHolderLine = new Map<string, InvoiceRow[]>();
  for (const contract of contracts) {
    const rows = contractInvoices(contract, firstMonth, lastMonth, random, numbering);
    const key = `${contract.holder_id}|${contract.line}`;
    byHolderLine.set(key, [...(byHolderLine.get(key) ?? []), ...rows]);
  }
  const all: InvoiceRow[] = [];
  for (const rows of byHolderLine.values()) {
    all.push(...rows, ...unify(rows, unifiedFrom, numbering, (id) => groupOf.get(id)!));
  }
  await db.transaction().execute(async (trx) => {
    await insertInvoices(trx, all);
    await linkRectifyingInvoices(trx);
  });
}
