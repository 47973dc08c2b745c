import cluster from 'node:cluster';
import v8 from 'node:v8';

import { buildApp, warmUpBeforeListening } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/database';
import { DEMO_ACCOUNTS } from './db/seed';
import { prepareDatabase } from './db/startup';
import { outboxIsOpen } from './mail/outbox';

/**
 * How far V8 lets the old generation grow past what its last full collection kept before it collects again, in
 * percent. Left to itself it grows up to 4× when allocation is fast: under 10 connections the server's heap
 * reached 275–330 MB for 65–75 MB of live objects, the rest garbage waiting for a collection, and that was most
 * of the RSS peak (issue 30). At 1.5× the peak heap was 127–136 MB (server/docs/wire-and-memory.md). Set at
 * start, before any request: it only changes when V8 collects, not what it may hold.
 */
const HEAP_GROWING_PERCENT = 50;

async function main(): Promise<void> {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const loaded = loadConfig();
  const db = createDatabase(loaded);
  const { seeded, jwtSecret } = await prepareDatabase(db, loaded);
  const config = { ...loaded, jwtSecret };
  const app = await buildApp(config, db, { scheduleJobs: true, jobsOnThread: true });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} recibido, cerrando`);
    try {
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // Before listening: the first calls find the readers started and the searches' code, statements and pages warm,
  // and none waits behind the warm-up (app.ts).
  await warmUpBeforeListening(db, app.log);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  console.log(`\nOficina Virtual en http://localhost:${port}`);
  console.log(`Base de datos: ${config.databaseUrl ? 'PostgreSQL' : `SQLite en ${config.dataDir}`}`);
  if (seeded) console.log('Datos de demostración cargados en la base de datos vacía.');
  if (outboxIsOpen(config)) {
    console.log(`Correo saliente (sin SMTP_URL): http://localhost:${port}/dev/outbox`);
    console.log('  Solo responde desde este equipo (127.0.0.1 / ::1); desde otra dirección es un 404.');
  }
  // Under start:cluster the first worker alone lists them.
  if (cluster.isWorker && cluster.worker?.id !== 1) return;
  console.log('\nCuentas de demostración:');
  console.table(
    DEMO_ACCOUNTS.map((a) => ({
      ámbito: a.realm,
      usuario: a.username,
      contraseña: a.password,
      descripción: a.description,
    })),
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuración no válida: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
