import { expect, test, type Locator, type Page } from '@playwright/test';
import { selectContract, type Point } from './support/contracts';
import { ADMINISTRATOR, CUSTOMER, logIn } from './support/session';

// Issue 24 "Every figure right": the per-product amounts chart labels its euro bars in euros, its labels neither
// overlap nor leave the chart on a phone, and no chart throws while a keyboard user goes through it.

/** Every uncaught error of the page from now on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/**
 * Tabs through the whole page; inside a chart (Highcharts' keyboard navigation) it also walks the points with the
 * arrow keys, as a keyboard user reading the bars would.
 */
async function keyThrough(page: Page, presses = 80): Promise<void> {
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  for (let press = 0; press < presses; press += 1) {
    await page.keyboard.press('Tab');
    const inChart = await page.evaluate(() =>
      Boolean(document.activeElement?.closest('.highcharts-container')),
    );
    if (inChart) {
      for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) {
        await page.keyboard.press(key);
      }
    }
  }
}

async function chooseChart(page: Page, label: 'Consumo' | 'Importes'): Promise<void> {
  await page.getByRole('radio', { name: label }).check();
}

/** The texts of the bars' value labels (data labels and stack totals) drawn in the figure. */
async function valueLabels(figure: Locator): Promise<string[]> {
  await expect(figure.locator('.highcharts-series-group')).toBeVisible();
  return (
    figure
      .locator('.highcharts-data-label text, .highcharts-stack-labels text')
      // Highcharts writes a label twice in one <text> (its outline, then the text), joined by a zero-width space.
      .evaluateAll((texts) =>
        texts.flatMap((text) => (text.textContent ?? '').split('\u200b')).filter(Boolean),
      )
  );
}

test('las barras de Importes de una factura se rotulan en euros, sin solaparse en un móvil', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, CUSTOMER);
  const electricity = await selectContract(page);
  await page.goto(`/invoices/${electricity.codAbonado}`);
  const figure = page.locator('figure.chart-figure');
  await expect(figure.locator('.highcharts-series-group')).toBeVisible();
  // First the consumption chart, then the amounts: what the first drew must not stay on the second.
  await chooseChart(page, 'Importes');
  await expect(figure.locator('.chart-figure__title')).toHaveText(/Importe/);
  await expect.poll(async () => (await valueLabels(figure)).length).toBeGreaterThan(1);
  const labels = await valueLabels(figure);
  for (const label of labels) expect(label).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} €$/);

  await page.setViewportSize({ width: 360, height: 780 });
  await expect
    .poll(() =>
      figure
        .locator('.highcharts-data-label')
        .evaluateAll((groups) => groups.filter((g) => g.getBoundingClientRect().width > 0).length),
    )
    .toBeGreaterThan(1);
  const boxes = await figure.evaluate((element) => {
    const svg = element.querySelector('svg.highcharts-root')!.getBoundingClientRect();
    const labelBoxes = [...element.querySelectorAll('.highcharts-data-label')]
      .filter(
        (label) => getComputedStyle(label).visibility !== 'hidden' && label.getAttribute('opacity') !== '0',
      )
      .map((label) => label.getBoundingClientRect())
      .filter((box) => box.width > 0)
      .map(({ left, right, top, bottom }) => ({ left, right, top, bottom }));
    return { svg: { left: svg.left, right: svg.right, top: svg.top, bottom: svg.bottom }, labelBoxes };
  });
  for (const box of boxes.labelBoxes) {
    expect(box.left).toBeGreaterThanOrEqual(boxes.svg.left - 0.5);
    expect(box.right).toBeLessThanOrEqual(boxes.svg.right + 0.5);
    expect(box.top).toBeGreaterThanOrEqual(boxes.svg.top - 0.5);
    expect(box.bottom).toBeLessThanOrEqual(boxes.svg.bottom + 0.5);
  }
  boxes.labelBoxes.forEach((a, i) =>
    boxes.labelBoxes.slice(i + 1).forEach((b) => {
      const overlap =
        Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
        Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
      expect(overlap, `${JSON.stringify(a)} y ${JSON.stringify(b)}`).toBe(false);
    }),
  );
});

test('ningún gráfico lanza un error al recorrerlo con el teclado', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors = pageErrors(page);
  await logIn(page, CUSTOMER);
  const electricity = await selectContract(page);
  await page.goto(`/invoices/${electricity.codAbonado}`);
  await expect(page.locator('figure.chart-figure .highcharts-series-group')).toBeVisible();
  await keyThrough(page);
  await chooseChart(page, 'Importes');
  await keyThrough(page);
  await chooseChart(page, 'Consumo');
  await keyThrough(page);

  await page.goto('/');
  const gas = await selectContract(page, (p: Point) => p.line === 'Gas' && !p.fechaBaja);
  await page.goto(`/invoices/${gas.codAbonado}`);
  await expect(page.locator('figure.chart-figure .highcharts-series-group')).toBeVisible();
  await keyThrough(page);
  await chooseChart(page, 'Importes');
  await keyThrough(page);

  for (const path of [
    '/allinvoices',
    '/allinvoices-gas',
    `/telemetry/${electricity.codAbonado}`,
    `/loadcurve/${electricity.codAbonado}`,
  ]) {
    await page.goto(path);
    await expect(page.locator('figure.chart-figure .highcharts-series-group').first()).toBeVisible();
    await keyThrough(page);
  }
  expect(errors).toEqual([]);
});

// A test of its own: a fresh browser context, as signing the customer out in place races the stored session.
test('ningún gráfico del administrador lanza un error al recorrerlo con el teclado', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors = pageErrors(page);
  await logIn(page, ADMINISTRATOR, { administrator: true });
  await expect(page.locator('figure.chart-figure .highcharts-series-group').first()).toBeVisible();
  await keyThrough(page);
  expect(errors).toEqual([]);
});
