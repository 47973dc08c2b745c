import type { Db } from '../db/database';
import type { BillDetail } from '../measurements/billDetail';
import { addMonths } from '../measurements/dates';
import { contractOn } from '../measurements/tolls';
import { contractPowers } from '../db/contractPowers';
import { displayNumber } from './display';
import { CONSUMPTION_COLUMNS, type InvoiceDetail, invoiceDetails } from './invoices';

/** What an invoice's PDF prints beyond its row: the contract's terms, the holder's account, its history. */
export interface InvoiceExtras {
  /** Contracted kW, P1 first, as many as the tariff has periods. */
  powers: number[];
  /** Gas: contracted flow, kWh/día. */
  caudal: number | null;
  accessFee: string;
  /** The account the bill is charged to (printed masked); null: paid otherwise. */
  iban: string | null;
  /** The invoice a rectifying one corrects. */
  rectified: { number: string; launchDate: string } | null;
  /** kWh billed per month (of the period's end) for the contract's last 13 months up to this invoice. */
  history: { month: string; kwh: number }[];
  /** kWh billed per tariff period, P1 first, by the bills of the 12 months up to this invoice (the CNMC QR). */
  yearByPeriod: number[];
  /** The first day those bills cover ('YYYY-MM-DD'); null when there are none. */
  yearFrom: string | null;
  /** The highest hourly kW per energy period, P1 first, over those bills' stored terms (the CNMC QR). */
  yearMaxKw: number[];
  /** The contract's end date; null: open-ended. */
  endDate: string | null;
  /** The stored terms; null for Varios and unified invoices and rows seeded before they were kept. */
  detail: BillDetail | null;
}

/** One invoice as its PDF prints it; a unified invoice carries its proformas, each as printed. */
export interface InvoicePrint {
  invoice: InvoiceDetail;
  extras: InvoiceExtras;
  proformas: InvoicePrint[];
}

export const HISTORY_MONTHS = 13;

function parseDetail(text: string | null): BillDetail | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as BillDetail;
  } catch {
    // A damaged row prints its totals, as a row without terms does.
    return null;
  }
}

const ids = <T>(values: T[]) => [...new Set(values)];

/**
 * Everything the PDFs of these invoices print, read in a handful of queries whatever their number (a bundle
 * of 200 makes the same five queries as one invoice): the contracts' powers, the holders' accounts, the
 * rectified invoices, the unified invoices' proformas and 13 months of each contract's billed kWh.
 */
