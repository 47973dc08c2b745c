import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMINISTRATOR, CUSTOMER, logIn } from './support/session';

// Issue 24 "Phones": the top of the first invoice's amount within the first 780 px of every invoice list at
// 360×780, and the whole first invoice row above the fold at 1280×800; the filters fold behind Filtrar on a
// phone and say what the list is filtered by.

// A demo electricity contract of the customer 'demo' with three years of monthly invoices (as invoices.spec.ts).
const PRODUCT = '100000174';

const VIEWPORTS = [
  { name: 'teléfono', width: 360, height: 780 },
  { name: 'escritorio', width: 1280, height: 800 },
] as const;

const LISTS = [
  { path: `/invoices/${PRODUCT}`, administrator: false },
  { path: '/allinvoices', administrator: false },
  { path: '/allinvoices-gas', administrator: false },
  { path: '/administrador-fincas', administrator: true },
] as const;

/** The first invoice row of the page and its Importe Total cell, measured from the top of the document. */
async function firstInvoice(page: Page) {
  await expect(page.getByRole('heading', { name: 'Últimas 10 facturas' }).first()).toBeVisible();
  const row = page.locator('table.invoice-table tbody tr').first();
  const amount = row.locator('td[data-label="Importe Total"]');
  await expect(amount).toBeVisible();
  const scroll = await page.evaluate(() => window.scrollY);
  const rowBox = (await row.boundingBox())!;
  const amountBox = (await amount.boundingBox())!;
  return { rowBottom: rowBox.y + rowBox.height + scroll, amountTop: amountBox.y + scroll };
}

async function expectAxeClean(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const list of LISTS) {
      test(`la primera factura de ${list.path} está en la primera pantalla`, async ({ page }) => {
        await logIn(page, list.administrator ? ADMINISTRATOR : CUSTOMER, {
          administrator: list.administrator,
        });
        if (!list.administrator) {
          // The home stores the CUPS list the supply selector reads.
          await expect(page.getByRole('region', { name: 'Contratos de electricidad' })).toBeVisible();
          await page.goto(list.path);
        }
        const { rowBottom, amountTop } = await firstInvoice(page);
        if (viewport.width === 360) expect(amountTop).toBeLessThan(viewport.height);
        else expect(rowBottom).toBeLessThanOrEqual(viewport.height);
      });
    }
  });
}

test.describe('escritorio 1280: la tabla del administrador', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('cabe entera: ni se desplaza de lado ni corta Factura ni sus PDF', async ({ page }) => {
    await logIn(page, ADMINISTRATOR, { administrator: true });
    await expect(page.getByRole('heading', { name: 'Últimas 10 facturas' })).toBeVisible();
    const region = page.getByRole('region', { name: 'Listado de facturas (tabla)' });
    const widths = await region.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await expect(region.getByRole('columnheader', { name: 'Factura', exact: true })).toBeInViewport({
      ratio: 1,
    });
    for (const pdf of await region.getByRole('button', { name: /^Descargar PDF de la factura/ }).all())
      expect(await pdf.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
    await expect(region.getByRole('button', { name: /^Descargar PDF de la factura/ }).first()).toBeInViewport(
      {
        ratio: 1,
      },
    );
  });
});

test.describe('teléfono: filas compactas y filtros plegados', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('una línea por factura, detalles con Intro y filtros tras Filtrar', async ({ page }) => {
    await logIn(page, CUSTOMER);
    await expect(page.getByRole('region', { name: 'Contratos de electricidad' })).toBeVisible();
    await page.goto('/allinvoices');
    await expect(page.getByRole('heading', { name: 'Últimas 10 facturas' }).first()).toBeVisible();

    // Each row is one line: date, amount, supply and PDF share one top.
    const row = page.locator('table.invoice-table tbody tr').first();
    const tops = await row
      .locator('td')
      .evaluateAll((cells) =>
        cells
          .filter((cell) => getComputedStyle(cell).display !== 'none')
          .map((cell) => Math.round(cell.getBoundingClientRect().top)),
      );
    expect(tops.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(12);
    const nif = row.locator('td[data-label="NIF"]');
    await expect(nif).toBeHidden();

    // Detalles opens the rest of the row from the keyboard.
    const details = row.getByRole('button', { name: /^Detalles de la factura/ });
    await details.focus();
    await page.keyboard.press('Enter');
    await expect(details).toHaveAttribute('aria-expanded', 'true');
    await expect(row.locator('td[data-label="Dirección"]')).toBeVisible();

    // The filters wait behind Filtrar, which says what the list is filtered by.
    const filtrar = page.getByRole('button', { name: 'Filtrar' });
    await expect(filtrar).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Contrato', { exact: true })).toBeHidden();
    await expect(page.getByText(/^Filtros: Desde \d\d\/\d\d\/\d{4} · Hasta/)).toBeVisible();
    await filtrar.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Contrato', { exact: true })).toBeVisible();
    await expectAxeClean(page);
  });
});

// Issue 24 "Phones": at 360×780 the home was 9,328 px (12 screens) with the first contract 1,625 px down.
const ISSUE_HOME_HEIGHT = 9_328;

test.describe('teléfono 360×780: el inicio', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('el primer contrato está en la primera pantalla, y el inicio mide menos de la mitad que en el issue', async ({
    page,
  }) => {
    await logIn(page, CUSTOMER);
    const firstContract = page
      .getByRole('region', { name: 'Contratos de electricidad' })
      .locator('tbody tr')
      .first();
    await expect(firstContract).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Contratos de gas' }).locator('tbody tr').first(),
    ).toBeVisible();
    // Measured once every answer of the home has arrived and been drawn.
    await page.waitForLoadState('networkidle');
    const { contractTop, height } = await firstContract.evaluate((row) => ({
      contractTop: row.getBoundingClientRect().top + window.scrollY,
      height: document.documentElement.scrollHeight,
    }));
    console.log(`inicio a 360×780: ${height} px de alto, primer contrato a ${contractTop} px`);
    expect(contractTop).toBeLessThan(780);
    expect(height).toBeLessThan(ISSUE_HOME_HEIGHT / 2);
  });
});
