// The billing run at scale (issue 26): the scale seed's administrator (BENCH_CLIENTS comunidades, default 5,000:
// 30,000 contracts, about 1,000,000 invoices) on SQLite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, on
// PostgreSQL. The clock is moved (POST /dev/clock) to the last day of the month (readings only), then to the
// first of the next month at 08:00: that move runs the day's readings and the billing run of every contract, and
// its time is reported against the target (≤ 60 s). Meanwhile demo's invoice list is called from 2 connections,
// and its p99 is reported against ≤ 20 ms (the interference bench of issue 16, with the run as the neighbour).
// `node bench/18-billing-run.bench.mjs` runs it alone; BENCH_BACKENDS=SQLite (or PostgreSQL) runs only that
// database. On PostgreSQL the seed takes minutes; BENCH_PG_TEMPLATE=<database name> seeds it once into that
// database (made if missing) and each run works on a copy of it (CREATE DATABASE … TEMPLATE: the role needs
// CREATEDB). Drop that database when the seed or the migrations change.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import pg from 'pg';

import { httpClient, loadFor, logInThroughApi, percentile, report, root, startServer } from './lib.mjs';
import { benchPort } from './ports.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5000);
const TARGET_RUN_S = 60;
const TARGET_P99_MS = 20;
const CUSTOMER_LIST = '/api/cliente/ov/invoices/api/fullbilling?findUnicas=false';

function seedScale(env) {
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    ['server/src/db/seed/scaleCommand.ts', '--clients', String(CLIENTS)],
    { cwd: root, env: { ...process.env, LOG_LEVEL: 'silent', ...env }, stdio: 'ignore' },
  );
  if (result.status !== 0) throw new Error('scale seed failed');
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const BACKENDS = [
  {
    name: 'SQLite',
    port: benchPort(import.meta.url, 0),
    prepare() {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'ov-bench-billing-'));
      seedScale({ DATA_DIR: dataDir });
      return {
        env: { DATA_DIR: dataDir },
        remove: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  postgresUrl && {
    name: 'PostgreSQL',
    port: benchPort(import.meta.url, 1),
    async prepare() {
      const run = async (statement, url = postgresUrl) => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        return client.query(statement).finally(() => client.end());
      };
      const template = process.env.BENCH_PG_TEMPLATE;
      if (template) return copyOfTemplate(run, template);
      const schema = `bench_billing_${process.pid}`;
      await run(`CREATE SCHEMA ${schema}`);
      const env = { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema };
      seedScale({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ov-bench-billing-seed-')) });
      return { env, remove: () => run(`DROP SCHEMA ${schema} CASCADE`) };
    },
  },
].filter(
  (backend) =>
    backend && (!process.env.BENCH_BACKENDS || process.env.BENCH_BACKENDS.split(',').includes(backend.name)),
);

/** A database name as a URL path, and quoted as an identifier (a template name comes from the environment). */
const withDatabase = (name) => Object.assign(new URL(postgresUrl), { pathname: `/${name}` }).href;
const identifier = (name) => `"${name.replaceAll('"', '""')}"`;

/** The seeded template database (seeded now if it does not exist), copied for this run and dropped after it. */
async function copyOfTemplate(run, template) {
  const exists = await run(`SELECT 1 FROM pg_database WHERE datname = '${template.replaceAll("'", "''")}'`);
  if (exists.rowCount === 0) {
    await run(`CREATE DATABASE ${identifier(template)}`);
    try {
      seedScale({
        DATABASE_URL: withDatabase(template),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ov-bench-billing-seed-')),
      });
    } catch (error) {
      await run(`DROP DATABASE ${identifier(template)}`); // never a half-seeded template for the next run
      throw error;
    }
  }
  const copy = `bench_billing_${process.pid}`;
  await run(`CREATE DATABASE ${identifier(copy)} TEMPLATE ${identifier(template)}`);
  return {
    env: { DATABASE_URL: withDatabase(copy) },
    remove: () => run(`DROP DATABASE ${identifier(copy)}`),
  };
}

const isoDay = (time) => new Date(time).toISOString().slice(0, 10);

async function moveClock(origin, body) {
  const started = performance.now();
  const answer = await fetch(`${origin}/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`/dev/clock: ${answer.status} ${await answer.text()}`);
  return { seconds: (performance.now() - started) / 1000, ...(await answer.json()) };
}

export async function run() {
  for (const backend of BACKENDS) {
    const where = `${backend.name}, ${CLIENTS} clientes`;
    const prepared = await backend.prepare();
    const server = await startServer({ port: backend.port, env: prepared.env });
    try {
      const now = new Date((await (await fetch(`${server.origin}/dev/clock`)).json()).now);
      const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
      const lastDay = isoDay(nextMonth - 86_400_000);
      if (lastDay > isoDay(now)) await moveClock(server.origin, { to: lastDay });

      const demo = await logInThroughApi(server.origin, 'cliente', 'demo', 'Demo2024!');
      const asDemo = httpClient(server.origin, {
        connections: 2,
        headers: { authorization: `Bearer ${demo.access_token}` },
      });
      const list = async () => {
        const { status } = await asDemo(CUSTOMER_LIST);
        if (status !== 200) throw new Error(`list: ${status}`);
      };
      await loadFor({ ms: 3_000, connections: 2, request: list }); // warm-up
      const alone = await loadFor({ ms: 5_000, connections: 2, request: list });
      report(`${where}, lista del cliente sola: p99`, percentile(alone.latencies, 99), 'ms', TARGET_P99_MS);

      let running = true;
      const latencies = [];
      const loops = Array.from({ length: 2 }, async () => {
        while (running) {
          const started = performance.now();
          await list();
          latencies.push(performance.now() - started);
        }
      });
      const billed = await moveClock(server.origin, { to: isoDay(nextMonth) });
      running = false;
      await Promise.all(loops);
      report(`${where}, facturación del día (con sus lecturas)`, billed.seconds, 's', TARGET_RUN_S);
      console.log(
        `  escrito: ${billed.ran.invoices} facturas, ${billed.ran.readings} lecturas diarias, ${billed.ran.emails} correos`,
      );
      report(
        `${where}, lista del cliente durante la facturación: p99`,
        percentile(latencies, 99),
        'ms',
        TARGET_P99_MS,
      );
      asDemo.close();
    } finally {
      await server.stop();
      await prepared.remove();
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
