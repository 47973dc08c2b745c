// The load curve of a year in the REAL page (issue 16): signed in, /loadcurve/:id, a one-year range typed into
// Desde/Hasta and Visualizar pressed; timed in the page from the answer's arrival (the resource entry's
// responseEnd) to the new chart drawn (every series' line in the DOM, then a frame), at 1x and 4x CPU (CDP
// Emulation.setCPUThrottlingRate). The main thread's tasks in between come from a CDP trace: the longest one
// (wall time, as a long task is judged) and the thread's CPU time, which other processes on a shared machine do
// not inflate. `node bench/run.mjs 13` prints it; BENCH_PORT moves its port (bench/ports.mjs).
import {
  lastTwelveMonths,
  launchChromium,
  logInThroughApi,
  median,
  report,
  signInThroughForm,
  startServer,
} from './lib.mjs';
import { benchPort } from './ports.mjs';

const PORT = benchPort(import.meta.url);
const RUNS = 7;
const TARGETS = { 1: { drawn: 150, task: 50 }, 4: {} };

/** The longest range the screen takes, typed as the date fields take it and as the call sends it. */
function yearRange() {
  const typed = lastTwelveMonths('/');
  return { ...typed, query: lastTwelveMonths().from };
}

/** In the page, before Visualizar: resolves with the time the next new chart has its line and a frame has passed. */
function watchNextChart() {
  const seen = new Set(document.querySelectorAll('.highcharts-root'));
  window.__drawn = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      // Drawn: a new chart with the line of every series in its legend.
      const fresh = [...document.querySelectorAll('.highcharts-root')].find((root) => {
        const lines = root.querySelectorAll('.highcharts-series-group .highcharts-graph').length;
        return (
          !seen.has(root) && lines > 0 && lines >= root.querySelectorAll('.highcharts-legend-item').length
        );
      });
      if (!fresh) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/**
 * In the page, once drawn: the answer's arrival and the drawing, in page time, and a user-timing mark that ties
 * page time to the trace's clock.
 */
async function readTimes(startDate) {
  const drawn = await window.__drawn;
  const answer = performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.includes('/curvas?') && entry.name.includes(`startDate=${startDate}`))
    .pop();
  const sync = performance.now();
  performance.mark('bench-sync');
  return { arrived: answer.responseEnd, drawn, sync };
}

const TRACE_CATEGORIES = 'toplevel,disabled-by-default-devtools.timeline,blink.user_timing';

/** The renderer main thread's tasks between the answer's arrival and the drawing: the longest, and CPU in all. */
function tasksBetween(events, { arrived, drawn, sync }) {
  const mark = events.find((event) => event.name === 'bench-sync');
  const offset = mark.ts / 1000 - sync;
  const [from, to] = [arrived + offset, drawn + offset];
  const tasks = events.filter(
    (event) =>
      event.name === 'ThreadControllerImpl::RunTask' &&
      event.ph === 'X' &&
      event.pid === mark.pid &&
      event.tid === mark.tid &&
      event.ts / 1000 + event.dur / 1000 > from &&
      event.ts / 1000 < to,
  );
  return {
    longest: Math.max(0, ...tasks.map((task) => task.dur / 1000)),
    cpu: tasks.reduce((total, task) => total + (task.tdur ?? task.dur) / 1000, 0),
  };
}

async function contractOf(origin) {
  const { access_token: token } = await logInThroughApi(origin, 'cliente', 'demo', 'Demo2024!');
  const answer = await fetch(`${origin}/api/cliente/ov/cups/api/cupsMe`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const points = (await answer.json()).cupsAsociados.select;
  return points.find((p) => p.line === 'Electricidad' && !p.fechaBaja && p.accessFee?.fee === '2.0TD');
}

async function typeDate(page, label, text) {
  const input = page.getByRole('textbox', { name: label });
  await input.fill(text);
  await input.press('Tab');
}

async function measureRun(context, origin, point, range, rate) {
  const page = await context.newPage();
  await page.goto(`${origin}/loadcurve/${point.codAbonado}`);
  // The opening week's chart first, so the chart's chunk is loaded as a customer would have it.
  await page.locator('.highcharts-series-0 .highcharts-graph').first().waitFor();
  await typeDate(page, 'Desde', range.from);
  await typeDate(page, 'Hasta', range.to);
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.evaluate(watchNextChart);
  await page.getByRole('button', { name: 'Visualizar' }).click();
  const marks = await page.evaluate(readTimes, range.query);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.send('Tracing.end');
  await traced;
  const times = { drawn: marks.drawn - marks.arrived, ...tasksBetween(events, marks) };
  await page.close();
  return times;
}

export async function run() {
  const server = await startServer({ port: PORT });
  const browser = await launchChromium();
  try {
    const point = await contractOf(server.origin);
    const range = yearRange();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-ES' });
    await signInThroughForm(context, server.origin);
    // The screen reads the contract from the session's selected product, as the home leaves it.
    await context.addInitScript((p) => {
      localStorage.setItem('cups', JSON.stringify({ [p.line]: { [p.codAbonado]: p } }));
      localStorage.setItem(
        'selectedProduct',
        JSON.stringify({ line: p.line, cups: p.cups, codAbonado: p.codAbonado }),
      );
    }, point);
    console.log(`curva de ${range.from} a ${range.to} en /loadcurve/${point.codAbonado}`);
    for (const rate of [1, 4]) {
      const runs = [];
      // The first run warms the server's and the browser's caches; it is not counted.
      for (let index = 0; index <= RUNS; index += 1) {
        const times = await measureRun(context, server.origin, point, range, rate);
        if (index > 0) runs.push(times);
      }
      const figure = (name) => runs.map((times) => times[name]);
      const label = `página /loadcurve a ${rate}x CPU`;
      report(
        `${label}, respuesta a gráfica dibujada (mediana de ${RUNS})`,
        median(figure('drawn')),
        'ms',
        TARGETS[rate].drawn,
      );
      report(
        `${label}, tarea más larga (mediana de ${RUNS})`,
        median(figure('longest')),
        'ms',
        TARGETS[rate].task,
      );
      report(
        `${label}, tarea más larga (peor de ${RUNS})`,
        Math.max(...figure('longest')),
        'ms',
        TARGETS[rate].task,
      );
      report(
        `${label}, CPU del hilo principal en ese tiempo (mediana de ${RUNS})`,
        median(figure('cpu')),
        'ms',
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
