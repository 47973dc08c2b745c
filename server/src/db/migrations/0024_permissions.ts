import type { Kysely } from 'kysely';

import { onPostgres } from './frozen';

/**
 * Permissions for someone you trust (issue 28, DECISIONS "Data access and consent"):
 * - access_grants: a holder's account lets the person with a document (NIF/NIE/CIF, stored normalised) read
 *   some of its supplies from their own customer account, from a day to a day (at most 2 years, local dates
 *   'YYYY-MM-DD' by the server clock) with a scope: 'consumo' (telemetry, load curve, explorer, certificate) or
 *   'consumo_facturas' (also invoices and the contract PDF). Revoked when revoked_at is set (effective on the
 *   next call); expired_at is when the daily job found it past its end (its e-mail sent once).
 * - access_grant_contracts: the supplies a grant covers ("all" is every supply at the time of granting).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('access_grants')
    .addColumn('id', 'integer', (column) =>
      onPostgres(db)
        ? column.primaryKey().generatedByDefaultAsIdentity()
        : column.primaryKey().autoIncrement(),
    )
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('grantee_document', 'text', (c) => c.notNull())
    .addColumn('all_supplies', 'integer', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('starts_on', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text', (c) => c.notNull())
    // Server clock (clock.ts), ISO 8601.
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('expired_at', 'text')
    .execute();
  // The grantee's supplies on every call; the holder's list; the daily look for the ones past their end.
  await db.schema
    .createIndex('access_grants_grantee')
    .on('access_grants')
    .column('grantee_document')
    .execute();
  await db.schema.createIndex('access_grants_account').on('access_grants').column('account_id').execute();
  await db.schema.createIndex('access_grants_ends').on('access_grants').column('ends_on').execute();
  await db.schema
    .createTable('access_grant_contracts')
    .addColumn('grant_id', 'integer', (c) => c.notNull().references('access_grants.id').onDelete('cascade'))
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('access_grant_contracts_pk', ['grant_id', 'contract_id'])
    .execute();
  await db.schema
    .createIndex('access_grant_contracts_contract')
    .on('access_grant_contracts')
    .column('contract_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('access_grant_contracts').execute();
  await db.schema.dropTable('access_grants').execute();
}
