// The consumption explorer's chart (issue 15): a year by hour coloured by tariff period, and a year by day
// stacked by period, drawn in headless Chromium from the real explorer call's answers (GET
// /ov/cups/api/curvas/explorar on a throw-away server) with the options the page builds
// (src/features/loadCurve/explorerChart.ts, bundled for the browser by esbuild) and the page's Highcharts
// modules, defaults, accessibility settings (src/shared/ui/chartDefaults.ts) and thinning of long lines (chartThinning.ts). Timed from building the options (the chart's mount) to its load event and a frame.
// `node bench/run.mjs 14` prints it; BENCH_PORT moves its port (bench/ports.mjs).
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import {
  lastTwelveMonths,
  launchChromium,
  logInThroughApi,
  median,
  report,
  root,
  startServer,
} from './lib.mjs';
import { benchPort } from './ports.mjs';

const require = createRequire(import.meta.url);
const PORT = benchPort(import.meta.url);
const RUNS = 7;

const CASES = [
  { name: 'año por horas, coloreado por periodo', granularity: 'hour', mode: 'periods', target: 150 },
  { name: 'año por días, apilado por periodo', granularity: 'day', mode: 'periods', target: 50 },
  { name: 'año por horas, energía con el año anterior', granularity: 'hour', mode: 'energy', compare: true },
];

/** The option builder and the chart texts as one browser script exposing `window.Explorer`. */
async function browserBundle() {
  const result = await build({
    stdin: {
      contents:
        "export { buildExplorerChartOptions } from './src/features/loadCurve/explorerChart';\n" +
        "export { CHART_DEFAULTS, withChartAccessibility } from './src/shared/ui/chartDefaults';\n" +
        "export { withLongLinesThinned } from './src/shared/ui/chartThinning';\n",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'Explorer',
    alias: { '@': path.join(root, 'src') },
    // measurementChart.ts sits beside MeasurementChart.tsx: the option builders are .ts.
    resolveExtensions: ['.ts', '.js'],
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles[0].text;
}

async function answersOf(origin) {
  const { access_token: token } = await logInThroughApi(origin, 'cliente', 'demo', 'Demo2024!');
  const headers = { authorization: `Bearer ${token}` };
  const points = (await (await fetch(`${origin}/api/cliente/ov/cups/api/cupsMe`, { headers })).json())
    .cupsAsociados.select;
  const point = points.find((p) => p.line === 'Electricidad' && !p.fechaBaja && p.accessFee?.fee === '2.0TD');
  const answers = {};
  const range = lastTwelveMonths();
  for (const { granularity, compare = false } of CASES) {
    const query = new URLSearchParams({
      contractCode: point.codAbonado,
      cups: point.cups,
      startDate: range.from,
      endDate: range.to,
      granularity,
      compare: String(compare),
    });
    const answer = await fetch(`${origin}/api/cliente/ov/cups/api/curvas/explorar?${query}`, { headers });
    if (!answer.ok) throw new Error(`explorar ${granularity}: ${answer.status}`);
    answers[`${granularity}-${compare}`] = await answer.json();
  }
  return answers;
}

/** In the page: draws `answer` RUNS + 1 times (the first warms up), each a fresh chart; the times in ms. */
async function drawTimes({ answer, view, runs }) {
  const times = [];
  for (let run = 0; run <= runs; run += 1) {
    // The previous drawing goes first, off the clock: a page mounts one chart into an empty box.
    window.Highcharts.charts.forEach((chart) => chart?.destroy());
    const started = performance.now();
    await new Promise((resolve) => {
      const built = window.Explorer.buildExplorerChartOptions(answer, view, () => undefined);
      // What Chart.tsx hands to Highcharts: long even lines thinned, with the portal's accessibility settings.
      const options = window.Explorer.withChartAccessibility(
        window.Explorer.withLongLinesThinned(built),
        'Gráfico',
      );
      options.chart.events = { load: resolve };
      const chart = window.Highcharts.chart('chart', options);
      if (chart.hasLoaded) resolve();
    });
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    if (run > 0) times.push(performance.now() - started);
  }
  return times;
}

export async function run() {
  const server = await startServer({ port: PORT });
  const browser = await launchChromium();
  try {
    const answers = await answersOf(server.origin);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.setContent(
      '<!doctype html><html><body><div id="chart" style="width:1200px;height:420px"></div></body></html>',
    );
    // The modules the page's Chart.tsx loads, in its order.
    for (const file of [
      'highcharts.js',
      'modules/exporting.js',
      'modules/offline-exporting.js',
      'modules/accessibility.js',
    ])
      await page.addScriptTag({ path: require.resolve(`highcharts/${file}`) });
    await page.addScriptTag({ content: await browserBundle() });
    // The portal's defaults, as Chart.tsx sets them.
    await page.evaluate(() => window.Highcharts.setOptions(window.Explorer.CHART_DEFAULTS));
    for (const { name, granularity, mode, compare = false, target } of CASES) {
      const answer = answers[`${granularity}-${compare}`];
      const view = { from: answer.from, to: answer.to, granularity, mode, compare, table: false };
      const times = await page.evaluate(drawTimes, { answer, view, runs: RUNS });
      console.log(`${name}: ${answer.series.start.length} tramos`);
      report(
        `gráfica del explorador, ${name}, montaje a load (mediana de ${RUNS})`,
        median(times),
        'ms',
        target,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
