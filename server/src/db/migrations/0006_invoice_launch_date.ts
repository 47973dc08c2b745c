import type { Kysely } from 'kysely';

import { analyze } from './frozen';

/**
 * Launch-date order over every invoice, and over each line's. A selection that holds most invoices (an
 * administrator's clients) finds its newest page by walking one of these from the end and stopping after the
 * page, instead of sorting every match of every client (data/invoiceSearch/).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('invoices_launch_date_idx').on('invoices').column('launch_date').execute();
  await db.schema
    .createIndex('invoices_line_launch_date_idx')
    .on('invoices')
    .columns(['line', 'launch_date'])
    .execute();
  // A database seeded before this migration has no statistics yet; without them the planner takes the
  // line index for one holder's invoices.
  await analyze(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invoices_line_launch_date_idx').execute();
  await db.schema.dropIndex('invoices_launch_date_idx').execute();
}
