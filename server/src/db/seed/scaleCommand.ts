import { loadConfig } from '../../config';
import { compactKeptCounts, createDatabase, refreshPlannerStatistics } from '../database';
import { migrateToLatest } from '../migrate';
import { seedDemoData } from './index';
import { INVOICES_PER_CLIENT, SCALE_ADMINISTRATOR, seedScale } from './scale';

/**
 * npm run seed:scale [-- --clients 5000]: the scale administrator (1,000,000 invoices across 5,000 clients
 * by default) in the database of DATA_DIR / DATABASE_URL. The demo data are loaded first when the database
 * is empty, since the server seeds them only into an empty database.
 */
async function main(): Promise<void> {
  const flag = process.argv.indexOf('--clients');
  const clients = flag > 0 ? Number(process.argv[flag + 1]) : 5000;
  if (!Number.isInteger(clients) || clients < 1 || clients > 20_000) {
    throw new Error('--clients debe ser un número entero entre 1 y 20000');
  }
  const config = loadConfig();
  const db = createDatabase(config);
  try {
    await migrateToLatest(db, config.databaseSchema);
    await seedDemoData(db);
    const started = Date.now();
    console.log(`Creando ${clients} clientes con unas ${clients * INVOICES_PER_CLIENT} facturas…`);
    const result = await seedScale(db, clients, (done) => {
      if (done % 500 === 0 || done === clients) console.log(`  ${done} / ${clients} clientes`);
    });
    if (!result.created) {
      console.log(`El administrador ${SCALE_ADMINISTRATOR.username} ya existe; no se ha cambiado nada.`);
      return;
    }
    await compactKeptCounts(db);
    await refreshPlannerStatistics(db);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`${result.invoices} facturas de ${result.clients} clientes en ${seconds} s.`);
    console.log(`Acceso: ámbito fincas, ${SCALE_ADMINISTRATOR.username} / ${SCALE_ADMINISTRATOR.password}`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
