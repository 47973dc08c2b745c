import { sql } from 'kysely';

import { hashPassword } from '../../auth/passwords';
import { type Db, isPostgres } from '../database';
import type { Line } from '../schema';
import { seedFromCode } from '../../measurements/loadProfile';
import {
  type BillableContract,
  type BillCache,
  contractInvoices,
  InvoiceNumbering,
  linkRectifyingInvoices,
  type InvoiceRow,
  seedMonthRange,
} from './invoices';
import { Random } from './random';
import { cifControl, cupsControl } from './spanishIds';
import { COMMUNITY_LOAD_FACTOR } from './measurements';
import { contractPowers, powerColumns } from '../contractPowers';

export const SCALE_ADMINISTRATOR = { username: 'escala@fincas.example', password: 'Escala2024!' };

/** Every scale client has four electricity and two gas contracts: about 200 invoices over three years. */
const CLIENT_PLAN: { line: Line; tariff: string; fee: string }[] = [
  { line: 'Electricidad', tariff: '2.0TD', fee: '2.0TD' },
  { line: 'Electricidad', tariff: '2.0TD', fee: '2.0TD' },
  { line: 'Electricidad', tariff: '3.0TD', fee: '3.0TD' },
  { line: 'Electricidad', tariff: '3.0TD', fee: '3.0TD' },
  { line: 'Gas', tariff: 'RL.2', fee: '3.2' },
  { line: 'Gas', tariff: 'RL.3', fee: '3.3' },
];
export const INVOICES_PER_CLIENT = 200;
const CLIENTS_PER_BATCH = 50;
/**
 * Scale contracts share a few load profiles (by serial), so their bills repeat and are computed once: a million
 * invoices would otherwise cost hours of hourly sums. Each invoice still equals its contract's measurements.
 */
const PROFILE_VARIANTS = 8;
const COMMUNITY_POWER: Record<string, number> = { '2.0TD': 10.39, '3.0TD': 30 };
const SCALE_SEED = 20240607;
// Codes and numbers far above the demo data's, so both live in one database.
const FIRST_CONTRACT_CODE = 900_000_000;
const FIRST_INVOICE_NUMBER = 500_000;

async function insertChunked<T>(db: Db, table: 'invoices' | 'administrator_clients', rows: T[], chunk = 500) {
  for (let i = 0; i < rows.length; i += chunk) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + chunk) as never)
      .execute();
  }
}

export interface ScaleResult {
  created: boolean;
  clients: number;
  invoices: number;
}

/**
 * An administrator of `clients` comunidades de propietarios with INVOICES_PER_CLIENT invoices each
 * (5,000 clients: 1,000,000 invoices), in one transaction. Not part of the demo seed: run it on purpose
 * (npm run seed:scale). Does nothing if the scale administrator exists already.
 */
