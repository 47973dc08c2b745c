import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { expectAccessible } from './support/axe';
import { ADMINISTRATOR, CUSTOMER, logIn } from './support/session';
import { storeOnNextLoad } from './support/storage';

// A demo electricity contract of the customer 'demo' with three years of monthly invoices.
const PRODUCT = { line: 'Electricidad', cups: 'ES0022055804950627PZ', codAbonado: '100000174' };

async function openProduct(page: Page) {
  await storeOnNextLoad(page, { selectedProduct: JSON.stringify(PRODUCT) });
  await page.goto(`/invoices/${PRODUCT.codAbonado}`);
  await expect(page.getByRole('heading', { name: 'Últimas 10 facturas' })).toBeVisible();
}

const ddmmyyyy = (date: Date) =>
  `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;

test('un cliente busca las facturas de un producto por fechas, descarga un PDF y el gráfico', async ({
  page,
}) => {
  await logIn(page, CUSTOMER);
  await openProduct(page);
  await expect(page.getByText(PRODUCT.cups, { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Desde' })).not.toHaveValue('');
  await expectAccessible(page);

  const today = new Date();
  const yearAgo = new Date(today.getFullYear() - 1, today.getMonth(), today.getDate());
  await page.getByRole('textbox', { name: 'Desde' }).fill(ddmmyyyy(yearAgo));
  await page.getByRole('textbox', { name: 'Desde' }).press('Tab');
  await page.getByRole('textbox', { name: 'Hasta' }).fill(ddmmyyyy(today));
  await page.getByRole('textbox', { name: 'Hasta' }).press('Tab');
  await page.getByRole('button', { name: 'Buscar' }).click();
  // The default query's heading is already there: the search's own answer is in once it takes the focus.
  await expect(page.getByRole('heading', { name: /^Resultados \(\d+\)$/ })).toBeFocused();
  const results = Number(
    (await page.getByRole('heading', { name: /^Resultados/ }).textContent())!.match(/\d+/)![0],
  );
  expect(results).toBeGreaterThan(10);
  await expect(page.getByRole('navigation', { name: 'Páginas de facturas' })).toBeVisible();

  const pdfDownload = page.waitForEvent('download');
  await page
    .getByRole('button', { name: /^Descargar PDF de la factura/ })
    .first()
    .click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^Factura-.+\.pdf$/);
  const pdfBytes = await readFile(await pdf.path());
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');

  // The chart is drawn by Highcharts (lazy chunk) and its PNG is made in the browser.
  await expect(page.locator('.highcharts-container').first()).toBeVisible();
  await page.getByRole('radio', { name: 'Importes' }).check();
  await expect(page.getByRole('figure', { name: 'Importe de las facturas' }).first()).toBeVisible();
  const exportCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('export.highcharts.com')) exportCalls.push(request.url());
  });
  const pngDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar gráfico' }).click();
  const png = await pngDownload;
  expect(png.suggestedFilename()).toBe('grafico_consumo.png');
  const pngBytes = await readFile(await png.path());
  expect(pngBytes.readUInt32BE(16)).toBe(1400);
  expect(pngBytes.readUInt32BE(20)).toBe(800);
  expect(exportCalls).toEqual([]);
});

test('un cliente exporta a Excel las facturas de electricidad y pasa a la pestaña de gas', async ({
  page,
}) => {
  await logIn(page, CUSTOMER);
  // The stored contract totals decide the tabs; the home page stores them, this test does not depend on it.
  await storeOnNextLoad(page, { totalContractsGas: '9', totalContractsElectricidad: '9' });
  await page.goto('/allinvoices');
  await expect(page.getByRole('heading', { name: 'Últimas 10 facturas' })).toHaveCount(2);
  await expectAccessible(page);

  const excelDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Excel Electricidad' }).click();
  const excel = await excelDownload;
  expect(excel.suggestedFilename()).toBe('facturas Electricidad.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await excel.path());
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).getCell(1).value).toBe('Línea');
  expect(sheet.rowCount).toBeGreaterThan(1);
  expect(sheet.getRow(2).getCell(1).value).toBe('Electricidad');

  await page.getByRole('link', { name: 'Gas', exact: true }).click();
  await expect(page).toHaveURL(/\/allinvoices-gas$/);
  await expect(page.getByRole('heading', { name: 'Facturas de gas' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Últimas 10 facturas' })).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Electricidad', exact: true })).toBeVisible();
  await expectAccessible(page);
});

test('el administrador abre los detalles de un contrato, sin descargas mientras está abierto', async ({
  page,
}) => {
  await logIn(page, ADMINISTRATOR, { administrator: true });
  await expect(page).toHaveURL(/\/administrador-fincas$/);
  await expect(page.getByRole('heading', { name: 'Últimas 10 facturas' })).toBeVisible();
  await expectAccessible(page);

  await page
    .getByRole('button', { name: /^Ver detalles del contrato/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Detalles del Contrato' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Razón Social')).toBeVisible();
  await expect(page.locator('#root')).toHaveCSS('filter', /blur/);
  await expect(page.getByRole('button', { name: /^Descargar PDF de la factura/ }).first()).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Excel Electricidad' })).toBeDisabled();
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Descargar PDF de la factura/ }).first()).toBeEnabled();

  // The reference server answers a ZIP: saved as .zip whatever the call's name (DECISIONS "Archive file names").
  const zipDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'ZIP Electricidad' }).click();
  expect((await zipDownload).suggestedFilename()).toBe('facturas Electricidad.zip');
});
