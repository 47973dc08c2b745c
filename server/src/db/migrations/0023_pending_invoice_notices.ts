import type { Kysely } from 'kysely';

/**
 * Invoices whose notices are still to be queued (server/src/jobs/billing.ts). The billing run writes a row here in
 * the transaction that writes the invoice, and the notifying step deletes it once the notices are queued; so a
 * process that dies between the two leaves the row, and the next run announces the invoice (the notices' own
 * keys, notifications_sent, keep a repeated announcement from sending twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_invoice_notices')
    .addColumn('invoice_id', 'integer', (c) => c.primaryKey().references('invoices.id').onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_invoice_notices').execute();
}
