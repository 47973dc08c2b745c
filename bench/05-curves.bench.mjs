// Load curve of one year (8,760 hours x 2 series): the curvas JSON under 4 concurrent connections, the chart
// drawn in headless Chromium with the options the load-curve screen builds, and the spreadsheet of the year.
import { createRequire } from 'node:module';
import {
  lastTwelveMonths,
  launchChromium,
  loadTest,
  logInThroughApi,
  median,
  percentile,
  report,
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
      await chartRender(first.Curvas.select),
      'ms',
      150,
    );
  } finally {
    await server.stop();
  }
}

/**
 * Draws the year with the load-curve screen's options (loadCurveChart.ts: [time, value] pairs, no markers, no
 * animation, zoom on x, Madrid time) in a blank page, timing Highcharts.chart() to the chart's load event.
 */
async function chartRender(select) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.setContent(
      '<!doctype html><html><body><div id="chart" style="width:1200px;height:420px"></div></body></html>',
    );
    await page.addScriptTag({ path: require.resolve('highcharts/highcharts.js') });
    const times = await page.evaluate(async (records) => {
      const lastSunday = (year, month) => {
        const last = new Date(Date.UTC(year, month + 1, 0));
        return last.getUTCDate() - last.getUTCDay();
      };
      const hourStart = (dash, hour) => {
        const [day, month, year] = dash.split('-').map(Number);
        const afterSpring = month > 3 || (month === 3 && day > lastSunday(year, 2));
        const upToAutumn = month < 10 || (month === 10 && day <= lastSunday(year, 9));
        return Date.UTC(year, month - 1, day, hour - 1 - (afterSpring && upToAutumn ? 2 : 1));
      };
      const results = [];
      for (let run = 0; run < 8; run += 1) {
        const started = performance.now();
        const active = [];
        const surplus = [];
        for (const record of records) {
          const time = hourStart(record.dateRecord, record.hourRecord);
          active.push([time, record.activeEnergy]);
          surplus.push([time, record.pasiveEnergy]);
        }
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
              { type: 'line', name: 'Energía activa', color: '#f28c28', data: active },
              { type: 'line', name: 'Excedentes', color: '#7b8494', data: surplus },
            ],
          });
          if (chart.hasLoaded) resolve();
        });
        // Let the browser lay the SVG out before stopping the clock.
        await new Promise((resolve) => requestAnimationFrame(() => resolve()));
        if (run > 0) results.push(performance.now() - started);
      }
      return results;
    }, select);
    return median(times);
  } finally {
    await browser.close();
  }
}
