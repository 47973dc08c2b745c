// Migrates and seeds the demo data into an empty DATA_DIR, timing the seed alone; prints {"seedMs": N}.
import { createDatabase } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrate';
import { seedDemoData } from '../../server/src/db/seed';

async function main() {
  const db = createDatabase({ dataDir: process.argv[2], databaseUrl: undefined, databaseSchema: undefined });
  await migrateToLatest(db);
  const started = performance.now();
  await seedDemoData(db);
  const seedMs = performance.now() - started;
  const { count } = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  await db.destroy();
  console.log(JSON.stringify({ seedMs, invoices: Number(count) }));
}

void main();
