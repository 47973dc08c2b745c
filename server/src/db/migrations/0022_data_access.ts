import { type Kysely, sql } from 'kysely';

import { onPostgres } from './frozen';

/**
 * Data access and consent (issue 28, DECISIONS "Data access and consent"):
 * - data_archives: "Descargar todos mis datos" prepared in the background. The file lives in DATA_DIR; the row
 *   says whose it is, whether it is ready, the hash of its download link's token and when the link expires
 *   (7 days). A partial unique index lets an account have one archive in preparation at a time, whichever
 *   process takes the call.
 * - access_records: every read of a supply's data by someone other than its holder, append-only, kept 2 years
 *   (the daily purge). Who is stored as shown (kind, initials, masked document), never an account's token or a
 *   request's query string.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_archives')
    .addColumn('id', 'integer', (column) =>
      onPostgres(db)
        ? column.primaryKey().generatedByDefaultAsIdentity()
        : column.primaryKey().autoIncrement(),
    )
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // 'preparing', 'ready' or 'failed'.
    .addColumn('status', 'text', (c) => c.notNull())
    // The file's name within DATA_DIR/archivos (no personal data).
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer')
    // SHA-256 of the download link's token, set when the archive is ready.
    .addColumn('token_hash', 'text')
    // Server clock (clock.ts), ISO 8601.
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ready_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await sql`CREATE UNIQUE INDEX data_archives_one_preparing ON data_archives (account_id) WHERE status = 'preparing'`.execute(
    db,
  );
  await db.schema.createIndex('data_archives_token').on('data_archives').column('token_hash').execute();
  await db.schema.createIndex('data_archives_expires').on('data_archives').column('expires_at').execute();
  await db.schema
    .createTable('access_records')
    .addColumn('id', 'integer', (column) =>
      onPostgres(db)
        ? column.primaryKey().generatedByDefaultAsIdentity()
        : column.primaryKey().autoIncrement(),
    )
    .addColumn('holder_id', 'integer', (c) => c.notNull().references('holders.id').onDelete('cascade'))
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('cups', 'text', (c) => c.notNull())
    // 'Administrador de fincas', later 'Persona autorizada'.
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_initials', 'text', (c) => c.notNull())
    .addColumn('actor_document', 'text', (c) => c.notNull())
    // 'Curva de carga', 'Telemedida', 'Facturas', 'Certificado', 'Descarga de documento', …
    .addColumn('data_kind', 'text', (c) => c.notNull())
    // Server clock (clock.ts), ISO 8601.
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The holder's record, newest first (and by supply); the purge by age.
  await db.schema
    .createIndex('access_records_holder')
    .on('access_records')
    .columns(['holder_id', 'created_at'])
    .execute();
  await db.schema.createIndex('access_records_created').on('access_records').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('access_records').execute();
  await db.schema.dropTable('data_archives').execute();
}
