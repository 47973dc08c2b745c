// npm run start:cluster: the reference server on PostgreSQL in one worker process per core (node:cluster),
// all on one port; the primary only forks, restarts a worker that dies and passes stop signals on. Every
// worker is a whole server (server/src/main.ts, compiled to server/build by scripts/serverBuild.mjs): start-up
// is serialised by a database lock, and sessions, limits and turns are shared through the database
// (server/README.md, "Many processes").
//   WORKERS=n   workers (default: one per core)
//   --no-build  skip building the SPA (benchmarks); the server is built when stale all the same
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';

import { buildServerIfStale, serverEntry } from './serverBuild.mjs';
import { serverMemoryEnv } from './serverMemory.mjs';
import { buildSpaIfStale, root } from './spaBuild.mjs';

if (!process.env.DATABASE_URL?.trim()) {
  console.error(
    'start:cluster necesita DATABASE_URL (PostgreSQL): varios procesos no comparten un fichero SQLite. Use npm start para uno solo.',
  );
  process.exit(1);
}
const raw = process.env.WORKERS?.trim();
if (raw && !/^[1-9]\d{0,2}$/.test(raw)) {
  console.error(`WORKERS debe ser un entero entre 1 y 999, no "${raw}"`);
  process.exit(1);
}
const workers = raw ? Number(raw) : availableParallelism();

if (!process.argv.includes('--no-build')) buildSpaIfStale();
buildServerIfStale();

cluster.setupPrimary({ exec: serverEntry, cwd: root });

// Each worker keeps its share of the in-memory limits (server/src/config.ts shareOf).
const fork = () => cluster.fork({ PROCESSES: String(workers), ...serverMemoryEnv() });
let stopping = false;
for (let i = 0; i < workers; i++) fork();
cluster.on('exit', (worker, code, signal) => {
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    return;
  }
  console.error(`El proceso ${worker.process.pid} terminó (${signal ?? code}); se arranca otro.`);
  fork();
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  });
}
console.log(`Oficina Virtual en ${workers} procesos (node:cluster), PID principal ${process.pid}`);
