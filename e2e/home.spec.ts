import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { CUSTOMER, logIn } from './support/session';

const electricityTable = (page: Page) => page.getByRole('region', { name: 'Contratos de electricidad' });
const gasTable = (page: Page) => page.getByRole('region', { name: 'Contratos de gas' });
const bodyRows = (table: ReturnType<Page['getByRole']>) => table.locator('tbody tr');

test.beforeEach(async ({ page }) => {
  await logIn(page, CUSTOMER);
  await expect(bodyRows(electricityTable(page))).toHaveCount(10);
});

test('el inicio filtra por CUPS y pagina cada línea', async ({ page }) => {
  await expectAccessible(page);
  await expect(page.getByRole('region', { name: 'Productos contratados' })).toContainText('12');
  await expect(bodyRows(gasTable(page))).toHaveCount(10);

  const cups = (await bodyRows(gasTable(page)).nth(4).locator('td').nth(2).textContent())!.trim();
  await page.getByLabel('CUPS').fill(cups);
  await expect(bodyRows(gasTable(page))).toHaveCount(1);
  await expect(bodyRows(gasTable(page)).first()).toContainText(cups);
  await expect(electricityTable(page)).toHaveCount(0);

  await page.getByLabel('CUPS').fill('');
  await expect(bodyRows(electricityTable(page))).toHaveCount(10);
  const pager = page.getByRole('navigation', { name: 'Páginas de contratos de electricidad' });
  await pager.getByRole('button', { name: 'Página 2' }).click();
  await expect(bodyRows(electricityTable(page))).toHaveCount(2);
  await expect(pager.getByRole('button', { name: 'Página 2' })).toBeDisabled();
  await expectAccessible(page);
});

test('descarga el PDF de un contrato con su número', async ({ page }) => {
  const row = bodyRows(gasTable(page)).first();
  const contract = (await row.locator('.contracts__code').textContent())!.trim();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Descargar el contrato ${contract} en PDF` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Contrato-${contract}.pdf`);
  const file = readFileSync(await download.path());
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  expect(file.toString('latin1')).toContain(`(Contrato de suministro ${contract})`);
});

test('una solicitud nueva aparece en la lista, sube el contador y se ve su detalle', async ({ page }) => {
  const requests = page.getByRole('region', { name: 'Solicitudes' });
  await expect(requests).toContainText(/\d+ solicitudes? abiertas?/);
  const before = Number((await requests.textContent())!.match(/(\d+) solicitud/)![1]);

  await requests.getByRole('link', { name: 'Nueva solicitud' }).click();
  await expect(page).toHaveURL(/\/new-issue$/);
  await expect(page.getByRole('option', { name: 'Facturación' })).toBeAttached();
  await expectAccessible(page);
  const subject = `Consulta "e2e" ${Date.now()}`;
  await page.getByLabel('Asunto').fill(subject);
  await page.getByLabel('Categoría', { exact: true }).selectOption({ label: 'Lecturas' });
  await expect(page.getByRole('option', { name: 'Lectura estimada' })).toBeAttached();
  await page.getByLabel('Subcategoría').selectOption({ label: 'Lectura estimada' });
  await expect(page.getByLabel('CUPS')).toBeDisabled();
  await page.getByLabel('Línea').selectOption('Gas');
  await page.getByLabel('CUPS').selectOption({ index: 1 });
  await expect(page.getByLabel('Código de contrato')).toHaveValue(/^\d+$/);
  await page.getByLabel('Descripción').fill('La lectura de la última factura es estimada.\nAdjunto la real.');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('El registro de la nueva solicitud se ha realizado con éxito.')).toBeVisible();
  await expect(page.getByText('Nos pondremos en contacto lo antes posible.')).toBeVisible();
  const code = (await page.getByText(/^Código de la solicitud: \d+$/).textContent())!.replace(/\D/g, '');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Ver mis solicitudes' }).click();
  await expect(page).toHaveURL(/\/issues$/);
  const first = page.getByRole('region', { name: 'Sus solicitudes' }).locator('tbody tr').first();
  await expect(first).toContainText(code);
  await expect(first).toContainText(subject);
  await expect(first).toContainText('Nueva');
  await expectAccessible(page);

  await first.getByRole('link', { name: `Ver detalle de la solicitud ${code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/issues/${code}$`));
  await expect(page.getByRole('heading', { name: 'Detalle de solicitud' })).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: subject })).toBeVisible();
  await expect(page.getByText('Adjunto la real.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Volver' }).click();
  await page.getByRole('link', { name: 'Volver' }).click();
  await expect(page.getByRole('region', { name: 'Solicitudes' })).toContainText(
    `${before + 1} solicitudes abiertas`,
  );
});

