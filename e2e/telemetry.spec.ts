import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { selectContract } from './support/contracts';
import { storeOnNextLoad } from './support/storage';
import { CUSTOMER, logIn } from './support/session';

/** The whole previous calendar month, as the pickers take typed dates (DD/MM/YYYY). */
function previousMonth(): { from: string; to: string; label: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const format = (date: Date) =>
    `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`;
  return {
    from: format(first),
    to: format(last),
    label: `Mediciones del ${format(first)} al ${format(last)}`,
  };
}

async function typeDate(page: Page, label: string, text: string) {
  const input = page.getByRole('textbox', { name: label });
  await input.fill(text);
  await input.press('Tab');
}

test('telemetry, load curve and certificate of a contract', async ({ page }) => {
  await logIn(page, CUSTOMER);
  const point = await selectContract(page);

  await page.goto(`/telemetry/${point.codAbonado}`);
  await expect(page.getByRole('heading', { name: 'Buscar telemedida' })).toBeVisible();
  // Each chart is a figure named by its visible title, described by its one-line summary.
  const telemetryChart = page.getByRole('figure', { name: 'Gráfica de datos' });
  await expect(telemetryChart.locator('.chart-figure__summary')).not.toBeEmpty();
  await expect(telemetryChart.locator('.highcharts-legend')).toContainText('Energía Activa');
  await expect(telemetryChart.locator('.highcharts-legend')).toContainText('Energía Reactiva');
  await expect(
    telemetryChart.locator('.highcharts-series-group .highcharts-series-0 .highcharts-graph'),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Curva de carga' }).click();
  await expect(page).toHaveURL(new RegExp(`/loadcurve/${point.codAbonado}$`));
  await expect(page.getByRole('heading', { name: 'Curva de carga', level: 1 })).toBeVisible();
  const curveChart = page.getByRole('figure', { name: 'Curva de carga horaria' });
  await expect(
    curveChart.locator('.highcharts-series-group .highcharts-series-0 .highcharts-graph'),
  ).toBeVisible();
  await expectAccessible(page);

  const month = previousMonth();
  await typeDate(page, 'Desde', month.from);
  await typeDate(page, 'Hasta', month.to);
  await page.getByRole('button', { name: 'Visualizar' }).click();
  await expect(page.getByText(month.label)).toBeVisible();
  await expect(
    curveChart.locator('.highcharts-series-group .highcharts-series-0 .highcharts-graph'),
  ).toBeVisible();

  const [sheet] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar curva' }).click(),
  ]);
  expect(sheet.suggestedFilename()).toBe(`CurvasCarga-${point.codAbonado}.xlsx`);
  const sheetBytes = readFileSync(await sheet.path());
  expect(sheetBytes.subarray(0, 2).toString()).toBe('PK');
  expect(sheetBytes.length).toBeGreaterThan(150);

  await page.goto(`/certificate/${point.codAbonado}`);
  await expect(page.getByRole('heading', { name: 'Buscar Certificado de Consumos' })).toBeVisible();
  await typeDate(page, 'Desde', month.from);
  await typeDate(page, 'Hasta', month.to);
  const [certificate] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Obtener Certificado' }).click(),
  ]);
  expect(certificate.suggestedFilename()).toBe(`Certificado-${point.codAbonado}.pdf`);
  expect(
    readFileSync(await certificate.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expect(
    page.getByText(`Se ha descargado el certificado Certificado-${point.codAbonado}.pdf.`),
  ).toBeVisible();
  await expectAccessible(page);
});

test('a contract screen opened in a new tab without the stored CUPS list looks its contract up', async ({
  page,
  context,
}) => {
  await logIn(page, CUSTOMER);
  const point = await selectContract(page);
  // A bookmark opened in another tab of the same session, whose stored CUPS list is gone (or older than the
  // contract): only the tokens are left.
  const tab = await context.newPage();
  await storeOnNextLoad(tab, { cups: null, selectedProduct: null });
  await tab.goto(`/loadcurve/${point.codAbonado}`);
  await expect(tab.getByRole('heading', { name: 'Curva de carga', level: 1 })).toBeVisible();
  await expect(tab.getByText(point.cups)).toBeVisible();
  await expect(
    tab
      .getByRole('figure', { name: 'Curva de carga horaria' })
      .locator('.highcharts-series-group .highcharts-series-0 .highcharts-graph'),
  ).toBeVisible();
  await expect(tab.getByText('No se han encontrado datos del titular.')).toHaveCount(0);
});

test('the three legal pages open signed out', async ({ page }) => {
  for (const [path, title] of [
    ['/aviso-legal', 'Aviso legal'],
    ['/politica-de-privacidad', 'Política de privacidad'],
    ['/politica-de-cookies', 'Política de cookies'],
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Energía Demo Ibérica, S.L.').first()).toBeVisible();
    await expectAccessible(page);
  }
  await page.getByRole('article').getByRole('link', { name: 'Aviso legal' }).click();
  await expect(page).toHaveURL(/\/aviso-legal$/);
});
