import type { Kysely } from 'kysely';

/**
 * The customer e-mails of issue 26 (server/src/notifications/):
 * - mail_queue.headers: extra headers of a message as JSON (List-Unsubscribe and its one-click partner).
 * - notification_preferences: a kind switched off by an account; no row means on (the default).
 * - notifications_sent: one row per kind, recipient and subject (contract and period, or request and change);
 *   its primary key makes a second run queue nothing.
 * - issues.next_status / next_status_at: a change of state the retailer has scheduled (the demo's requests move
 *   on when the clock passes it).
 * - accounts.last_sign_in_at / previous_sign_in_at: the home marks what is new since the previous sign-in.
 * - measurement_profiles.step_from / step_factor: from that day the supply draws step_factor times its usual
 *   power (a new heat pump or car charger); null keeps the model as it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_queue').addColumn('headers', 'text').execute();
  await db.schema
    .createTable('notification_preferences')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['account_id', 'kind'])
    .execute();
  await db.schema
    .createTable('notifications_sent')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('subject_key', 'text', (c) => c.notNull())
    .addColumn('mail_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notifications_sent_pk', ['kind', 'account_id', 'subject_key'])
    .execute();
  await db.schema.alterTable('issues').addColumn('next_status', 'text').execute();
  await db.schema.alterTable('issues').addColumn('next_status_at', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('last_sign_in_at', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('previous_sign_in_at', 'text').execute();
  await db.schema.alterTable('measurement_profiles').addColumn('step_from', 'text').execute();
  await db.schema.alterTable('measurement_profiles').addColumn('step_factor', 'double precision').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('measurement_profiles').dropColumn('step_factor').execute();
  await db.schema.alterTable('measurement_profiles').dropColumn('step_from').execute();
  await db.schema.alterTable('accounts').dropColumn('previous_sign_in_at').execute();
  await db.schema.alterTable('accounts').dropColumn('last_sign_in_at').execute();
  await db.schema.alterTable('issues').dropColumn('next_status_at').execute();
  await db.schema.alterTable('issues').dropColumn('next_status').execute();
  await db.schema.dropTable('notifications_sent').execute();
  await db.schema.dropTable('notification_preferences').execute();
  await db.schema.alterTable('mail_queue').dropColumn('headers').execute();
}
