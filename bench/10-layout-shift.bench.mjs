// Layout shift on every screen (issue 14: CLS <= 0.02 on every route): Chromium's own layout-shift entries,
// read with a PerformanceObserver from the first byte of a full page load, at 1280 and 360 px. Printed as a
// table of route x width -> CLS (the largest session window, as Lighthouse and web-vitals count it).
// `node bench/run.mjs 10` prints it; CLS_SOURCES=1 also names the elements that moved.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launchChromium, root, signInThroughForm, startServer } from './lib.mjs';
import { benchPort } from './ports.mjs';

const PORT = benchPort(import.meta.url);
const WIDTHS = [1280, 360];
const HEIGHT = { 1280: 800, 360: 740 };
const MAX_CLS = 0.02;
const SHOW_SOURCES = Boolean(process.env.CLS_SOURCES);

// The screens of each kind of visitor, one list with the e2e check of the same figure (e2e/layoutShift.spec.ts).
const ROUTES = JSON.parse(readFileSync(path.join(root, 'e2e', 'support', 'screens.json'), 'utf8'));

/** Runs in the page before its own scripts: keeps every layout shift with the nodes it moved. */
function observeShifts() {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      const describe = (node) => {
        if (!node || node.nodeType !== 1) return node ? node.nodeName : '?';
        const classes =
          node.className && typeof node.className === 'string'
            ? `.${node.className.split(' ').join('.')}`
            : '';
        return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}`;
      };
      window.__shifts.push({
        time: entry.startTime,
        value: entry.value,
        sources: (entry.sources ?? []).map((source) => ({
          node: describe(source.node),
          from: source.previousRect.toJSON(),
          to: source.currentRect.toJSON(),
        })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The largest session window: shifts less than 1 s apart, the window at most 5 s long. */
function cumulativeLayoutShift(shifts) {
  let worst = 0;
  let current = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.time - last > 1000 || shift.time - first > 5000) {
      current = 0;
      first = shift.time;
    }
    current += shift.value;
    last = shift.time;
    worst = Math.max(worst, current);
  }
  return worst;
}

async function measure(context, origin, route) {
  const page = await context.newPage();
  await page.goto(origin + route);
  await page.waitForLoadState('networkidle');
  // Charts and lazy chunks settle after the network does; give late shifts time to happen.
  await page.waitForTimeout(1500);
  const shifts = await page.evaluate(() => window.__shifts);
  await page.close();
  return { cls: cumulativeLayoutShift(shifts), shifts };
}

async function signedInContext(browser, origin, width, account) {
  const context = await browser.newContext({ viewport: { width, height: HEIGHT[width] }, locale: 'es-ES' });
  await context.addInitScript(observeShifts);
  if (account === 'customer') await signInThroughForm(context, origin);
  if (account === 'administrator') {
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await page.getByLabel('Usuario').fill('admin@fincas.example');
    await page.getByLabel('Contraseña').fill('Fincas2024!');
    await page.getByLabel('Administrador de finca').check();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${origin}/administrador-fincas`);
    await page.close();
  }
  return context;
}

export async function run() {
  const server = await startServer({ port: PORT });
  const browser = await launchChromium();
  const rows = [];
  try {
    for (const [account, routes] of Object.entries(ROUTES)) {
      const figures = Object.fromEntries(routes.map((route) => [route, {}]));
      for (const width of WIDTHS) {
        const context = await signedInContext(browser, server.origin, width, account);
        for (const route of routes) {
          const { cls, shifts } = await measure(context, server.origin, route);
          figures[route][width] = cls;
          if (SHOW_SOURCES && cls > 0) {
            console.log(`\n${route} a ${width} px: CLS ${cls.toFixed(3)}`);
            for (const shift of shifts) {
              console.log(`  ${Math.round(shift.time)} ms +${shift.value.toFixed(4)}`);
              for (const source of shift.sources) {
                console.log(
                  `    ${source.node}: y ${Math.round(source.from.y)} -> ${Math.round(source.to.y)}, ` +
                    `h ${Math.round(source.from.height)} -> ${Math.round(source.to.height)}`,
                );
              }
            }
          }
        }
        await context.close();
      }
      for (const route of routes) rows.push({ route, account, ...figures[route] });
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const cell = (value) => `${value.toFixed(3)}${value > MAX_CLS ? ' ✗' : '  '}`.padStart(9);
  console.log(`\nCLS por pantalla (ventana de sesión mayor; objetivo ≤ ${MAX_CLS}, ✗ = no cumplido)`);
  console.log(`${'pantalla'.padEnd(28)}${WIDTHS.map((width) => `${width} px`.padStart(9)).join('')}`);
  for (const row of rows) {
    const name = row.account === 'administrator' ? `${row.route} (adm.)` : row.route;
    console.log(`${name.padEnd(28)}${WIDTHS.map((width) => cell(row[width])).join('')}`);
  }
}
