// Load curve of one year (8,760 hours x 2 series): the curvas JSON under 4 concurrent connections, the chart
// drawn in headless Chromium with the options the load-curve screen builds, and the spreadsheet of the year.
import { createRequire } from 'node:module';
import {
  httpClient,
  lastTwelveMonths,
  launchChromium,
  loadTest,
  logInThroughApi,
  median,
  percentile,
  report,
  serverCpuPerCall,
  startServer,
} from './lib.mjs';
import { benchPort } from './ports.mjs';

const require = createRequire(import.meta.url);

/** The longest load-curve range, as the call takes it. */
function yearRange() {
  const { from, to } = lastTwelveMonths();
  return { startDate: from, endDate: to };
}

async function contractOf(origin, token) {
  const answer = await fetch(`${origin}/api/cliente/ov/cups/api/cupsMe`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const points = (await answer.json()).cupsAsociados.select;
  return (
    points.find((p) => p.line === 'Electricidad' && !p.fechaBaja && p.accessFee?.fee === '2.0TD') ?? points[0]
  );
}

export async function run() {
  const server = await startServer({ port: benchPort(import.meta.url) });
  try {
    const { access_token: token } = await logInThroughApi(server.origin, 'cliente', 'demo', 'Demo2024!');
    const point = await contractOf(server.origin, token);
    const range = yearRange();
    const url = (output) =>
      `${server.origin}/api/cliente/ov/cups/api/curvas?${new URLSearchParams({
        cups: point.cups,
        contractCode: point.codAbonado,
        ...range,
        output,
      })}`;
    const headers = { authorization: `Bearer ${token}` };

    const first = await (await fetch(url('json'), { headers })).json();
    const points = first.Curvas.total.countTotal;
    console.log(`curva de ${range.startDate} a ${range.endDate}: ${points} puntos x 2 series`);
    // A year is 8,760 hours (8,784 in a leap year); fewer means the bench would measure an empty answer.
    if (points < 8700) throw new Error(`la curva del año tiene solo ${points} puntos`);

    await yearForms(
      server,
      headers,
      `/api/cliente/ov/cups/api/curvas?${new URLSearchParams({
        cups: point.cups,
        contractCode: point.codAbonado,
        ...range,
        output: 'json',
      })}`,
    );

    // Warm-up, then the measured run.
    await loadTest({
      total: 20,
      connections: 4,
      request: () => fetch(url('json'), { headers }).then((r) => r.arrayBuffer()),
    });
    const latencies = await loadTest({
      total: 200,
      connections: 4,
      request: () => fetch(url('json'), { headers }).then((r) => r.arrayBuffer()),
    });
    report('curvas JSON de un año, p99 con 4 conexiones', percentile(latencies, 99), 'ms', 250);
    report('curvas JSON de un año, mediana con 4 conexiones', median(latencies), 'ms');

    const xlsxTimes = [];
    for (let i = 0; i < 6; i += 1) {
      const started = performance.now();
      const body = await (await fetch(url('xlsx'), { headers })).arrayBuffer();
      if (i > 0) xlsxTimes.push(performance.now() - started);
      if (body.byteLength < 150) throw new Error('xlsx vacío');
    }
    report('xlsx de un año (mediana de 5)', median(xlsxTimes), 'ms', 1000);
    report('xlsx de un año (peor de 5)', Math.max(...xlsxTimes), 'ms', 1000);

    report(
      'gráfica de un año en Chromium, montaje a evento load (mediana de 7)',
      await chartRender((await (await fetch(`${url('json')}&shape=compact`, { headers })).json()).Curvas),
      'ms',
      150,
    );
  } finally {
    await server.stop();
  }
}

/**
 * Issue 30, the year of hours: the server's CPU per call (one call at a time, no compression: the answer's own
 * cost) in the spec's shape and in the compact form the page asks for, and the bytes on the wire with brotli of
 * the page's answers for a year (the compact curve and the explorer's days under it).
 */
async function yearForms(server, headers, path) {
  const port = Number(new URL(server.origin).port);
  const get = httpClient(server.origin, { connections: 1, headers });
  const compactPath = `${path}&shape=compact`;
  try {
    const [spec, compact] = [(await get(path)).body, (await get(compactPath)).body].map((body) =>
      JSON.parse(body.toString()),
    );
    // The same hours in both forms, or the figures compare different answers.
    const sameNumbers = spec.Curvas.select.every(
      (row, i) =>
        row.activeEnergy === compact.Curvas.activeEnergy[i] &&
        row.pasiveEnergy === compact.Curvas.pasiveEnergy[i],
    );
    if (!sameNumbers || spec.Curvas.total.countTotal !== compact.Curvas.total.countTotal) {
      throw new Error('la forma compacta no tiene los mismos números');
    }
    for (const [label, url, target] of [
      ['forma del spec', path, undefined],
      ['forma compacta', compactPath, 6],
    ]) {
      for (let i = 0; i < 5; i += 1) await get(url);
      report(
        `curvas de un año, ${label}: CPU del servidor por llamada (media de 50, sin comprimir)`,
        await serverCpuPerCall(port, 50, () => get(url)),
        'ms',
        target,
      );
    }
    const brotli = async (url) => (await get(url, { 'accept-encoding': 'br' })).body.length / 1024;
    const explorer = path
      .replace('/curvas?', '/curvas/explorar?')
      .replace('output=json', 'granularity=day&compare=false');
    report('curvas de un año, forma del spec: bytes con brotli', await brotli(path), 'kB');
    report('curvas de un año, forma compacta: bytes con brotli', await brotli(compactPath), 'kB');
    report(
      'respuestas de la página para un año (curva compacta + explorador por días), con brotli',
      (await brotli(compactPath)) + (await brotli(explorer)),
      'kB',
      30,
    );
  } finally {
    get.close();
  }
}

/**
 * Draws the year with the load-curve screen's options (loadCurveChart.ts: the compact answer's columns from
 * pointStart every pointInterval, no markers, no animation, zoom on x, Madrid time) in a blank page, timing Highcharts.chart() to the chart's load event.
 */
async function chartRender(curves) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.setContent(
      '<!doctype html><html><body><div id="chart" style="width:1200px;height:420px"></div></body></html>',
    );
    await page.addScriptTag({ path: require.resolve('highcharts/highcharts.js') });
    const times = await page.evaluate(async (answer) => {
      const results = [];
      for (let run = 0; run < 8; run += 1) {
        const started = performance.now();
        const line = (values) => ({
          data: values.slice(),
          pointStart: answer.start,
          pointInterval: answer.step,
        });
        const active = line(answer.activeEnergy);
        const surplus = line(answer.pasiveEnergy);
        await new Promise((resolve) => {
          const chart = window.Highcharts.chart('chart', {
            chart: { type: 'line', zooming: { type: 'x' }, height: 420, events: { load: resolve } },
            time: { timezone: 'Europe/Madrid' },
            title: { text: 'Curva de carga horaria' },
            xAxis: { type: 'datetime' },
            yAxis: { title: { text: 'kW' }, min: 0 },
            tooltip: { shared: true, valueDecimals: 3, valueSuffix: ' kW' },
            plotOptions: { series: { animation: false, marker: { enabled: false }, lineWidth: 1.5 } },
            series: [
              { type: 'line', name: 'Energía activa', color: '#f28c28', ...active },
              { type: 'line', name: 'Excedentes', color: '#7b8494', ...surplus },
            ],
          });
          if (chart.hasLoaded) resolve();
        });
        // Let the browser lay the SVG out before stopping the clock.
        await new Promise((resolve) => requestAnimationFrame(() => resolve()));
        if (run > 0) results.push(performance.now() - started);
      }
      return results;
    }, curves);
    return median(times);
  } finally {
    await browser.close();
  }
}