export async function invoicePrints(db: Db, invoices: InvoiceDetail[]): Promise<InvoicePrint[]> {
  if (!invoices.length) return [];
  const unified = invoices.filter((invoice) => invoice.kind === 'U' && invoice.numero_unica);
  const proformaRows = unified.length
    ? (
        await invoiceDetails(db)
          .where('invoices.kind', '=', 'P')
          .where('invoices.numero_unica', 'in', ids(unified.map((invoice) => invoice.numero_unica!)))
          .where('invoices.holder_id', 'in', ids(unified.map((invoice) => invoice.holder_id)))
          .orderBy('invoices.id')
          .execute()
      ).filter((row) =>
        unified.some(
          (u) =>
            u.serie_unica === row.serie_unica &&
            u.numero_unica === row.numero_unica &&
            u.line === row.line &&
            u.holder_id === row.holder_id,
        ),
      )
    : [];
  const all = [...invoices, ...proformaRows];

  const contracts = await db
    .selectFrom('contracts')
    .select([
      'id',
      'power_p1',
      'power_p2',
      'power_p3',
      'power_p4',
      'power_p5',
      'power_p6',
      'caudal',
      'access_fee',
      'tariff',
      'end_date',
    ])
    .where('id', 'in', ids(all.map((invoice) => invoice.contract_id)))
    .execute();
  const contractById = new Map(contracts.map((row) => [row.id, row]));

  const holders = await db
    .selectFrom('holders')
    .select(['id', 'iban'])
    .where('id', 'in', ids(all.map((invoice) => invoice.holder_id)))
    .execute();
  const ibanByHolder = new Map(holders.map((row) => [row.id, row.iban]));

  const rectifiedIds = ids(all.flatMap((invoice) => invoice.rectifies_invoice_id ?? []));
  const rectifiedRows = rectifiedIds.length
    ? await db
        .selectFrom('invoices')
        .select(['id', 'serie', 'bill_number', 'launch_date'])
        .where('id', 'in', rectifiedIds)
        .execute()
    : [];
  const rectifiedById = new Map(rectifiedRows.map((row) => [row.id, row]));

  const history = await billedMonths(db, all);
  const yearOf = (invoice: InvoiceDetail) =>
    invoice.kind === 'U' ? { yearByPeriod: [], yearFrom: null, yearMaxKw: [] } : history.year(invoice);

  const extrasOf = (invoice: InvoiceDetail): InvoiceExtras => {
    // The contract as it stood on the invoice's first day: an invoice after June 2021 prints the successor toll.
    const signed = contractById.get(invoice.contract_id);
    const contract =
      signed && contractOn(signed, invoice.launch_date, invoice.reading_from ?? invoice.launch_date);
    const rectified = invoice.rectifies_invoice_id ? rectifiedById.get(invoice.rectifies_invoice_id) : null;
    return {
      powers: contract ? contractPowers(contract) : [],
      caudal: contract?.caudal ?? invoice.caudal,
      accessFee: contract?.access_fee ?? invoice.tariff,
      iban: ibanByHolder.get(invoice.holder_id) ?? null,
      rectified: rectified ? { number: displayNumber(rectified), launchDate: rectified.launch_date } : null,
      history: invoice.kind === 'U' ? [] : history.months(invoice),
      ...yearOf(invoice),
      endDate: signed?.end_date ?? null,
      detail: parseDetail(invoice.detail),
    };
  };
  const print = (invoice: InvoiceDetail): InvoicePrint => ({
    invoice,
    extras: extrasOf(invoice),
    proformas:
      invoice.kind === 'U'
        ? proformaRows
            .filter(
              (row) =>
                row.serie_unica === invoice.serie_unica &&
                row.numero_unica === invoice.numero_unica &&
                row.line === invoice.line &&
                row.holder_id === invoice.holder_id,
            )
            .map(print)
        : [],
  });
  return invoices.map(print);
}

/** Days from one 'YYYY-MM-DD' to another, both included. */
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/**
 * A bill's kWh shared among the calendar months of its period by days: a monthly bill falls in its month,
 * a two-month gas bill half in each, so the chart has no empty month between two gas bills.
 */
function byMonth(from: string, until: string, kwh: number): [month: string, kwh: number][] {
  const total = daysBetween(from, until);
  const parts: [string, number][] = [];
  for (let start = from; start <= until; start = `${addMonths(`${start.slice(0, 7)}-01`, 1)}`) {
    const monthEnd = addMonths(`${start.slice(0, 7)}-01`, 1);
    const end = [until, new Date(Date.parse(monthEnd) - 86_400_000).toISOString().slice(0, 10)].sort()[0];
    parts.push([start.slice(0, 7), (kwh * daysBetween(start, end)) / total]);
  }
  return parts;
}

/**
 * For each invoice, the kWh its contract was billed per month over the 13 months ending with the invoice's
 * period (`months`) and per tariff period by the bills that end in the 12 months up to it (`year`), from the
 * contract's simple invoices and proformas up to this one (a rectified invoice counts through the one that
 * rectifies it, never twice).
 */
