import { expect, test, type Page } from '@playwright/test';
import SCREENS from './support/screens.json';
import { ADMINISTRATOR, CUSTOMER, logIn } from './support/session';

// Issue 14: nothing on the page moves while it loads (cumulative layout shift <= 0.02 on every route). Every
// API answer is held back a moment, so the first paint always shows the loading state (skeletons, the route's
// fallback) and the answers then replace it; Chromium's layout-shift entries say whether anything moved.
// bench/10-layout-shift.bench.mjs prints the same figure for unheld loads.

const MAX_SHIFT = 0.02;
const HOLD_MS = 700;

interface Shift {
  value: number;
  sources: string[];
}

/** Loads `route` in full with every API answer held back, and returns the layout shifts Chromium saw. */
async function shiftsWhileLoading(page: Page, route: string): Promise<Shift[]> {
  await page.route('**/api/**', async (request) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    await request.continue().catch(() => undefined);
  });
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  // Lazy charts and the header's 1 s poll of the stored totals come after the network settles: wait until no
  // placeholder is left and the header shows the totals it stored (a fixed pause is too short on a busy machine).
  await page.waitForFunction(() => {
    const stored = ['totalElectricidad', 'totalGas', 'totalContractsElectricidad', 'totalContractsGas'].some(
      (key) => (localStorage.getItem(key) ?? '').trim() !== '',
    );
    const loading = document.querySelector('[data-testid="skeleton"], .spinner');
    return !loading && (!stored || document.querySelector('.header__totals') !== null);
  });
  await page.waitForLoadState('networkidle');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  return page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
}

function observeShifts(page: Page) {
  return page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { shifts: Shift[] }).shifts = shifts;
    const name = (node: Node | null) =>
      node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as LayoutShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: entry.sources.map(
            (source) =>
              `${name(source.node)} y ${Math.round(source.previousRect.y)} -> ${Math.round(source.currentRect.y)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

interface LayoutShiftEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}

async function expectStill(page: Page, routes: string[], width: number) {
  const moved: string[] = [];
  for (const route of routes) {
    const shifts = await shiftsWhileLoading(page, route);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    if (total > MAX_SHIFT) {
      moved.push(
        `${route} a ${width} px: ${total.toFixed(3)} (${shifts.flatMap((s) => s.sources).join('; ')})`,
      );
    }
  }
  expect(moved, 'pantallas que se mueven al cargar').toEqual([]);
}

for (const [width, height] of [
  [1280, 800],
  [360, 740],
] as const) {
  test(`a ${width} px ninguna pantalla del cliente se mueve mientras llegan los datos`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    await logIn(page, CUSTOMER);
    await observeShifts(page);
    await expectStill(page, SCREENS.customer, width);
  });

  test(`a ${width} px la pantalla del administrador y las de acceso no se mueven al cargar`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await observeShifts(page);
    await expectStill(page, SCREENS.guest, width);
    await logIn(page, ADMINISTRATOR, { administrator: true });
    await expectStill(page, SCREENS.administrator, width);
  });
}