export async function seedScale(
  db: Db,
  clients: number,
  progress: (done: number) => void = () => {},
): Promise<ScaleResult> {
  const existing = await db
    .selectFrom('accounts')
    .select('id')
    .where('realm', '=', 'fincas')
    .where('username', '=', SCALE_ADMINISTRATOR.username)
    .executeTakeFirst();
  if (existing) return { created: false, clients: 0, invoices: 0 };

  const passwordHash = await hashPassword(SCALE_ADMINISTRATOR.password);
  const random = new Random(SCALE_SEED);
  const numbering = new InvoiceNumbering(FIRST_INVOICE_NUMBER);
  const { firstMonth, lastMonth } = seedMonthRange();
  const bills: BillCache = new Map();
  let invoices = 0;

  const restoreMemory = await bulkMemory(db);
  const seeded = db.transaction().execute(async (trx) => {
    // Province 08 (Barcelona): the demo data use other provinces, so these CIFs cannot collide.
    const adminDigits = '0899999';
    const administrator = await trx
      .insertInto('administrators')
      .values({
        nif: `B${adminDigits}${cifControl('B', adminDigits)}`,
        email: SCALE_ADMINISTRATOR.username,
        name: 'Administraciones a Escala S.L.',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('accounts')
      .values({
        realm: 'fincas',
        username: SCALE_ADMINISTRATOR.username,
        email: SCALE_ADMINISTRATOR.username,
        password_hash: passwordHash,
        holder_id: null,
        administrator_id: administrator.id,
        telephone: '931000000',
        given_name: 'Administraciones a Escala S.L.',
        family_name: '',
        last_name: '',
        validated: 1,
        created_at: new Date().toISOString(),
      })
      .execute();

    const triggers = await insertTriggersAside(trx);
    for (let first = 0; first < clients; first += CLIENTS_PER_BATCH) {
      const batch = Array.from({ length: Math.min(CLIENTS_PER_BATCH, clients - first) }, (_, i) => first + i);
      const holders = await trx
        .insertInto('holders')
        .values(
          batch.map((n) => {
            const digits = `08${String(n).padStart(5, '0')}`;
            return {
              nif: `H${digits}${cifControl('H', digits)}`,
              name: `Comunidad de Propietarios Calle de Aragó ${n + 1}`,
              first_surname: null,
              second_surname: null,
              email: null,
              phone: `93${String(n).padStart(7, '0')}`,
              is_company: 1,
            };
          }),
        )
        .returning('id')
        .execute();
      await insertChunked(
        trx,
        'administrator_clients',
        holders.map((holder) => ({ administrator_id: administrator.id, holder_id: holder.id })),
      );

      const plans = holders.flatMap((holder, h) =>
        CLIENT_PLAN.map((plan, p) => ({ holder, plan, serial: (first + h) * CLIENT_PLAN.length + p })),
      );
      const points = await trx
        .insertInto('supply_points')
        .values(
          plans.map(({ plan, serial }) => {
            const digits = `${plan.line === 'Gas' ? '0217' : '0031'}9${String(serial).padStart(11, '0')}`;
            return {
              cups: `ES${digits}${cupsControl(digits)}`,
              line: plan.line,
              street: 'Calle de Aragó',
              number: String((serial % 400) + 1),
              extension: null,
              postal_code: '08011',
              city: 'Barcelona',
              province: 'Barcelona',
            };
          }),
        )
        .returning('id')
        .execute();
      const contractRows = plans.map(({ holder, plan, serial }, i) => {
        const power = plan.line === 'Gas' ? null : COMMUNITY_POWER[plan.tariff];
        const powers =
          plan.tariff === '2.0TD' ? [power, power, null, null, null, null] : Array(6).fill(power);
        return {
          code: String(FIRST_CONTRACT_CODE + serial),
          sicom_code: `S9${String(serial).padStart(8, '0')}`,
          holder_id: holder.id,
          supply_point_id: points[i].id,
          line: plan.line,
          tariff: plan.tariff,
          access_fee: plan.fee,
          start_date: '2015-01-01',
          end_date: null,
          state: 'Contrato' as const,
          ...powerColumns(powers),
          caudal: plan.line === 'Gas' ? (plan.tariff === 'RL.2' ? 40 : 150) : null,
        };
      });
      const contracts = await trx.insertInto('contracts').values(contractRows).returning('id').execute();
      const profiles = contracts.flatMap((contract, i) => {
        const row = contractRows[i];
        if (row.line === 'Gas') return [];
        const variant = plans[i].serial % PROFILE_VARIANTS;
        return [
          {
            contract_id: contract.id,
            kind: 'terciario' as const,
            mean_kw: Math.round(row.power_p1! * COMMUNITY_LOAD_FACTOR * 1000) / 1000,
            solar_kw: 0,
            seed: seedFromCode(`escala-${variant}`),
          },
        ];
      });
      await trx.insertInto('measurement_profiles').values(profiles).execute();
      const profileOf = new Map(profiles.map((profile) => [profile.contract_id, profile]));
      const rows: InvoiceRow[] = [];
      contracts.forEach((contract, i) => {
        const row = contractRows[i];
        const profile = profileOf.get(contract.id);
        const billable: BillableContract = {
          ...row,
          id: contract.id,
          powers: contractPowers(row),
          profile: profile
            ? { kind: profile.kind, meanKw: profile.mean_kw, solarKw: 0, seed: profile.seed }
            : null,
          unifyGroup: row.line,
        };
        rows.push(
          ...contractInvoices(billable, firstMonth, lastMonth, random, numbering, {
            cache: bills,
            withDetail: false,
          }),
        );
      });
      await insertChunked(trx, 'invoices', rows);
      invoices += rows.length;
      progress(first + batch.length);
    }
    await triggers.restore();
    await linkRectifyingInvoices(trx);
  });
  await seeded.finally(restoreMemory);
  return { created: true, clients, invoices };
}

/**
 * SQLite: for the seed's connection, a page cache large enough for the transaction's working set (256 MB instead
 * of 16) and sorts in memory. With the defaults, the rebuilt indexes and the kept counts' GROUP BYs sorted
 * through temporary files and the cache spilled pages to the WAL while the transaction ran: the 1M-invoice seed
 * wrote 2.07 GB for a 430 MB database, 1.06 GB with these (issue 30). Answers what puts the defaults back.
 */
async function bulkMemory(db: Db): Promise<() => Promise<void>> {
  if (isPostgres(db)) return async () => {};
  const [{ cache_size: cacheSize }] = (await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db)).rows;
  const [{ temp_store: tempStore }] = (await sql<{ temp_store: number }>`PRAGMA temp_store`.execute(db)).rows;
  await sql`PRAGMA cache_size = -262144`.execute(db);
  await sql`PRAGMA temp_store = MEMORY`.execute(db);
  return async () => {
    await sql.raw(`PRAGMA cache_size = ${Number(cacheSize)}`).execute(db);
    await sql.raw(`PRAGMA temp_store = ${Number(tempStore)}`).execute(db);
  };
}

/**
 * SQLite: what runs for each inserted invoice is set aside until `restore`, all inside the caller's transaction.
 * - The triggers (the kept counts of data/invoiceSearch, whose upserts took much of the 1M-invoice seed's time,
 *   issue 30): `restore` runs each once as one statement over every invoice inserted meanwhile (its own text,
 *   with those rows in place of NEW) and puts it back. The triggers on a new client link count that holder's
 *   invoices: the seed links each holder before it has any, so they count nothing, and without the invoices'
 *   indexes each would read every invoice; they are only put back.
 * - The invoices' own indexes (seven): a million inserts into each, in key order only for the last, cost most of
 *   what was left; `restore` builds each again in one sorted pass, before the triggers' statements read them.
 *   Their planner statistics (sqlite_stat1) are put back as they were, so the planner sees what it saw before;
 *   `npm run seed:scale` refreshes them after.
 * PostgreSQL keeps its per-row triggers and its indexes.
 */
async function insertTriggersAside(trx: Db): Promise<{ restore: () => Promise<void> }> {
  if (isPostgres(trx)) return { restore: async () => {} };
  const { rows: triggers } = await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master
    WHERE type = 'trigger' AND tbl_name = 'invoices' AND sql LIKE '%AFTER INSERT ON invoices%'`.execute(trx);
  // Indexes created by a statement (not those of a primary key or a unique constraint, whose sql is null).
  const { rows: indexes } = await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master
    WHERE type = 'index' AND tbl_name = 'invoices' AND sql IS NOT NULL`.execute(trx);
  const { rows: statistics } = await sql<{ idx: string; stat: string }>`SELECT idx, stat FROM sqlite_stat1
    WHERE tbl = 'invoices' AND idx IN (SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'invoices'
    AND sql IS NOT NULL)`
    .execute(trx)
    .catch(() => ({ rows: [] })); // no sqlite_stat1 before a first ANALYZE
  const { rows } = await sql<{ last: number }>`SELECT coalesce(max(id), 0) AS last FROM invoices`.execute(
    trx,
  );
  const bulk = triggers.map((trigger) => bulkStatement(trigger.sql, rows[0].last));
  const { rows: linkTriggers } = await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master
    WHERE type = 'trigger' AND tbl_name = 'administrator_clients' AND sql LIKE '%AFTER INSERT ON%'`.execute(
    trx,
  );
  for (const { name } of [...triggers, ...linkTriggers]) await sql`DROP TRIGGER ${sql.id(name)}`.execute(trx);
  for (const { name } of indexes) await sql`DROP INDEX ${sql.id(name)}`.execute(trx);
  return {
    async restore() {
      for (const index of indexes) await sql.raw(index.sql).execute(trx);
      for (const { idx, stat } of statistics) {
        await sql`INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES ('invoices', ${idx}, ${stat})`.execute(
          trx,
        );
      }
      if (statistics.length > 0) await sql`ANALYZE sqlite_schema`.execute(trx);
      for (const [i, trigger] of triggers.entries()) {
        await sql.raw(bulk[i]).execute(trx);
        await sql.raw(trigger.sql).execute(trx);
      }
      for (const trigger of linkTriggers) await sql.raw(trigger.sql).execute(trx);
    },
  };
}

/**
 * A row trigger's statement over every invoice after id `after`: its rows `(SELECT NEW.a AS a, …) r` read from
 * the table instead. A trigger written otherwise is refused rather than run wrong.
 */
export function bulkStatement(trigger: string, after: number): string {
  const body = /\bBEGIN\s+([\s\S]*?);\s*END\s*$/.exec(trigger)?.[1] ?? '';
  const statement = body.replace(
    /\(SELECT ((?:NEW\.\w+ AS \w+, )*NEW\.\w+ AS \w+)\) r\b/g,
    (_, columns: string) => `(SELECT ${columns.replaceAll('NEW.', '')} FROM invoices WHERE id > ${after}) r`,
  );
  if (!statement || statement === body || /\bNEW\./.test(statement)) {
    throw new Error(`Disparador de facturas con otra forma: ${trigger.slice(0, 80)}`);
  }
  return statement;
}
