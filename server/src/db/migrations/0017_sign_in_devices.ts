import type { Kysely } from 'kysely';

/**
 * sign_in_attempts.device_key: SHA-256 of the nonce of the device cookie the attempt came with (a browser that
 * signed in to that account before), null for a stranger. A known device's failures count against its cookie,
 * so strangers guessing a name never keep its owner out (OWASP "device cookies").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sign_in_attempts').addColumn('device_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sign_in_attempts').dropColumn('device_key').execute();
}
