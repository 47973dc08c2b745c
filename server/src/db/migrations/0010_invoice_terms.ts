import type { Kysely } from 'kysely';

/**
 * What a Spanish bill shows beyond its totals (issue 13): the terms it was computed from, kept as issued.
 * - invoices.detail: JSON of measurements/billing.ts BillDetail (energy and power per period with prices,
 *   peajes y cargos, readings, taxes); null for Varios and unified invoices, whose parts carry their own.
 * - invoices.surplus_kwh / compensation_amount: the self-consumption surplus and what it takes off the bill.
 * - invoices.rectifies_invoice_id: the invoice a rectifying one (series RE) corrects.
 * - holders.iban: the account the bills are charged to (printed masked).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('detail', 'text').execute();
  await db.schema.alterTable('invoices').addColumn('surplus_kwh', 'double precision').execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('compensation_amount', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('rectifies_invoice_id', 'integer', (c) => c.references('invoices.id'))
    .execute();
  await db.schema.alterTable('holders').addColumn('iban', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('holders').dropColumn('iban').execute();
  for (const column of ['rectifies_invoice_id', 'compensation_amount', 'surplus_kwh', 'detail']) {
    await db.schema.alterTable('invoices').dropColumn(column).execute();
  }
}
