// Invoice figures: list pages with counts under concurrency, the scale administrator's list over 1,000,000
// invoices, and the exports (Excel of 1,000; PDF bundle and ZIP of up to 200 with the server's peak memory,
// which must stay flat as the count grows because both are streamed).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  httpClient,
  loadTest,
  logInThroughApi,
  median,
  peakRss,
  percentile,
  report,
  root,
  startServer,
} from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8184);
const SCALE = { username: 'escala@fincas.example', password: 'Escala2024!' };

/** A data directory holding the demo data plus the scale administrator with `clients` × 200 invoices. */
function scaleDatabase(clients) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ov-bench-invoices-'));
  const started = performance.now();
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    ['server/src/db/seed/scaleCommand.ts', '--clients', String(clients)],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, stdio: 'ignore' },
  );
  if (result.status !== 0) throw new Error('scale seed failed');
  return { dataDir, seconds: (performance.now() - started) / 1000 };
}

function client(origin, realm, token) {
  const get = httpClient(origin, { headers: { authorization: `Bearer ${token}` } });
  return async (url) => {
    const { status, body } = await get(`/api/${realm}${url}`);
    if (status >= 400) throw new Error(`${url}: ${status} ${body.toString()}`);
    return { status, body, json: () => JSON.parse(body.toString()) };
  };
}

const count = (answer) => (answer.status === 204 ? 0 : answer.json().Fullbilling.total[0].count);

/**
 * Latencies of `total` calls from `connections` loops, after as many calls again that are not counted: the
 * figures are of a server in its steady state, not of its first calls (code not yet optimised by V8).
 */
async function listFigures(get, label, urls, connections, total) {
  let i = 0;
  const request = () => get(urls[i++ % urls.length]);
  await loadTest({ total, connections, request });
  const latencies = await loadTest({ total, connections, request });
  report(`${label}: mediana`, median(latencies), 'ms');
  return percentile(latencies, 99);
}

export async function run() {
  // 100,000 invoices: the demo data plus 500 clients of the scale administrator.
  const hundred = scaleDatabase(500);
  report('siembra de 100.000 facturas', hundred.seconds, 's');
  let server = await startServer({ port: PORT, env: { DATA_DIR: hundred.dataDir } });
  try {
    const admin = await logInThroughApi(server.origin, 'fincas', SCALE.username, SCALE.password);
    const demo = await logInThroughApi(server.origin, 'cliente', 'demo', 'Demo2024!');
    const asAdmin = client(server.origin, 'fincas', admin.access_token);
    const asDemo = client(server.origin, 'cliente', demo.access_token);

    const range = 'startDate=2025-11-01&endDate=2026-10-31';
    const pages = [1, 2, 3, 4, 5].map((page) => `/ov/invoices/api/fullbilling?${range}&start=${page}`);
    console.log(`  (administrador: ${count(await asAdmin(pages[0]))} facturas en el rango, de 100.000)`);
    report(
      'fullbilling, página de 10 con recuentos, administrador sobre 100.000 facturas, p99 con 10 conexiones',
      await listFigures(asAdmin, 'fullbilling administrador', pages, 10, 300),
      'ms',
      50,
    );
    const demoPages = [1, 2, 3].map(
      (page) => `/ov/invoices/api/fullbilling?${range}&start=${page}&findUnicas=false`,
    );
    report(
      'fullbilling, página de 10 con recuentos, cliente demo en la base de 100.000 facturas, p99 con 10 conexiones',
      await listFigures(asDemo, 'fullbilling cliente', demoPages, 10, 500),
      'ms',
      50,
    );

    // Excel of 1,000 invoices: a year of electricity narrowed by amount, closest to 1,000 without passing it.
    // Amounts repeat across clients, so one bound cannot always get close: each later start month is tried.
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

    // PDF bundle and ZIP of one client's invoices over growing periods (200 = all three years).
    const nif = (await asAdmin('/ov/invoices/api/filterfullbilling?line=todo&isDefaultQuery=true')).json()
      .Invoice[0].nif;
    for (const startDate of ['2026-02-01', '2025-05-01', '0']) {
      const query = `cif=${nif}&startDate=${startDate}&endDate=0`;
      const matches = count(await asAdmin(`/ov/invoices/api/filterfullbilling?${query}&line=todo`));
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
  } finally {
    await server.stop();
  }

  // 1,000,000 invoices across 5,000 clients, on its own data directory.
  const million = scaleDatabase(5000);
  report('siembra de 1.000.000 de facturas (5.000 clientes)', million.seconds, 's');
  server = await startServer({ port: PORT, env: { DATA_DIR: million.dataDir } });
  try {
    const admin = await logInThroughApi(server.origin, 'fincas', SCALE.username, SCALE.password);
    const asAdmin = client(server.origin, 'fincas', admin.access_token);
    const base = '/ov/invoices/api/filterfullbilling';
    const year = 'startDate=2025-11-01&endDate=2026-10-31';
    const scenarios = {
      'consulta por defecto (últimas 10)': [`${base}?line=todo&isDefaultQuery=true&start=1`],
      'Todo, 1 año, páginas 1-5': [1, 2, 3, 4, 5].map((page) => `${base}?line=todo&${year}&start=${page}`),
      'Electricidad, 1 año, páginas 1-5': [1, 2, 3, 4, 5].map(
        (page) => `${base}?line=electricidad&${year}&start=${page}`,
      ),
      'Gas, 3 meses, página 1': [`${base}?line=gas&startDate=2026-08-01&endDate=2026-10-31&start=1`],
    };
    console.log(
      `  (Todo, 1 año: ${count(await asAdmin(scenarios['Todo, 1 año, páginas 1-5'][0]))} facturas)`,
    );
    for (const [name, urls] of Object.entries(scenarios)) {
      report(
        `filterfullbilling sobre 1.000.000, ${name}, p99 (1 conexión)`,
        await listFigures(asAdmin, `filterfullbilling ${name}`, urls, 1, 60),
        'ms',
        150,
      );
    }
  } finally {
    await server.stop();
  }
}
