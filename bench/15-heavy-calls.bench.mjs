// Heavy calls against another customer (issue 25): the p99 of demo2's GET /me while demo loops on each heavy
// call (the 12-month hourly explorer, curve and telemetry exports, the certificate, the invoice spreadsheet and
// the PDF and ZIP bundles) from 4 connections, against its idle p99 in the same run. Targets: loaded p99 ≤ 20 ms
// and ≤ 3× idle. `node bench/15-heavy-calls.bench.mjs` runs it alone (HEAVY_MS per call, default 10 s; BENCH_PORT
// moves its port, bench/ports.mjs).
import { pathToFileURL } from 'node:url';

import {
  httpClient,
  lastTwelveMonths,
  loadFor,
  logInThroughApi,
  percentile,
  report,
  startServer,
} from './lib.mjs';
import { benchPort } from './ports.mjs';

const TARGET_P99_MS = 20;
const TARGET_TIMES_IDLE = 3;
const MS = Number(process.env.HEAVY_MS ?? 10_000);
const HEAVY_CONNECTIONS = 4;

export async function run() {
  const server = await startServer({ port: benchPort(import.meta.url) });
  try {
    const [demo, other] = await Promise.all(
      ['demo', 'demo2'].map((user) => logInThroughApi(server.origin, 'cliente', user, 'Demo2024!')),
    );
    const heavy = httpClient(server.origin, {
      connections: HEAVY_CONNECTIONS,
      headers: { authorization: `Bearer ${demo.access_token}` },
    });
    const me = httpClient(server.origin, {
      connections: 1,
      headers: { authorization: `Bearer ${other.access_token}` },
    });
    const point = JSON.parse(
      (await heavy('/api/cliente/ov/cups/api/cupsMe')).body.toString(),
    ).cupsAsociados.select.find((p) => p.line === 'Electricidad' && !p.fechaBaja);
    const { from, to } = lastTwelveMonths();
    const year = new URLSearchParams({
      contractCode: point.codAbonado,
      cups: point.cups,
      startDate: from,
      endDate: to,
    });
    const isoDay = (dashed) => dashed.split('-').reverse().join('-');
    const invoiceYear = new URLSearchParams({ startDate: isoDay(from), endDate: isoDay(to) });
    const calls = [
      ['explorador, un año por hora', `/api/cliente/ov/cups/api/curvas/explorar?${year}&granularity=hour`],
      ['curva de carga en CSV, un año', `/api/cliente/ov/cups/api/curvas?${year}&output=csv`],
      ['telemedida en Excel, un año', `/api/cliente/ov/cups/api/telemetry?${year}&output=xlsx`],
      ['certificado de consumos, un año', `/api/cliente/ov/contracts/api/consumptionsCertified?${year}`],
      // The invoice exports allow a year at most (a wider range is a 400 that does no work): the last twelve months.
      ['facturas en Excel', `/api/cliente/ov/invoices/api/Todo?${invoiceYear}`],
      ['facturas en un PDF', `/api/cliente/ov/invoices/api/fullbilling/allinPDF/Todo?${invoiceYear}`],
      ['facturas en un ZIP', `/api/cliente/ov/invoices/api/fullbilling/allinRar/Todo?${invoiceYear}`],
    ];
    const meOnce = async () => {
      const answer = await me('/api/cliente/ov/user/api/me');
      if (answer.status !== 200) throw new Error(`/me: ${answer.status}`);
    };
    for (let i = 0; i < 50; i++) await meOnce(); // warm-up
    // Each heavy call once: a contract's first hours store its days (once per contract, sliced), which a loop
    // would meet only in its first call.
    for (const [name, url] of calls) {
      const { status } = await heavy(url);
      if (status !== 200) throw new Error(`${name}: ${status}`);
    }
    const idle = percentile((await loadFor({ ms: MS, connections: 1, request: meOnce })).latencies, 99);
    report('/me de otro cliente en reposo, p99', idle, 'ms');
    for (const [name, url] of calls) {
      const statuses = new Map();
      let looping = true;
      const loops = Array.from({ length: HEAVY_CONNECTIONS }, async () => {
        while (looping) {
          const { status } = await heavy(url);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 400 && status !== 429) throw new Error(`${name}: ${status}`);
          // A refused call waits as its Retry-After asks, as a well-behaved client would (a second is enough here).
          if (status === 429) await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      });
      const loaded = percentile((await loadFor({ ms: MS, connections: 1, request: meOnce })).latencies, 99);
      looping = false;
      await Promise.all(loops);
      report(`/me de otro cliente con ${name}, p99`, loaded, 'ms', TARGET_P99_MS);
      report(`  veces el p99 en reposo`, loaded / idle, '×', TARGET_TIMES_IDLE);
      console.log(
        `  respuestas de la llamada pesada: ${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')}`,
      );
    }
    heavy.close();
    me.close();
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
