// The consumption explorer's call (GET /ov/cups/api/curvas/explorar, issue 15) on SQLite: p50/p99 at 4
// connections for a year by day, a year by hour with its tariff periods and five years by month, once the
// contract's days are in measurement_days (warm); and the first call of a contract, which fills that table
// from the consumption model (about 1,100 days), measured apart.
import { httpClient, loadTest, logInThroughApi, median, percentile, report, startServer } from './lib.mjs';
import { benchPort } from './ports.mjs';

const TARGET_P99_MS = 50;

const dash = (date) =>
  `${String(date.getUTCDate()).padStart(2, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${date.getUTCFullYear()}`;

/** The `months` before yesterday (Madrid), as the explorer's query dates. */
function rangeEndingYesterday(months) {
  const today = new Date(
    `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date())}T00:00:00Z`,
  );
  const yesterday = new Date(today.getTime() - 86_400_000);
  const start = new Date(yesterday);
  start.setUTCMonth(start.getUTCMonth() - months);
  start.setUTCDate(start.getUTCDate() + 1);
  return { startDate: dash(start), endDate: dash(yesterday) };
}

export async function run() {
  const server = await startServer({ port: benchPort(import.meta.url) });
  try {
    const { access_token: token } = await logInThroughApi(server.origin, 'cliente', 'demo', 'Demo2024!');
    const get = httpClient(server.origin, { connections: 4, headers: { authorization: `Bearer ${token}` } });
    const points = JSON.parse(
      (await get('/api/cliente/ov/cups/api/cupsMe')).body.toString(),
    ).cupsAsociados.select.filter((point) => point.line === 'Electricidad' && !point.fechaBaja);
    const url = (point, params) =>
      `/api/cliente/ov/cups/api/curvas/explorar?${new URLSearchParams({
        contractCode: point.codAbonado,
        cups: point.cups,
        ...params,
      })}`;
    const year = rangeEndingYesterday(12);

    // First calls: each live contract once, one at a time (each fills its hours in one transaction).
    const firstCalls = [];
    for (const point of points) {
      const started = performance.now();
      const answer = await get(url(point, { ...year, granularity: 'day' }));
      firstCalls.push(performance.now() - started);
      if (answer.status !== 200) throw new Error(`primera llamada: ${answer.status} ${answer.body}`);
    }
    console.log(
      `${firstCalls.length} contratos en vigor, primera llamada (llena measurement_days) de cada uno`,
    );
    report('primera llamada (materialización), mediana', median(firstCalls), 'ms');
    report('primera llamada (materialización), máxima', Math.max(...firstCalls), 'ms');

    const point = points.find((p) => p.accessFee?.fee === '2.0TD') ?? points[0];
    const scenarios = [
      ['un año por día', { ...year, granularity: 'day' }, 360],
      ['un año por hora con periodos', { ...year, granularity: 'hour' }, 8700],
      ['cinco años por mes', { ...rangeEndingYesterday(60), granularity: 'month' }, 36],
      ['un año por día con el año anterior', { ...year, granularity: 'day', compare: 'true' }, 360],
    ];
    for (const [name, params, minimum] of scenarios) {
      const answer = await get(url(point, params));
      const buckets = JSON.parse(answer.body.toString()).series?.date.length ?? 0;
      // Fewer buckets would mean the bench measured an empty or refused answer.
      if (answer.status !== 200 || buckets < minimum)
        throw new Error(`${name}: ${answer.status}, ${buckets} puntos`);
      const request = () => get(url(point, params));
      await loadTest({ total: 20, connections: 4, request });
      const latencies = await loadTest({ total: 200, connections: 4, request });
      console.log(`${name}: ${buckets} puntos, ${answer.body.length} bytes`);
      report(`${name}, mediana con 4 conexiones`, median(latencies), 'ms');
      report(`${name}, p99 con 4 conexiones`, percentile(latencies, 99), 'ms', TARGET_P99_MS);
    }
    get.close();
  } finally {
    await server.stop();
  }
}
