import type { Db } from '../db/database';
import type { InvoiceKind, Line } from '../db/schema';

/**
 * What a unified invoice (kind U) covers, read from its proformas: how many supplies, and the reading dates and
 * tariff only where every supply shares them. A unified row borrows its first part's contract, so without
 * this it would show one supply's CUPS and dates as if they were the whole invoice's.
 */
export interface UnifiedParts {
  supplies: number;
  /** The billing period every part shares; both null when the parts' periods differ. */
  readingFrom: string | null;
  readingUntil: string | null;
  /** The access tariff every part shares; null when they differ. */
  tariff: string | null;
}

interface UnifiedKey {
  kind: InvoiceKind;
  line: Line;
  serie_unica: string | null;
  numero_unica: string | null;
}

/** A unified invoice and its proformas share line, unified series and number (unique per line). */
const keyOf = (invoice: Pick<UnifiedKey, 'line' | 'serie_unica' | 'numero_unica'>) =>
  `${invoice.line}|${invoice.serie_unica}|${invoice.numero_unica}`;

const shared = <T>(low: T | null, high: T | null) => (low !== null && low === high ? low : null);

/** The parts of the unified invoices among the given rows, keyed for unifiedPartsFor; one query. */
export async function unifiedPartsOf(db: Db, invoices: UnifiedKey[]): Promise<Map<string, UnifiedParts>> {
  const unified = invoices.filter((invoice) => invoice.kind === 'U' && invoice.numero_unica !== null);
  if (!unified.length) return new Map();
  const rows = await db
    .selectFrom('invoices')
    .where('kind', '=', 'P')
    .where('numero_unica', 'in', [...new Set(unified.map((invoice) => invoice.numero_unica!))])
    .select((eb) => [
      'line',
      'serie_unica',
      'numero_unica',
      eb.fn.countAll<number | string>().as('supplies'),
      eb.fn.min('reading_from').as('from_low'),
      eb.fn.max('reading_from').as('from_high'),
      eb.fn.min('reading_until').as('until_low'),
      eb.fn.max('reading_until').as('until_high'),
      eb.fn.min('tariff').as('tariff_low'),
      eb.fn.max('tariff').as('tariff_high'),
    ])
    .groupBy(['line', 'serie_unica', 'numero_unica'])
    .execute();
  const parts = new Map<string, UnifiedParts>();
  for (const row of rows) {
    const from = shared(row.from_low, row.from_high);
    const until = shared(row.until_low, row.until_high);
    const sharesPeriod = from !== null && until !== null;
    parts.set(keyOf(row), {
      supplies: Number(row.supplies),
      readingFrom: sharesPeriod ? from : null,
      readingUntil: sharesPeriod ? until : null,
      tariff: shared(row.tariff_low, row.tariff_high),
    });
  }
  return parts;
}

/** The parts of one row: undefined for anything but a unified invoice. */
export function unifiedPartsFor(
  parts: Map<string, UnifiedParts>,
  invoice: UnifiedKey,
): UnifiedParts | undefined {
  return invoice.kind === 'U' ? parts.get(keyOf(invoice)) : undefined;
}
