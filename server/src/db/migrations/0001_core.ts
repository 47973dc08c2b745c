import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';

import { onPostgres } from './frozen';

function identity(db: Kysely<unknown>): (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return onPostgres(db)
    ? (column) => column.primaryKey().generatedByDefaultAsIdentity()
    : (column) => column.primaryKey().autoIncrement();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const id = identity(db);

  await db.schema
    .createTable('holders')
    .addColumn('id', 'integer', id)
    .addColumn('nif', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('first_surname', 'text')
    .addColumn('second_surname', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('is_company', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('administrators')
    .addColumn('id', 'integer', id)
    .addColumn('nif', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('administrator_clients')
    .addColumn('administrator_id', 'integer', (c) =>
      c.notNull().references('administrators.id').onDelete('cascade'),
    )
    .addColumn('holder_id', 'integer', (c) => c.notNull().references('holders.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('administrator_clients_pk', ['administrator_id', 'holder_id'])
    .execute();
  await db.schema
    .createIndex('administrator_clients_holder_idx')
    .on('administrator_clients')
    .column('holder_id')
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'integer', id)
    .addColumn('realm', 'text', (c) => c.notNull().check(sql`realm in ('cliente', 'fincas')`))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('holder_id', 'integer', (c) => c.references('holders.id'))
    .addColumn('administrator_id', 'integer', (c) => c.references('administrators.id'))
    .addColumn('telephone', 'text')
    .addColumn('given_name', 'text', (c) => c.notNull())
    .addColumn('family_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('validated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // User names and e-mails are compared without case at sign-in, so uniqueness must ignore case too.
  await db.schema
    .createIndex('accounts_realm_username_uq')
    .on('accounts')
    .unique()
    .expression(sql`realm, lower(username)`)
    .execute();
  await db.schema
    .createIndex('accounts_realm_email_uq')
    .on('accounts')
    .unique()
    .expression(sql`realm, lower(email)`)
    .execute();
  await db.schema.createIndex('accounts_holder_idx').on('accounts').column('holder_id').execute();
  await db.schema
    .createIndex('accounts_administrator_idx')
    .on('accounts')
    .column('administrator_id')
    .execute();

  await db.schema
    .createTable('supply_points')
    .addColumn('id', 'integer', id)
    .addColumn('cups', 'text', (c) => c.notNull().unique())
    .addColumn('line', 'text', (c) => c.notNull().check(sql`line in ('Electricidad', 'Gas')`))
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('extension', 'text')
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('province', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contracts')
    .addColumn('id', 'integer', id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('sicom_code', 'text', (c) => c.notNull())
    .addColumn('holder_id', 'integer', (c) => c.notNull().references('holders.id'))
    .addColumn('supply_point_id', 'integer', (c) => c.notNull().references('supply_points.id'))
    .addColumn('line', 'text', (c) => c.notNull().check(sql`line in ('Electricidad', 'Gas')`))
    .addColumn('tariff', 'text', (c) => c.notNull())
    .addColumn('access_fee', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('Contrato', 'Baja', 'En tramitación')`),
    )
    .addColumn('power_p1', 'double precision')
    .addColumn('power_p2', 'double precision')
    .addColumn('power_p3', 'double precision')
    .addColumn('power_p4', 'double precision')
    .addColumn('power_p5', 'double precision')
    .addColumn('power_p6', 'double precision')
    .addColumn('caudal', 'double precision')
    .execute();
  await db.schema
    .createIndex('contracts_holder_line_idx')
    .on('contracts')
    .columns(['holder_id', 'line'])
    .execute();
  await db.schema
    .createIndex('contracts_supply_point_idx')
    .on('contracts')
    .column('supply_point_id')
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('refresh_tokens_account_idx')
    .on('refresh_tokens')
    .column('account_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'refresh_tokens',
    'contracts',
    'supply_points',
    'accounts',
    'administrator_clients',
    'administrators',
    'holders',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
