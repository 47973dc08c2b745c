import { hashPassword } from '../../auth/passwords';
import type { Realm } from '../../auth/realm';
import { type Db, refreshPlannerStatistics } from '../database';
import { buildDemoData } from './demoData';
import { seedInvoices } from './invoices';
import { seedIssues } from './issues';
import { seedStaff } from './staff';
import { seedMeasurements } from './measurements';
import { powerColumns } from '../contractPowers';

export interface DemoAccountInfo {
  realm: Realm;
  username: string;
  password: string;
  description: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccountInfo[] = buildDemoData().accounts.map(
  ({ realm, username, password, description }) => ({ realm, username, password, description }),
);

function idsByKey<K extends string>(rows: { id: number }[], keys: K[]): Map<K, number> {
  return new Map(keys.map((key, i) => [key, rows[i].id]));
}

/**
 * Loads the demo data: the core (holders, supply points, contracts, accounts) into an empty database, then each
 * area's data into its own tables when they are empty, so a database made by an older version gains what is
 * new and restarts never duplicate or overwrite anything. Answers whether the core was loaded now.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  const seededCore = await seedCoreData(db);
  await seedIssues(db);
  await seedStaff(db);
  // Invoices are computed from the measurements: profiles first.
  await seedMeasurements(db);
  await seedInvoices(db);
  if (seededCore) await refreshPlannerStatistics(db);
  return seededCore;
}

async function seedCoreData(db: Db): Promise<boolean> {
  const existing = await db
    .selectFrom('holders')
    .select('id')
    .union(db.selectFrom('accounts').select('id'))
    .limit(1)
    .executeTakeFirst();
  if (existing) return false;

  const data = buildDemoData();
  // Hash before opening the transaction: scrypt is slow and SQLite has one writer at a time.
  const hashes = await Promise.all(data.accounts.map((a) => hashPassword(a.password)));
  const createdAt = new Date().toISOString();

  await db.transaction().execute(async (trx) => {
    const holderRows = await trx
      .insertInto('holders')
      .values(data.holders.map((h) => ({ ...h })))
      .returning('id')
      .execute();
    const holderId = idsByKey(
      holderRows,
      data.holders.map((h) => h.nif),
    );

    const administratorRows = await trx
      .insertInto('administrators')
      .values(data.administrators.map(({ nif, email, name }) => ({ nif, email, name })))
      .returning('id')
      .execute();
    const administratorId = idsByKey(
      administratorRows,
      data.administrators.map((a) => a.nif),
    );
    const links = data.administrators.flatMap((a) =>
      a.clientNifs.map((nif) => ({
        administrator_id: administratorId.get(a.nif)!,
        holder_id: holderId.get(nif)!,
      })),
    );
    if (links.length) await trx.insertInto('administrator_clients').values(links).execute();

    const pointRows = await trx
      .insertInto('supply_points')
      .values(data.supplyPoints)
      .returning('id')
      .execute();
    const pointId = idsByKey(
      pointRows,
      data.supplyPoints.map((p) => p.cups),
    );

    await trx
      .insertInto('contracts')
      .values(
        data.contracts.map(({ holderNif, cups, powers, ...contract }) => ({
          ...contract,
          holder_id: holderId.get(holderNif)!,
          supply_point_id: pointId.get(cups)!,
          ...powerColumns(powers),
        })),
      )
      .execute();

    await trx
      .insertInto('accounts')
      .values(
        data.accounts.map((a, i) => ({
          realm: a.realm,
          username: a.username,
          email: a.email,
          password_hash: hashes[i],
          holder_id: a.holderNif ? holderId.get(a.holderNif)! : null,
          administrator_id: a.administratorNif ? administratorId.get(a.administratorNif)! : null,
          telephone: a.telephone,
          given_name: a.given_name,
          family_name: a.family_name,
          last_name: a.last_name,
          validated: 1,
          created_at: createdAt,
        })),
      )
      .execute();
  });
  return true;
}
