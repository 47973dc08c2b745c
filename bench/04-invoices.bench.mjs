// Invoice lists at 1,000, 100,000 and 1,000,000 invoices of the scale administrator, on SQLite and, where
// TEST_DATABASE_URL is set, on PostgreSQL (a schema of its own, dropped after). Every list figure twice:
// cold, a new one-year window per call (its start and end days move, so no count of the server's count cache
// answers it), and warm, the same call repeated. Then the interference test (a customer's list while the
// administrator loops over new searches and deep pages), and the exports (Excel, PDF bundle and ZIP with the
// server's peak memory, which must stay flat as the count grows because both are streamed).
//
// BENCH_SIZES=1000,100000 runs only those sizes; BENCH_SCALE_1M=/work/scale1m copies a data directory made
// by `npm run seed:scale` instead of seeding 1,000,000 invoices again (46 s), and BENCH_SCALE_100K one made by
// `npm run seed:scale -- --clients 500` instead of seeding 100,000; BENCH_INTERFERENCE_ONLY=1 skips
// the list and export figures; BENCH_BACKENDS=PostgreSQL runs only that database (or SQLite);
// BENCH_PG_SCHEMA=name uses a PostgreSQL schema already seeded for the one size in BENCH_SIZES (by
// `DATABASE_URL=… DATABASE_SCHEMA=name npx tsx server/src/db/seed/scaleCommand.ts --clients 5000`, 12 minutes)
// and keeps it. The server runs with SQLITE_READ_WORKERS=4 unless the environment says otherwise.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  httpClient,
  loadFor,
  loadTest,
  logInThroughApi,
  median,
  peakRss,
  percentile,
  report,
  root,
  startServer,
} from './lib.mjs';
import { benchPort } from './ports.mjs';

const INTERFERENCE_ONLY = Boolean(process.env.BENCH_INTERFERENCE_ONLY);
const PORT = benchPort(import.meta.url);
const SCALE = { username: 'escala@fincas.example', password: 'Escala2024!' };
export const SIZES = [
  { invoices: 1_000, clients: 5, label: '1.000' },
  { invoices: 100_000, clients: 500, label: '100.000', copyOf: process.env.BENCH_SCALE_100K },
  { invoices: 1_000_000, clients: 5_000, label: '1.000.000', copyOf: process.env.BENCH_SCALE_1M },
].filter(
  ({ invoices }) => !process.env.BENCH_SIZES || process.env.BENCH_SIZES.split(',').includes(String(invoices)),
);

/** Seeds the scale administrator with `clients` × 200 invoices into the database `env` names. */
function seedScale(clients, env) {
  const started = performance.now();
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    ['server/src/db/seed/scaleCommand.ts', '--clients', String(clients)],
    { cwd: root, env: { ...process.env, LOG_LEVEL: 'silent', ...env }, stdio: 'ignore' },
  );
  if (result.status !== 0) throw new Error('scale seed failed');
  return (performance.now() - started) / 1000;
}

/** Where each database's data go: the server's environment, the seconds it took to fill, and its removal. */
export const BACKENDS = [
  {
    name: 'SQLite',
    async prepare({ clients, copyOf }) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'ov-bench-invoices-'));
      let seconds = 0;
      if (copyOf)
        for (const file of ['oficina.sqlite', 'jwt-secret'])
          copyFileSync(path.join(copyOf, file), path.join(dataDir, file));
      else seconds = seedScale(clients, { DATA_DIR: dataDir });
      return {
        env: { DATA_DIR: dataDir },
        seconds,
        remove: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  process.env.TEST_DATABASE_URL && {
    name: 'PostgreSQL',
    async prepare({ clients }) {
      const url = process.env.TEST_DATABASE_URL;
      const seeded = process.env.BENCH_PG_SCHEMA;
      if (seeded)
        return { env: { DATABASE_URL: url, DATABASE_SCHEMA: seeded }, seconds: 0, remove: async () => {} };
      const schema = `bench_${process.pid}_${clients}`;
      const run = async (statement) => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(statement).finally(() => client.end());
      };
      await run(`CREATE SCHEMA ${schema}`);
      const env = { DATABASE_URL: url, DATABASE_SCHEMA: schema };
      const seconds = seedScale(clients, {
        ...env,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ov-bench-seed-')),
      });
      return { env, seconds, remove: () => run(`DROP SCHEMA ${schema} CASCADE`) };
    },
  },
].filter(
  (backend) =>
    backend && (!process.env.BENCH_BACKENDS || process.env.BENCH_BACKENDS.split(',').includes(backend.name)),
);