async function billedMonths(db: Db, invoices: InvoiceDetail[]) {
  const measured = invoices.filter((invoice) => invoice.kind !== 'U' && invoice.reading_until);
  const none = { yearByPeriod: [], yearFrom: null, yearMaxKw: [] };
  if (!measured.length) return { months: () => [], year: () => none };
  const ends = measured.map((invoice) => invoice.reading_until!).sort();
  const rows = await db
    .selectFrom('invoices')
    .select([
      'id',
      'contract_id',
      'reading_from',
      'reading_until',
      'consumption_kwh',
      'rectifies_invoice_id',
      'detail',
      ...CONSUMPTION_COLUMNS,
    ])
    .where('contract_id', 'in', ids(measured.map((invoice) => invoice.contract_id)))
    .where('kind', 'in', ['F', 'P'])
    .where('category', '=', 'NO')
    .where('reading_until', '>=', `${addMonths(ends[0], -HISTORY_MONTHS - 2).slice(0, 7)}-01`)
    .where('reading_until', '<=', ends.at(-1)!)
    .execute();
  const replaced = new Set(rows.flatMap((row) => row.rectifies_invoice_id ?? []));
  // Each bill's months are worked out once, however many printed invoices chart it.
  const byContract = new Map<number, { row: (typeof rows)[number]; parts: [string, number][] }[]>();
  for (const row of rows) {
    if (!row.reading_from || !row.reading_until) continue;
    const parts = byMonth(row.reading_from, row.reading_until, Number(row.consumption_kwh));
    byContract.set(row.contract_id, [...(byContract.get(row.contract_id) ?? []), { row, parts }]);
  }
  /** The contract's bills issued by this invoice, a rectified one left out. */
  const billedBy = (invoice: InvoiceDetail) =>
    (byContract.get(invoice.contract_id) ?? []).filter(({ row }) => {
      // Up to this invoice: a later invoice of the same period is not yet issued when this one is.
      const issued = row.reading_until! < invoice.reading_until! || row.id <= invoice.id;
      return issued && (row.id === invoice.id || !replaced.has(row.id));
    });
  const months = (invoice: InvoiceDetail) => {
    if (invoice.kind === 'U' || !invoice.reading_until) return [];
    const last = invoice.reading_until.slice(0, 7);
    const months = Array.from({ length: HISTORY_MONTHS }, (_, i) =>
      addMonths(`${last}-01`, i - HISTORY_MONTHS + 1).slice(0, 7),
    );
    const kwh = new Map(months.map((month) => [month, 0]));
    for (const { parts } of billedBy(invoice)) {
      for (const [month, part] of parts) {
        if (kwh.has(month)) kwh.set(month, kwh.get(month)! + part);
      }
    }
    return months.map((month) => ({ month, kwh: kwh.get(month)! }));
  };
  // A bill's peaks are read from its stored terms once, however many printed invoices count it.
  const peaks = new Map<number, number[]>();
  const peaksOf = (row: (typeof rows)[number]) => {
    let kw = peaks.get(row.id);
    if (!kw) peaks.set(row.id, (kw = (parseDetail(row.detail)?.maxPower ?? []).map((peak) => peak.kw)));
    return kw;
  };
  const year = (invoice: InvoiceDetail): Pick<InvoiceExtras, 'yearByPeriod' | 'yearFrom' | 'yearMaxKw'> => {
    if (invoice.kind === 'U' || !invoice.reading_until) return none;
    const after = addMonths(invoice.reading_until, -12);
    const bills = billedBy(invoice).filter(({ row }) => row.reading_until! > after);
    const periods = CONSUMPTION_COLUMNS.filter((column) => invoice[column] !== null);
    return {
      yearByPeriod: periods.map((column) =>
        bills.reduce((sum, { row }) => sum + Number(row[column] ?? 0), 0),
      ),
      yearFrom: bills.map(({ row }) => row.reading_from!).sort()[0] ?? null,
      yearMaxKw: periods.map((_, i) => Math.max(0, ...bills.map(({ row }) => peaksOf(row)[i] ?? 0))),
    };
  };
  return { months, year };
}
