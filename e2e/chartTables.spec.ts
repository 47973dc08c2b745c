import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatMadridTime } from '../src/shared/lib/madridClock';
import { allViolations } from './support/axe';
import { selectContract, type Point } from './support/contracts';
import { ADMINISTRATOR, CUSTOMER, logIn } from './support/session';

// Issue 14 "Ver como tabla": each chart's table shows the very values the chart draws. The series are read from
// the page's own Highcharts instance (its UMD build registers itself as window._Highcharts), the table from the
// cells a person reads, in the Spanish number format.

interface DrawnSeries {
  name: string;
  x: number[];
  y: number[];
}
interface Drawn {
  categories: string[] | null;
  series: DrawnSeries[];
}

/** What the chart inside the figure draws: its categories (a bar chart) and each series' x and y. */
async function drawnSeries(figure: Locator): Promise<Drawn> {
  await expect(figure.locator('.highcharts-series-group')).toBeVisible();
  return figure.evaluate((element) => {
    type Series = { name: string; getColumn: (id: string) => number[] };
    type Chart = { renderTo: Element; xAxis: { categories?: string[] }[]; series: Series[] };
    const charts = (window as unknown as { _Highcharts: { charts: (Chart | undefined)[] } })._Highcharts
      .charts;
    const chart = charts.find((candidate) => candidate && element.contains(candidate.renderTo))!;
    return {
      categories: chart.xAxis[0].categories ?? null,
      series: chart.series.map((series) => ({
        name: series.name,
        x: [...series.getColumn('x')],
        y: [...series.getColumn('y')],
      })),
    };
  });
}

/** A Spanish number as shown (`1.234,56 €`, `12 kWh`): grouped by points, decimal comma, then its unit. */
function spanishNumber(cell: string): { value: number; decimals: number } {
  const match = /^(-?\d{1,3}(?:\.\d{3})*)(?:,(\d+))? \S+$/.exec(cell);
  if (!match) throw new Error(`«${cell}» no es un número en formato español con su unidad`);
  const decimals = match[2]?.length ?? 0;
  return { value: Number(`${match[1].replaceAll('.', '')}.${match[2] ?? '0'}`), decimals };
}

/** The shown cell is the value rounded to the decimals it shows. */
function expectShows(cell: string, value: number, where: string): void {
  const shown = spanishNumber(cell);
  expect(Math.abs(shown.value - value), `${where}: «${cell}» frente a ${value}`).toBeLessThanOrEqual(
    0.5 * 10 ** -shown.decimals + 1e-9,
  );
}

/**
 * Opens each chart's table on the screen and compares it with the drawn series: one row per bar or instant with
 * its label, a column per series with its name, each cell the drawn value, the totals the columns' sums.
 * Returns how many charts it compared.
 */
async function expectTablesMatchCharts(page: Page): Promise<number> {
  const figures = page.locator('figure.chart-figure');
  await expect(figures.first()).toBeVisible();
  const count = await figures.count();
  for (let index = 0; index < count; index += 1) {
    const figure = figures.nth(index);
    const title = (await figure.locator('.chart-figure__title').textContent()) ?? '';
    const drawn = await drawnSeries(figure);
    expect(drawn.series.length, title).toBeGreaterThan(0);
    await figure.getByRole('button', { name: 'Ver como tabla' }).click();
    const table = figure.getByRole('table');
    await expect(table).toBeVisible();
    const headers = await table.locator('thead th').allInnerTexts();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')));
    const totals = (
      await table.locator('tfoot tr').evaluate((tr) => [...tr.children].map((c) => c.textContent))
    )
      .slice(1)
      .map((cell) => cell ?? '');

    // Columns: each series by name (with its unit), in the chart's order.
    drawn.series.forEach((series, column) =>
      // The unit, when the table gives one, follows the name in brackets.
      expect(headers[column + 1].replace(/ \([^)]+\)$/, ''), title).toBe(series.name),
    );
    // Rows: the bars' categories, or the instants (Madrid time) the series share.
    const instants = [...new Set(drawn.series.flatMap((series) => series.x))].sort((a, b) => a - b);
    const labels = drawn.categories ?? instants.map(formatMadridTime);
    expect(
      rows.map((row) => row[0]),
      title,
    ).toEqual(labels);
    expect(rows.length, title).toBeGreaterThan(0);

    drawn.series.forEach((series, column) => {
      const valueAt = (row: number) =>
        drawn.categories ? series.y[row] : (series.y[series.x.indexOf(instants[row])] ?? 0);
      rows.forEach((cells, row) =>
        expectShows(cells[column + 1], valueAt(row), `${title}, ${cells[0]}, ${series.name}`),
      );
      const sum = rows.reduce((total, _, row) => total + valueAt(row), 0);
      expectShows(totals[column], sum, `${title}, total de ${series.name}`);
    });
  }
  // The open tables pass axe as the charts do.
  expect(await allViolations(page)).toEqual([]);
  return count;
}

test('la tabla de cada gráfico del cliente muestra los valores de sus series', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, CUSTOMER);
  const gas = await selectContract(page, (p: Point) => p.line === 'Gas' && !p.fechaBaja);
  await page.goto(`/invoices/${gas.codAbonado}`);
  expect(await expectTablesMatchCharts(page)).toBe(1);

  await page.goto('/');
  const electricity = await selectContract(page);
  await page.goto(`/invoices/${electricity.codAbonado}`);
  expect(await expectTablesMatchCharts(page)).toBe(1);
  for (const path of ['/allinvoices', '/allinvoices-gas']) {
    await page.goto(path);
    expect(await expectTablesMatchCharts(page)).toBeGreaterThan(0);
  }
  await page.goto(`/telemetry/${electricity.codAbonado}`);
  expect(await expectTablesMatchCharts(page)).toBe(1);
  await page.goto(`/loadcurve/${electricity.codAbonado}`);
  expect(await expectTablesMatchCharts(page)).toBe(1);
});

test('la tabla del gráfico del administrador muestra los valores de sus series', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, ADMINISTRATOR, { administrator: true });
  expect(await expectTablesMatchCharts(page)).toBe(1);
});
