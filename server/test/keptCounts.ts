import { sql } from 'kysely';

import { ID_BUCKET } from '../src/data/invoiceSearch/keptCounts';
import { AMOUNT_BAND_WIDTHS } from '../src/data/invoiceSearch/pricedSeek';
import type { Db } from '../src/db/database';

/** Rows as sorted text, to compare whatever order each database returns them in. */
const asText = (rows: unknown[]) =>
  rows
    .map((row) =>
      Object.values(row as object)
        .map(String)
        .join('|'),
    )
    .sort();

/** The kept counts (per date, and per amount band) as rows, and the same rows counted again from the invoices. */
export async function keptAndRecounted(db: Db) {
  const bucket = sql.raw(`i.id / ${ID_BUCKET}`);
  const kept =
    await sql`SELECT administrator_id, launch_date, id_bucket, line, kind, count FROM invoice_counts
    WHERE count <> 0`.execute(db);
  const recounted = await sql`
      SELECT 0 AS administrator_id, i.launch_date, ${bucket} AS id_bucket, i.line, i.kind, count(*) AS count
      FROM invoices i GROUP BY i.launch_date, ${bucket}, i.line, i.kind
      UNION ALL
      SELECT c.administrator_id, i.launch_date, ${bucket}, i.line, i.kind, count(*)
      FROM invoices i JOIN administrator_clients c ON c.holder_id = i.holder_id
      GROUP BY c.administrator_id, i.launch_date, ${bucket}, i.line, i.kind`.execute(db);
  const keptAmounts = await sql`SELECT administrator_id, line, width, band, launch_date, kind, count
    FROM invoice_amount_counts WHERE count <> 0`.execute(db);
  const widths = sql.raw(AMOUNT_BAND_WIDTHS.map((width) => `SELECT ${width} AS width`).join(' UNION ALL '));
  const band = sql.raw('CAST(floor(i.amount / w.width) AS integer)');
  const recountedAmounts = await sql`
      SELECT c.administrator_id, i.line, w.width, ${band} AS band, i.launch_date, i.kind, count(*) AS count
      FROM invoices i JOIN administrator_clients c ON c.holder_id = i.holder_id CROSS JOIN (${widths}) w
      GROUP BY c.administrator_id, i.line, w.width, ${band}, i.launch_date, i.kind`.execute(db);
  return {
    kept: [...asText(kept.rows), ...asText(keptAmounts.rows)],
    recounted: [...asText(recounted.rows), ...asText(recountedAmounts.rows)],
  };
}
