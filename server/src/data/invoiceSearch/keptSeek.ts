import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import type { InvoiceFilters } from '../invoices';
import { ID_BUCKET, keptCounts, type KeptSummary, summed } from './keptCounts';
import type { Asked, Found } from './plan';
import { datePosition, holding, isDense, pageFrom, type Position } from './position';

/**
 * Wins for an administrator's whole portfolio by dates, lines and kinds when it holds more invoices than are
 * worth sorting (plan.ts): the counts are the kept counts the plan already read, and the page starts where they
 * place it (the date, then the id bucket of that date), so no page costs more than the first.
 */
export async function keptSeek(
  db: Db,
  account: Account,
  filters: InvoiceFilters,
  summary: KeptSummary,
  asked: Asked,
): Promise<Found> {
  if (!asked.page) return { counts: summary.byLine, ids: [] };
  const { size } = asked.page;
  const position = await bucketPosition(db, filters, summary, (asked.page.number - 1) * size, size);
  const ids = position
    ? await pageFrom(db, account, filters, position, size, isDense(summary.total, summary.every))
    : [];
  return { counts: summary.byLine, ids };
}

/**
 * Where match number `offset` lies: its launch date, then (one date may hold tens of thousands of invoices) the
 * bucket of ids that holds it, read from that date's counts; null past the last match.
 */
export async function bucketPosition(
  db: Db,
  filters: InvoiceFilters,
  summary: KeptSummary,
  offset: number,
  size: number,
): Promise<Position | null> {
  const found = datePosition(summary.days, offset, size);
  if (!found) return null;
  const buckets = await keptCounts(db, summary.administratorId, filters)
    .where('launch_date', '=', found.day.launchDate)
    .select(['id_bucket', summed.as('count')])
    .groupBy('id_bucket')
    .orderBy('id_bucket', 'desc')
    .execute();
  const bucket = holding(buckets, (candidate) => Number(candidate.count), offset - found.before);
  if (!bucket) throw new Error('invoice_counts: los cubos de un día no suman su cuenta');
  return {
    launchDate: found.day.launchDate,
    idBelow: (Number(bucket.part.id_bucket) + 1) * ID_BUCKET,
    skip: offset - found.before - bucket.before,
    lowest: found.lowest,
  };
}