function client(origin, realm, token, connections = 10) {
  const get = httpClient(origin, { connections, headers: { authorization: `Bearer ${token}` } });
  return async (url) => {
    const { status, body } = await get(`/api/${realm}${url}`);
    if (status >= 400) throw new Error(`${url}: ${status} ${body.toString()}`);
    return { status, body, json: () => JSON.parse(body.toString()) };
  };
}

const count = (answer) => (answer.status === 204 ? 0 : answer.json().Fullbilling.total[0].count);

/**
 * One-year windows that never repeat within a server's life: the nth starts n % 700 days after 2023-12-01
 * (the scale seed's invoices run from December 2023 to December 2026) and ends ⌊n / 700⌋ days short of a
 * year. Each is a new search for the count cache.
 */
let windows = 0;
function newWindow() {
  const n = windows++;
  const day = (offset) => new Date(Date.UTC(2023, 11, 1) + offset * 86_400_000).toISOString().slice(0, 10);
  const start = n % 700;
  return `startDate=${day(start)}&endDate=${day(start + 364 - (Math.floor(n / 700) % 300))}`;
}

/** Calls measured (after as many unmeasured) at 1 and at 10 connections. */
const CALLS = { 1: 30, 10: 100 };
const LIST = '/ov/invoices/api/filterfullbilling?line=todo';
const CUSTOMER_LIST = '/ov/invoices/api/fullbilling?findUnicas=false';

/**
 * p50 and p99 of `total` calls from `connections` loops, after as many calls again that are not counted: the
 * figures are of a server in its steady state, not of its first calls (code not yet optimised by V8).
 */
async function figure(label, { total, connections, request, target }) {
  await loadTest({ total, connections, request });
  const latencies = await loadTest({ total, connections, request });
  report(`${label}: mediana`, median(latencies), 'ms');
  report(`${label}: p99`, percentile(latencies, 99), 'ms', target);
}

/** A new search each call: the first page with its counts, p99 against ≤ 50 ms at 1 connection, ≤ 150 at 10. */
function newSearchFigure(where, asAdmin, connections) {
  return figure(
    `${where}, búsqueda nueva (primera página y recuentos), ${connections} conexión(es), en frío`,
    {
      total: CALLS[connections],
      connections,
      target: connections === 1 ? 50 : 150,
      request: () => asAdmin(`${LIST}&${newWindow()}&start=1`),
    },
  );
}

async function listFigures(where, asAdmin, asDemo) {
  const fixed = newWindow();
  const total = count(await asAdmin(`${LIST}&${fixed}`));
  const lastPage = Math.max(1, Math.ceil(total / 10));
  console.log(`  (${where}: ${total} facturas del administrador en un año; última página ${lastPage})`);
  for (const connections of [1, 10]) {
    await newSearchFigure(where, asAdmin, connections);
    await figure(`${where}, la misma búsqueda repetida, ${connections} conexión(es), en caliente`, {
      total: CALLS[connections],
      connections,
      request: () => asAdmin(`${LIST}&${fixed}&start=1`),
    });
  }
  // The last page of a new window: its count is asked first (not measured), then the page itself.
  const lastPages = [];
  for (let i = 0; i < 20; i++) {
    const window = newWindow();
    lastPages.push(
      `${LIST}&${window}&start=${Math.max(1, Math.ceil(count(await asAdmin(`${LIST}&${window}`)) / 10))}`,
    );
  }
  let next = 0;
  await figure(`${where}, última página de una búsqueda nueva, 1 conexión, en frío`, {
    total: 10,
    connections: 1,
    target: 50,
    request: () => asAdmin(lastPages[next++]),
  });
  await figure(`${where}, última página de la misma búsqueda, 1 conexión, en caliente`, {
    total: 10,
    connections: 1,
    target: 50,
    request: () => asAdmin(`${LIST}&${fixed}&start=${lastPage}`),
  });
  for (const [warmth, url] of [
    ['en frío', () => `${CUSTOMER_LIST}&${newWindow()}`],
    ['en caliente', () => `${CUSTOMER_LIST}&${fixed}`],
  ]) {
    await figure(`${where}, lista del cliente demo, 10 conexiones, ${warmth}`, {
      total: 300,
      connections: 10,
      target: 50,
      request: () => asDemo(url()),
    });
  }
}

