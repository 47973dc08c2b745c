import type { Kysely } from 'kysely';

import { onPostgres } from './frozen';

/**
 * Server-side state of signing in, shared by every process on the database:
 * - sessions: one row per sign-in; each access token names its row (`sid`) and every signed-in call checks it
 *   is not ended, so logout and password changes take effect at once, whatever the token's `exp` says.
 *   refresh_tokens.session_id ties a refresh token to its session, so logging out with it ends that session.
 * - sign_in_attempts: one row per sign-in attempt, keyed by hashes of the normalised user name and of the
 *   client address (neither is stored in clear), for the limits per name, per address and per both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_account_idx').on('sessions').column('account_id').execute();
  await db.schema.alterTable('refresh_tokens').addColumn('session_id', 'text').execute();

  await db.schema
    .createTable('sign_in_attempts')
    .addColumn('id', 'integer', (column) =>
      onPostgres(db)
        ? column.primaryKey().generatedByDefaultAsIdentity()
        : column.primaryKey().autoIncrement(),
    )
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('ip_key', 'text', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_attempts_name_idx')
    .on('sign_in_attempts')
    .columns(['name_key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('sign_in_attempts_ip_idx')
    .on('sign_in_attempts')
    .columns(['ip_key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('sign_in_attempts_created_idx')
    .on('sign_in_attempts')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_attempts').execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('session_id').execute();
  await db.schema.dropTable('sessions').execute();
}
