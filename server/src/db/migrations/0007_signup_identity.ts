import type { Kysely } from 'kysely';

/**
 * What a sign-up sends beyond the NIF of the supply points' holder (spec 01 §3): the signer's own document
 * (type and number, which differ from the holder's when the signer is not the holder), the holder's CIF as
 * given and the role. Accounts made before this migration have no document on record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('accounts').addColumn('document_type', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('document_number', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('owner_cif', 'text').execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('access'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['role', 'owner_cif', 'document_number', 'document_type']) {
    await db.schema.alterTable('accounts').dropColumn(column).execute();
  }
}
