import { formatListDate } from '@/shared/lib/dates';
import { formatMoney } from '@/shared/lib/money';
import {
  LABEL_AMOUNT_RANGE,
  LABEL_CIF,
  LABEL_CONTRACT,
  LABEL_CUPS,
  LABEL_FROM,
  LABEL_INVOICE_NUMBER,
  LABEL_LINE,
  LABEL_TO,
} from './invoicesMessages';
import type { InvoiceFilters } from './invoicesSlice';

const TEXT_LABELS = {
  line: LABEL_LINE,
  cif: LABEL_CIF,
  contract: LABEL_CONTRACT,
  cups: LABEL_CUPS,
  invoice: LABEL_INVOICE_NUMBER,
} as const;

/**
 * What a list is filtered by, as the folded filters of a phone say it: the dates, then each filter of the screen
 * that has a value ("Todo" lines filter nothing), then the amount range once a slider moved. A single-invoice
 * search is its number alone.
 */
export function activeFilters(
  filters: InvoiceFilters,
  names: readonly (keyof InvoiceFilters)[],
  singleInvoice: string | null = null,
): string[] {
  if (singleInvoice !== null) return [`${LABEL_INVOICE_NUMBER} ${singleInvoice}`];
  const parts: string[] = [];
  if (filters.from) parts.push(`${LABEL_FROM} ${formatListDate(filters.from)}`);
  if (filters.to) parts.push(`${LABEL_TO} ${formatListDate(filters.to)}`);
  for (const name of names) {
    if (!(name in TEXT_LABELS)) continue;
    const value = String(filters[name] ?? '').trim();
    if (value && value !== 'Todo') parts.push(`${TEXT_LABELS[name as keyof typeof TEXT_LABELS]} ${value}`);
  }
  if (names.includes('minPrice') && (filters.minPrice !== null || filters.maxPrice !== null)) {
    const low = filters.minPrice === null ? '' : formatMoney(filters.minPrice);
    const high = filters.maxPrice === null ? '' : formatMoney(filters.maxPrice);
    parts.push(`${LABEL_AMOUNT_RANGE} ${low} – ${high}`.trim());
  }
  return parts;
}
