// Cold start at scale (issue 30): the scale administrator's one-year searches right after every start of the
// server, SQLite with the 1,000,000-invoice seed (BACKENDS[0] of bench 04: BENCH_SCALE_1M=<data dir made by
// `npm run seed:scale`> copies it, else it is seeded here). RESTARTS (default 5) starts, each followed at once by
// 4 new one-year searches (20 in all, the first of each the first after a start): p99 ≤ 50 ms. The server warms
// its searches before it listens (app.ts warmUpBeforeListening, at most 3 s); this bench signs in and searches
// as soon as the server answers.
import { pathToFileURL } from 'node:url';

import { BACKENDS } from './04-invoices.bench.mjs';
import { httpClient, logInThroughApi, median, percentile, report, startServer } from './lib.mjs';
import { benchPort } from './ports.mjs';

const RESTARTS = Number(process.env.RESTARTS ?? 5);
const SEARCHES_PER_START = 4;
const TARGET_P99_MS = 50;

const dayAfter = (iso, days) => new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);

export async function run() {
  const port = benchPort(import.meta.url);
  const data = await BACKENDS[0].prepare({ clients: 5_000, copyOf: process.env.BENCH_SCALE_1M });
  const times = [];
  try {
    for (let start = 0; start < RESTARTS; start += 1) {
      const server = await startServer({ port, env: data.env });
      try {
        const { access_token: token } = await logInThroughApi(
          server.origin,
          'fincas',
          'escala@fincas.example',
          'Escala2024!',
        );
        const get = httpClient(server.origin, {
          connections: 1,
          headers: { authorization: `Bearer ${token}` },
        });
        for (let i = 0; i < SEARCHES_PER_START; i += 1) {
          // A range not asked before in this run, so no count comes from a cache.
          const from = dayAfter('2024-01-01', (start * SEARCHES_PER_START + i) * 7);
          const started = performance.now();
          const { status } = await get(
            `/api/fincas/ov/invoices/api/filterfullbilling?line=todo&startDate=${from}&endDate=${dayAfter(from, 365)}&start=1`,
          );
          times.push(performance.now() - started);
          if (status !== 200) throw new Error(`búsqueda: ${status}`);
        }
        get.close();
      } finally {
        await server.stop();
      }
    }
  } finally {
    await data.remove();
  }
  report('administrador tras arrancar, búsqueda nueva de un año: p50', median(times), 'ms');
  report(
    'administrador tras arrancar, búsqueda nueva de un año: p99',
    percentile(times, 99),
    'ms',
    TARGET_P99_MS,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
