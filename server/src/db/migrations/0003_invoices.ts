import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';

import { onPostgres } from './frozen';

function identity(db: Kysely<unknown>): (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return onPostgres(db)
    ? (column) => column.primaryKey().generatedByDefaultAsIdentity()
    : (column) => column.primaryKey().autoIncrement();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'integer', identity(db))
    // The holder is copied from the contract so every scoped query filters one indexed column.
    .addColumn('holder_id', 'integer', (c) => c.notNull().references('holders.id'))
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id'))
    .addColumn('line', 'text', (c) => c.notNull().check(sql`line in ('Electricidad', 'Gas')`))
    // F simple invoice, U unified invoice (several contracts), P proforma (one contract's part of a U).
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('F', 'U', 'P')`))
    .addColumn('serie', 'text', (c) => c.notNull())
    .addColumn('bill_number', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().check(sql`category in ('NO', 'VA')`))
    .addColumn('launch_date', 'text', (c) => c.notNull())
    .addColumn('reading_from', 'text')
    .addColumn('reading_until', 'text')
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('EUR'))
    .addColumn('serie_unica', 'text')
    .addColumn('numero_unica', 'text')
    .addColumn('can_download', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('has_proformas', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tariff', 'text', (c) => c.notNull())
    .addColumn('consumption_kwh', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('consumption_p1', 'double precision')
    .addColumn('consumption_p2', 'double precision')
    .addColumn('consumption_p3', 'double precision')
    .addColumn('consumption_p4', 'double precision')
    .addColumn('consumption_p5', 'double precision')
    .addColumn('consumption_p6', 'double precision')
    .addColumn('power_read_p1', 'double precision')
    .addColumn('energy_amount', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('power_amount', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_amount', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('rental_amount', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('vat_amount', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();

  // Number first: with line first the planner would take it for line-only filters and scan whole lines.
  await db.schema
    .createIndex('invoices_number_uq')
    .on('invoices')
    .unique()
    .columns(['bill_number', 'serie', 'line'])
    .execute();
  // Lists and counts of a holder (or an administrator's holders) by line and launch date: the trailing
  // columns let counts with the kind and price filters be answered from the index alone.
  await db.schema
    .createIndex('invoices_holder_line_date_idx')
    .on('invoices')
    .columns(['holder_id', 'line', 'launch_date', 'kind', 'amount'])
    .execute();
  await db.schema
    .createIndex('invoices_contract_date_idx')
    .on('invoices')
    .columns(['contract_id', 'launch_date'])
    .execute();
  await db.schema
    .createIndex('invoices_unica_idx')
    .on('invoices')
    .columns(['numero_unica', 'serie_unica'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoices').execute();
}
