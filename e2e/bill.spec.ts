import { expect, test, type Locator, type Page } from '@playwright/test';
import { allViolations } from './support/axe';
import { selectContract } from './support/contracts';
import { CUSTOMER, logIn } from './support/session';

// Issue 29 "¿Por qué ha cambiado mi factura?": opened from the home's latest invoice and from a row of Buscar
// Facturas with the keyboard only; the sentence and the parts' table read; axe at 1280 and 360 px.

/** Tabs until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 120; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('El elemento no recibe el foco con el tabulador');
}

/** The explainer's sentence and, through "Ver como tabla", the rows of its parts, all by keyboard. */
async function readExplainer(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: /^Factura / })).toBeVisible();
  await expect(page.locator('.bill-explainer__sentence')).toHaveText(
    /^(Esta factura es .+ que la anterior|No hay una factura anterior)/,
  );
  const toggle = page.getByRole('button', { name: 'Ver como tabla' }).first();
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  const table = page.getByRole('table', { name: /Diferencia por conceptos/ }).first();
  await expect(table).toBeVisible();
  for (const part of ['Consumo', 'Impuestos', 'Redondeo']) {
    await expect(table.getByRole('row', { name: new RegExp(`^${part}`) })).toBeVisible();
  }
}

for (const width of [1280, 360]) {
  test(`la explicación de la factura se abre desde el inicio y desde una fila, con el teclado, a ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 800 });
    await logIn(page, CUSTOMER);

    const fromHome = page.getByRole('link', { name: '¿Por qué ha cambiado mi factura?' });
    await tabTo(page, fromHome);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/facturas\/\d+\/explicacion$/);
    await readExplainer(page);
    expect(await allViolations(page, `explicación desde el inicio a ${width} px`)).toEqual([]);

    await page.goto('/');
    const point = await selectContract(page);
    await page.goto(`/invoices/${point.codAbonado}`);
    const row = page.getByRole('table', { name: 'Facturas' }).locator('tbody tr').first();
    await expect(row).toBeVisible();
    const details = row.getByRole('button', { name: /^Detalles de la factura/ });
    if (await details.isVisible()) {
      // On a phone a row shows one line; its "Detalles" opens the rest, the link among it.
      await tabTo(page, details);
      await page.keyboard.press('Enter');
    }
    const fromRow = row.getByRole('link', { name: /^¿Por qué ha cambiado\?/ });
    await tabTo(page, fromRow);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/facturas\/\d+\/explicacion$/);
    await readExplainer(page);
    expect(await allViolations(page, `explicación desde una fila a ${width} px`)).toEqual([]);
  });
}

// "¿Me conviene otra tarifa o potencia?": from the load curve to the simulator, a power typed and simulated, the
// options' table read, keyboard only; a screenshot at each width to look at, and axe.
for (const width of [1280, 360]) {
  test(`el simulador de tarifa y potencia se usa con el teclado a ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 800 });
    await logIn(page, CUSTOMER);
    const point = await selectContract(page);
    await page.goto(`/loadcurve/${point.codAbonado}`);
    const link = page.getByRole('link', { name: '¿Me conviene otra tarifa o potencia?' });
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/simulador/${point.codAbonado}$`));
    const table = page.getByRole('table', { name: 'Opciones simuladas' });
    // A phone's card names each cell by its column first.
    await expect(table.getByRole('row', { name: /^(Opción )?Contrato actual/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /^(Opción )?Tarifa Precio Único/ })).toBeVisible();

    await tabTo(page, page.getByLabel('Otra potencia a simular (kW)'));
    await page.keyboard.type('0,5');
    await tabTo(page, page.getByRole('button', { name: 'Simular' }));
    await page.keyboard.press('Enter');
    const typed = table.getByRole('row', { name: /^(Opción )?Potencia indicada: 0,50 kW/ });
    await expect(typed).toBeVisible();
    await expect(typed).toContainText('Por debajo de su consumo máximo del año');

    await tabTo(page, page.getByRole('button', { name: 'Ver como tabla' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('table', { name: /Coste al año de cada opción/ })).toBeVisible();
    await page.screenshot({ path: `e2e/artifacts/simulador-${width}.png`, fullPage: true });
    expect(await allViolations(page, `simulador a ${width} px`)).toEqual([]);
  });
}
