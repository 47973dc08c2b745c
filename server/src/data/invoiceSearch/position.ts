import { sql } from 'kysely';

import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { filteredInvoices, type InvoiceFilters } from '../invoices';

/**
 * A page found from a position the kept counts give (keptSeek.ts, pricedSeek.ts): the same rows as
 * ORDER BY launch_date DESC, id DESC LIMIT/OFFSET, skipping only the matches of one date (or of one id bucket of it).
 */

/** The part of ordered counts that holds match number `offset` (0 = the first), and the matches before it. */
export function holding<Part>(parts: Part[], count: (part: Part) => number, offset: number) {
  let before = 0;
  for (const part of parts) {
    if (before + count(part) > offset) return { part, before };
    before += count(part);
  }
  return null;
}

/**
 * Where a page starts: on `launchDate` (below `idBelow` when given) after skipping `skip` matches; its last match
 * is no older than `lowest`.
 */
export interface Position {
  launchDate: string;
  idBelow: number | null;
  skip: number;
  lowest: string;
}

/**
 * A selection holding at least 1 in this many of the invoices in its dates and lines is dense: walking the launch
 * dates newest first reads at most about this many invoices per invoice of the page.
 */
const DENSE_SHARE = 20;

export const isDense = (matches: number, every: number) => matches * DENSE_SHARE >= every;

/**
 * The matches from a position on, newest first. A dense selection walks the launch-date index and checks each
 * invoice's holder; a sparse one reads its holders' invoices between the two dates and sorts those. The end date
 * is left out (the position is within it): with it SQLite took the end date as the range's end and read every
 * entry from there.
 */
export function seekQuery(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  position: Position,
  walk: boolean,
) {
  const query = filteredInvoices(db, account, { ...filters, from: position.lowest, until: null }, walk)
    .select('invoices.id')
    .orderBy('invoices.launch_date', 'desc')
    .orderBy('invoices.id', 'desc');
  if (position.idBelow === null) return query.where('invoices.launch_date', '<=', position.launchDate);
  return query.where(
    sql<boolean>`(${sql.ref('invoices.launch_date')}, ${sql.ref('invoices.id')}) < (${position.launchDate}, ${position.idBelow})`,
  );
}

/** `size` ids from the position. */
export async function pageFrom(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  position: Position,
  size: number,
  walk: boolean,
): Promise<number[]> {
  const rows = await seekQuery(db, account, filters, position, walk)
    .limit(size)
    .offset(position.skip)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The position of match number `offset` in matches counted per launch date (newest first), and the date of the
 * page's last match; null past the last match.
 */
export function datePosition(
  days: { launchDate: string; count: number }[],
  offset: number,
  size: number,
): { day: { launchDate: string; count: number }; before: number; lowest: string } | null {
  const first = holding(days, (day) => day.count, offset);
  if (!first) return null;
  const last = holding(days, (day) => day.count, offset + size - 1);
  return { day: first.part, before: first.before, lowest: (last?.part ?? days[days.length - 1]).launchDate };
}