test('la lectura de un contrato de peaje 2.0DHA pide solo punta y valle', async ({ page }) => {
  // Signed on 2.0DHA and billed with 2.0TD since June 2021 (issue 24): its table row shows 2.0TD, and the access
  // fee the CUPS list keeps as signed chooses the reading's fields (spec 01 §3).
  const contract = await page.evaluate(() => {
    const points = Object.values<{
      codAbonado: string;
      fechaBaja: string | null;
      accessFee?: { fee?: string };
    }>(JSON.parse(localStorage.getItem('cups')!).Electricidad);
    return points.find((point) => !point.fechaBaja && point.accessFee?.fee === '2.0DHA')!.codAbonado;
  });
  const row = bodyRows(electricityTable(page)).filter({
    has: page.locator('.contracts__code', { hasText: contract }),
  });
  await expect(row.getByRole('cell', { name: '2.0TD', exact: true })).toBeVisible();
  await row.getByRole('link', { name: `Enviar la lectura del contrato ${contract}` }).click();
  await expect(page).toHaveURL(new RegExp(`/readinginput/${contract}$`));
  await expect(page.getByRole('textbox')).toHaveCount(2);
  await expect(page.getByLabel('Energía activa punta (kWh)')).toBeVisible();
  await expect(page.getByLabel('Energía activa valle (kWh)')).toBeVisible();
  await expect(page.getByText(contract, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Energía activa punta (kWh)').fill('1.200');
  await page.getByLabel('Energía activa valle (kWh)').fill('0');
  await page.getByRole('button', { name: 'Enviar lectura' }).click();
  // Read on the fields: the error summary (issue 14) repeats each message as a link.
  await expect(page.getByLabel('Energía activa valle (kWh)')).toHaveAccessibleDescription(
    'El campo Energía activa valle debe de ser mayor que cero (0)',
  );
  await expect(page.getByLabel('Energía activa punta (kWh)')).toHaveAccessibleDescription(
    /El campo Energía activa punta sólo puede tener caracteres numéricos/,
  );
  await expectAccessible(page);
  await page.getByLabel('Energía activa punta (kWh)').fill('1200,5');
  await page.getByLabel('Energía activa valle (kWh)').fill('830');
  await page.getByRole('button', { name: 'Enviar lectura' }).click();
  await expect(page.getByText('La lectura se ha enviado con éxito.')).toBeVisible();
});

test('la lista de solicitudes abierta directamente muestra solo «Ver detalle» en cada fila', async ({
  page,
}) => {
  await page.goto('/issues');
  const link = page.getByRole('link', { name: /^Ver detalle de la solicitud \d+$/ }).first();
  await expect(link).toBeVisible();
  // The words that name the request are for screen readers: they take no room on the screen.
  const hidden = await link.locator('span').boundingBox();
  expect(hidden!.width).toBeLessThanOrEqual(1);
  expect(hidden!.height).toBeLessThanOrEqual(1);
});

test('las tablas de contratos caben en su tarjeta a 1024, 1280 y 1440 px sin ocultar columnas', async ({
  page,
}) => {
  await expect(bodyRows(gasTable(page))).toHaveCount(10);
  for (const width of [1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const table of [electricityTable(page), gasTable(page)]) {
      const fit = await table.evaluate((region) => ({
        scrolls: region.scrollWidth - region.clientWidth,
        // The phone's Detalles column (issue 24) is meant to be hidden on wider screens.
        hidden: [
          ...region.querySelectorAll('th:not(.data-table__toggle), td:not(.data-table__toggle)'),
        ].filter(
          (cell) => getComputedStyle(cell).display === 'none' || cell.getBoundingClientRect().width === 0,
        ).length,
        right: Math.max(...[...region.querySelectorAll('th')].map((th) => th.getBoundingClientRect().right)),
        edge: region.getBoundingClientRect().right,
      }));
      const name = `${await table.getAttribute('aria-label')} a ${width} px`;
      expect(fit.scrolls, name).toBeLessThanOrEqual(0);
      expect(fit.hidden, name).toBe(0);
      // The last column (Lectura) ends inside the card.
      expect(fit.right, name).toBeLessThanOrEqual(fit.edge);
    }
  }
});