/**
 * The customer's list (2 connections, 8 s) alone, then while the administrator runs new searches and deep
 * pages in 3 loops: the customer's p99 against its target and the calls per second of each.
 */
async function interference(where, origin, asAdminDeep) {
  const demo = await logInThroughApi(origin, 'cliente', 'demo', 'Demo2024!');
  const asDemo = client(origin, 'cliente', demo.access_token, 2);
  const customer = () =>
    loadFor({ ms: 8_000, connections: 2, request: () => asDemo(`${CUSTOMER_LIST}&${newWindow()}`) });
  await customer(); // warm-up
  const alone = await customer();
  report(`${where}, cliente solo: p99`, percentile(alone.latencies, 99), 'ms', 20);
  report(`${where}, cliente solo: llamadas por segundo`, alone.perSecond, '/s');

  let stop = false;
  let adminCalls = 0;
  const adminLoop = async (i) => {
    while (!stop) {
      // Alternately a new search and the last page of one.
      const window = newWindow();
      const total = count(await asAdminDeep(`${LIST}&${window}&start=1`));
      if (i % 2 && !stop) await asAdminDeep(`${LIST}&${window}&start=${Math.max(1, Math.ceil(total / 10))}`);
      adminCalls += 1 + (i % 2);
    }
  };
  const started = performance.now();
  const loops = [0, 1, 2].map(adminLoop);
  const loaded = await customer();
  stop = true;
  await Promise.all(loops);
  const adminPerSecond = (adminCalls * 1000) / (performance.now() - started);
  report(
    `${where}, cliente con el administrador en bucle (3 conexiones): p99`,
    percentile(loaded.latencies, 99),
    'ms',
    20,
  );
  report(
    `${where}, cliente con el administrador en bucle: llamadas del cliente por segundo`,
    loaded.perSecond,
    '/s',
  );
  report(`${where}, llamadas del administrador por segundo`, adminPerSecond, '/s');
  report(
    `${where}, rendimiento total del servidor con el administrador en bucle`,
    loaded.perSecond + adminPerSecond,
    '/s',
  );
}

