import { NOT_AVAILABLE, TYPE_INVOICE, TYPE_PROFORMA, VARIOS } from './invoicesMessages';

/** The API sends its flags as 1/0, true/false or their text; all mean the same. */
export function isFlagSet(value: unknown): boolean {
  return value === 1 || value === true || value === '1' || value === 'true';
}

/** Series value that means "no series prefix" (spec 02 §3). */
export const SERIES_WITHOUT_PREFIX = 'ENERGIA';
/** Category of miscellaneous invoices, shown as Varios without reading dates. */
export const CATEGORY_VARIOS = 'VA';

export interface InvoiceNumberParts {
  series?: string | null;
  number?: string | number | null;
  unified: boolean;
  unifiedSeries?: string | null;
  unifiedNumber?: string | number | null;
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value).trim();

/**
 * Spec 02 §2.1 and §2.5: a unified invoice shows its unified series plus number; series ENERGIA shows the bare
 * number; any other series shows series plus number; no number at all shows No disponible.
 */
export function invoiceNumberText(parts: InvoiceNumberParts): string {
  if (parts.unified) {
    const number = text(parts.unifiedNumber) || text(parts.number);
    if (!number) return NOT_AVAILABLE;
    return `${text(parts.unifiedSeries) || text(parts.series)}${number}`;
  }
  const number = text(parts.number);
  if (!number) return NOT_AVAILABLE;
  const series = text(parts.series);
  return !series || series === SERIES_WITHOUT_PREFIX ? number : `${series}${number}`;
}

/**
 * The series and number a file is named after (Factura-{series}{number}.pdf): series ENERGIA means no prefix,
 * so the name carries the number exactly as the screen shows it (DECISIONS "Downloads").
 */
export function invoiceFileStem(
  series: string | null | undefined,
  number: string | number | null | undefined,
) {
  const prefix = text(series);
  return `${prefix === SERIES_WITHOUT_PREFIX ? '' : prefix}${text(number)}`;
}

/** Proforma when isUnificada is 1, otherwise Factura (spec 02 §2.1). */
export function invoiceTypeText(isUnificada: unknown): string {
  return isFlagSet(isUnificada) ? TYPE_PROFORMA : TYPE_INVOICE;
}

export function isVarios(category: string | null | undefined): boolean {
  return text(category).toUpperCase() === CATEGORY_VARIOS;
}

export function categoryText(category: string | null | undefined): string | null {
  return isVarios(category) ? VARIOS : null;
}

export function isUnifiedInvoice(invoice: { isUnica?: unknown }): boolean {
  return isFlagSet(invoice.isUnica);
}

/**
 * How many supplies a list invoice covers: the reference server's numeroSuministros, otherwise (another
 * backend) a unified invoice's proforma count and 1 for any other.
 */
export function suppliesOf(invoice: {
  isUnica?: unknown;
  numeroSuministros?: number | null;
  hasProformas?: number | null;
}): number {
  const count = Number(invoice.numeroSuministros ?? (isUnifiedInvoice(invoice) ? invoice.hasProformas : 1));
  return Number.isFinite(count) && count >= 1 ? count : 1;
}

/** Proforma downloads appear only where hasProformas is at least 1. */
export function hasProformas(count: unknown): boolean {
  const number = Number(count);
  return Number.isFinite(number) && number >= 1;
}

/**
 * Tariffs billed in six periods (spec 02 §2.1, plus 6.1A, the six-period high-voltage tariff before 2021 that
 * the demo data still bills); every other tariff shows three.
 */
export const SIX_PERIOD_TARIFFS = [
  '6.1TDVE',
  '3.0TDVE',
  '6.4TD',
  '6.3TD',
  '6.2TD',
  '6.1TD',
  '3.0TD',
  '6.1A',
] as const;
export const DEFAULT_TARIFF = '6.1TD';

export function tariffPeriodCount(tariff: string | null | undefined): 3 | 6 {
  const name = text(tariff) || DEFAULT_TARIFF;
  return (SIX_PERIOD_TARIFFS as readonly string[]).includes(name.toUpperCase()) ? 6 : 3;
}

export interface LineCount {
  line?: string;
  count?: number | string | null;
}

export interface InvoiceCounts {
  overall: number;
  electricity: number;
  gas: number;
}

const countOf = (entry: LineCount | undefined) => {
  const number = Number(entry?.count ?? 0);
  return Number.isFinite(number) ? number : 0;
};

/** Fullbilling.total: index 0 overall, 1 electricity, 2 gas; a missing entry counts as 0 (DECISIONS). */
export function readInvoiceCounts(total: LineCount[] | null | undefined): InvoiceCounts {
  const entries = total ?? [];
  return { overall: countOf(entries[0]), electricity: countOf(entries[1]), gas: countOf(entries[2]) };
}

/** The API sends one invoice as an object and several as a list. */
export function asList<T>(value: T | T[] | null | undefined): T[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Earliest and latest of the launch dates (ISO text), to fill Desde and Hasta after the default query. */
export function launchDateSpan(dates: (string | null | undefined)[]): { from: string; to: string } | null {
  const known = dates.filter((date): date is string => Boolean(date)).map((date) => date.slice(0, 10));
  if (known.length === 0) return null;
  const sorted = [...known].sort();
  return { from: sorted[0], to: sorted[sorted.length - 1] };
}

export interface PowerPeriod {
  period: string;
  value: number;
}

/** Contracted powers P1 to P6, keeping only the non-empty, non-zero periods (spec 02 §2.4). */
export function contractedPowers(
  detail: Partial<Record<`PotenciaContratadaP${1 | 2 | 3 | 4 | 5 | 6}`, unknown>>,
): PowerPeriod[] {
  const periods: PowerPeriod[] = [];
  for (const index of [1, 2, 3, 4, 5, 6] as const) {
    const raw = detail[`PotenciaContratadaP${index}`];
    if (raw === null || raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (Number.isFinite(value) && value !== 0) periods.push({ period: `P${index}`, value });
  }
  return periods;
}
