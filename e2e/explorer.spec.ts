import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { dayPeriodNumbers, PERIOD_CODES, periodLabel } from '../server/src/measurements/tariffPeriods';
import { allViolations } from './support/axe';
import { selectContract } from './support/contracts';
import { CUSTOMER, logIn } from './support/session';

// Issue 15's journey through the consumption explorer, by keyboard where a user can: switch to months, drill into
// a day, compare with last year, reload into the same view, export the curve and read its periods back.

const query = (page: Page) => new URL(page.url()).searchParams;

/**
 * An export's period column: 2.0TD's periods by name, exactly those of the days it lists (a weekday has P1, P2
 * and P3; a Saturday, a Sunday or a national holiday P3 all day: the drilled day depends on today's date).
 */
function expectTariffPeriods(periods: Set<string>, days: Set<string>) {
  expect([...periods].every((period) => /^P[1-3] (Punta|Llano|Valle)$/.test(period))).toBe(true);
  expect(days.size).toBeGreaterThan(0);
  const expected = new Set(
    [...days].flatMap((day) =>
      dayPeriodNumbers('2.0TD', day).map((number) => periodLabel('2.0TD', PERIOD_CODES[number - 1])),
    ),
  );
  expect([...periods].sort()).toEqual([...expected].sort());
}

/** A sheet's date (dd/mm/yyyy, or a date cell) as YYYY-MM-DD. */
const isoDay = (value: unknown) =>
  value instanceof Date
    ? value.toISOString().slice(0, 10)
    : String(value).replace(/^(\d\d)\/(\d\d)\/(\d{4})$/, '$3-$2-$1');

async function drawn(page: Page) {
  await expect(page.locator('.loading-bar')).toHaveText('');
  await expect(page.locator('figure.chart-figure .highcharts-series-group')).toHaveCount(1);
}

test('the explorer: month view, drill into a day, compare, reload, export', async ({ page }) => {
  await logIn(page, CUSTOMER);
  const point = await selectContract(
    page,
    (p) => p.line === 'Electricidad' && !p.fechaBaja && p.accessFee?.fee === '2.0TD',
  );
  await page.goto(`/loadcurve/${point.codAbonado}`);
  await expect(page.getByRole('heading', { name: 'Curva de carga', level: 1 })).toBeVisible();
  await drawn(page);
  await expect(page.getByText(/^Datos hasta el \d\d\/\d\d\/\d{4} a las \d\d:00/)).toBeVisible();

  // Escala by keyboard: the radios of a group move with the arrow keys.
  await page.getByRole('radio', { name: 'Hora' }).focus();
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Mes' })).toBeChecked();
  await expect.poll(() => query(page).get('escala')).toBe('mes');
  await drawn(page);

  // A month's bar opens its days, a day's its hours, through the table's date buttons.
  await page.getByRole('button', { name: 'Ver como tabla' }).press('Enter');
  await expect.poll(() => query(page).get('tabla')).toBe('1');
  await page
    .getByRole('button', { name: /^Ver el detalle de / })
    .first()
    .press('Enter');
  await expect.poll(() => query(page).get('escala')).toBe('dia');
  await drawn(page);
  await page
    .getByRole('button', { name: /^Ver el detalle de / })
    .last()
    .press('Enter');
  // Hours are the default scale: the URL leaves escala out and keeps the one day.
  await expect.poll(() => query(page).get('escala')).toBeNull();
  await expect(page.getByRole('radio', { name: 'Hora' })).toBeChecked();
  const day = query(page).get('desde');
  expect(query(page).get('hasta')).toBe(day);
  await drawn(page);

  await page.getByRole('checkbox', { name: 'Comparar con el año anterior' }).press('Space');
  await expect.poll(() => query(page).get('comparar')).toBe('1');
  await expect(page.getByText(/respecto al año anterior|sin consumo el año anterior/)).toBeVisible();

  const url = page.url();
  await page.reload();
  await drawn(page);
  expect(page.url()).toBe(url);
  await expect(page.getByRole('radio', { name: 'Hora' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Comparar con el año anterior' })).toBeChecked();
  await expect(page.getByRole('table', { name: /Consumo por periodo tarifario/ })).toBeVisible();

  // Back walks the views the user went through.
  await page.goBack();
  await expect.poll(() => query(page).get('comparar')).toBeNull();
  await page.goForward();
  await expect.poll(() => query(page).get('comparar')).toBe('1');

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar curva' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`CurvasCarga-${point.codAbonado}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const sheet = book.worksheets[0];
  let header = 0;
  sheet.eachRow((row, number) => {
    if (!header && (row.values as unknown[]).includes('Periodo tarifario')) header = number;
  });
  expect(header).toBeGreaterThan(0);
  const columns = sheet.getRow(header).values as unknown[];
  const [column, dateColumn] = [columns.indexOf('Periodo tarifario'), columns.indexOf('Fecha')];
  const periods = new Set<string>();
  const days = new Set<string>();
  for (let number = header + 1; number <= sheet.rowCount; number += 1) {
    periods.add(sheet.getRow(number).getCell(column).text);
    days.add(isoDay(sheet.getRow(number).getCell(dateColumn).value));
  }
  expectTariffPeriods(periods, days);

  // The same hours as CSV: `;`-separated, the period and the time zone in their own columns.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`CurvasCarga-${point.codAbonado}.csv`);
  const lines = (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  const csvHeader = lines.findIndex((line) => line.split(';').includes('Periodo tarifario'));
  expect(csvHeader).toBeGreaterThan(0);
  const names = lines[csvHeader].split(';');
  const rows = lines
    .slice(csvHeader + 1)
    .filter(Boolean)
    .map((line) => line.split(';'));
  expect(rows.length).toBeGreaterThan(0);
  expectTariffPeriods(
    new Set(rows.map((row) => row[names.indexOf('Periodo tarifario')])),
    new Set(rows.map((row) => isoDay(row[names.indexOf('Fecha')]))),
  );
  const zones = rows.map((row) => row[names.indexOf('Zona horaria')]);
  expect(zones.every((zone) => /^Europe\/Madrid \(UTC\+0[12]:00\)$/.test(zone))).toBe(true);

  expect(await allViolations(page, 'explorer 1280')).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });
  await drawn(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await allViolations(page, 'explorer 360')).toEqual([]);
});