/** Excel of about 1,000 invoices; PDF bundle and ZIP of one client's invoices over growing periods. */
async function exportFigures(asAdmin) {
  // A year of electricity narrowed by amount, closest to 1,000 without passing it. Amounts repeat across
  // clients, so one bound cannot always get close: each later start month is tried.
  let excelQuery = '';
  let excelBest = 0;
  for (let month = 0; month < 12 && excelBest < 990; month++) {
    const startDate = `${2025 + Math.floor((10 + month) / 12)}-${String(((10 + month) % 12) + 1).padStart(2, '0')}-01`;
    let low = 0;
    let high = 100_000;
    for (let step = 0; step < 40; step++) {
      const middle = (low + high) / 2;
      const query = `startDate=${startDate}&endDate=2026-10-31&lineRemover=Gas&maxPrice=${middle.toFixed(2)}`;
      const matches = count(await asAdmin(`/ov/invoices/api/fullbilling?${query}`));
      if (matches > 1000) high = middle;
      else {
        low = middle;
        if (matches > excelBest) [excelBest, excelQuery] = [matches, query];
        if (matches >= 990) break;
      }
    }
  }
  const excelCount = count(await asAdmin(`/ov/invoices/api/fullbilling?${excelQuery}`));
  const excelTimes = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await asAdmin(`/ov/invoices/api/Electricidad?${excelQuery}`);
    excelTimes.push(performance.now() - started);
  }
  report(`Excel de ${excelCount} facturas, mediana de 5`, median(excelTimes), 'ms', 300);

  const nif = (await asAdmin('/ov/invoices/api/filterfullbilling?line=todo&isDefaultQuery=true')).json()
    .Invoice[0].nif;
  for (const startDate of ['2026-02-01', '2025-05-01', '0']) {
    const query = `cif=${nif}&startDate=${startDate}&endDate=0`;
    const matches = count(await asAdmin(`/ov/invoices/api/filterfullbilling?${query}&line=todo`));
    if (matches > 200) {
      console.log(`  (${matches} facturas: más que el límite de 200 de la descarga masiva, sin medir)`);
      continue;
    }
    const pdf = await peakRss(PORT, () => asAdmin(`/ov/invoices/api/fullbilling/allinPDF/Todo?${query}`));
    report(
      `PDF de ${matches} facturas (${(pdf.result.body.length / 1024).toFixed(0)} kB): tiempo`,
      pdf.ms,
      'ms',
    );
    report(`PDF de ${matches} facturas: memoria máxima añadida del servidor`, pdf.growthMb, 'MB');
    const zip = await peakRss(PORT, () => asAdmin(`/ov/invoices/api/fullbilling/allinRar/Todo?${query}`));
    report(
      `ZIP de ${matches} facturas (${(zip.result.body.length / 1024).toFixed(0)} kB): tiempo`,
      zip.ms,
      'ms',
    );
    report(`ZIP de ${matches} facturas: memoria máxima añadida del servidor`, zip.growthMb, 'MB');
  }
}

/** A server on `env`; `work` gets the administrator's and the demo customer's clients. */
async function withServer(env, work) {
  const server = await startServer({ port: PORT, env: { ...env, LOG_LEVEL: 'warn' } });
  try {
    const admin = await logInThroughApi(server.origin, 'fincas', SCALE.username, SCALE.password);
    const demo = await logInThroughApi(server.origin, 'cliente', 'demo', 'Demo2024!');
    await work({
      origin: server.origin,
      asAdmin: client(server.origin, 'fincas', admin.access_token),
      asAdminDeep: client(server.origin, 'fincas', admin.access_token, 3),
      asDemo: client(server.origin, 'cliente', demo.access_token),
    });
  } finally {
    await server.stop();
  }
}

export async function run() {
  const largest = SIZES.at(-1);
  for (const backend of BACKENDS) {
    for (const size of SIZES) {
      const where = `${backend.name}, ${size.label} facturas`;
      const data = await backend.prepare(size);
      try {
        if (data.seconds) report(`${where}: siembra`, data.seconds, 's');
        await withServer(
          { SQLITE_READ_WORKERS: process.env.SQLITE_READ_WORKERS ?? '4', ...data.env },
          async ({ origin, asAdmin, asAdminDeep, asDemo }) => {
            if (!INTERFERENCE_ONLY) await listFigures(where, asAdmin, asDemo);
            if (size === largest) await interference(where, origin, asAdminDeep);
            if (!INTERFERENCE_ONLY && backend.name === 'SQLite' && size.invoices === 100_000) {
              await exportFigures(asAdmin);
            }
          },
        );
        // Before the read pool: the same SQLite queries on the event loop, for comparison.
        if (backend.name === 'SQLite' && size === largest) {
          const before = `${where}, sin lectores (SQLITE_READ_WORKERS=0)`;
          await withServer(
            { ...data.env, SQLITE_READ_WORKERS: '0' },
            async ({ origin, asAdmin, asAdminDeep }) => {
              if (!INTERFERENCE_ONLY) await newSearchFigure(before, asAdmin, 1);
              await interference(before, origin, asAdminDeep);
            },
          );
        }
      } finally {
        await data.remove();
      }
    }
  }
}
