import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMINISTRATOR, CUSTOMER, logIn } from './support/session';
import { storeOnNextLoad } from './support/storage';

// Issue 14 "Phones (≤ 600 px)": at 360 px every list is a column of cards whose cells, amounts and actions all
// sit inside the screen, with no sideways scrolling of the page or of a table.
const WIDTH = 360;
test.use({ viewport: { width: WIDTH, height: 740 } });

// A demo electricity contract of the customer 'demo' with three years of monthly invoices (as invoices.spec.ts).
const PRODUCT = { line: 'Electricidad', cups: 'ES0022055804950627PZ', codAbonado: '100000174' };

/** Any axe violation at all, whatever its impact, fails the screen. */
async function expectAxeClean(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target).join(', ')}`),
    `axe en ${page.url()}`,
  ).toEqual([]);
}

/**
 * Every row of every list on the page: each shown cell (and so every amount, link and button) lies inside the
 * screen and names its column; the page does not scroll sideways. Returns how many rows it looked at.
 */
async function expectCardsOnScreen(tables: Locator): Promise<number> {
  await expect(tables.first().locator('tbody tr').first()).toBeVisible();
  const report = await tables.evaluateAll((elements, width) => {
    const problems: string[] = [];
    let rows = 0;
    for (const table of elements as HTMLTableElement[]) {
      const headers = [...table.tHead!.rows[0].cells].map((cell) => cell.textContent);
      const region = table.closest('[role="region"]')!;
      if (region.scrollWidth > region.clientWidth) problems.push(`${region.ariaLabel} se desplaza de lado`);
      for (const row of table.tBodies[0].rows) {
        rows += 1;
        [...row.cells].forEach((cell, index) => {
          if (getComputedStyle(cell).display === 'none') return;
          const name = `${headers[index]} «${cell.textContent}»`;
          const label = getComputedStyle(cell, '::before').content;
          // A compact list's one line (date · amount · supply · PDF) and its Detalles button go unlabelled.
          const inLine = cell.matches('.data-table__summary, .data-table__toggle');
          if (!inLine && label !== JSON.stringify(headers[index]))
            problems.push(`${name} sin su columna (${label})`);
          for (const part of [cell, ...cell.querySelectorAll('a, button')]) {
            const box = part.getBoundingClientRect();
            if (box.left < 0 || box.right > width) problems.push(`${name}: ${box.left}-${box.right}`);
          }
        });
      }
    }
    return { problems, rows, pageWidth: document.scrollingElement!.scrollWidth };
  }, WIDTH);
  expect(report.problems).toEqual([]);
  expect(report.pageWidth).toBeLessThanOrEqual(WIDTH);
  return report.rows;
}

const cardTables = (page: Page) => page.locator('table.data-table');

test('el inicio y las solicitudes muestran en tarjetas los datos y todas las acciones de cada fila', async ({
  page,
}) => {
  await logIn(page, CUSTOMER);
  const electricity = page.getByRole('region', { name: 'Contratos de electricidad' });
  await expect(electricity.locator('tbody tr')).toHaveCount(10);
  await expect(page.getByRole('region', { name: 'Contratos de gas' }).locator('tbody tr')).toHaveCount(10);
  expect(await expectCardsOnScreen(cardTables(page))).toBe(20);
  const firstContract = electricity.locator('tbody tr').first();
  await firstContract.scrollIntoViewIfNeeded();
  // One line per contract (issue 24); its Detalles button opens the rest, actions included.
  await firstContract.getByRole('button', { name: /^Detalles del contrato/ }).click();
  for (const action of [
    firstContract.getByRole('button', { name: /^Descargar el contrato/ }),
    firstContract.getByRole('link', { name: /las facturas del contrato/ }),
    firstContract.getByRole('link', { name: /el certificado del contrato/ }),
    firstContract.getByRole('link', { name: /los consumos del contrato/ }),
    firstContract.getByRole('link', { name: /la lectura del contrato/ }),
  ]) {
    await action.scrollIntoViewIfNeeded();
    await expect(action).toBeInViewport({ ratio: 1 });
  }
  await expectAxeClean(page);

  await page.goto('/issues');
  const issues = page.getByRole('region', { name: 'Sus solicitudes' });
  await expect(issues.locator('tbody tr').first()).toBeVisible();
  expect(await expectCardsOnScreen(cardTables(page))).toBeGreaterThan(0);
  const detail = issues.getByRole('link', { name: /^Ver detalle/ }).first();
  await detail.scrollIntoViewIfNeeded();
  await expect(detail).toBeInViewport({ ratio: 1 });
  await expectAxeClean(page);
});

test('las facturas de un producto y de cada línea muestran importe y PDF sin desplazarse de lado', async ({
  page,
}) => {
  await logIn(page, CUSTOMER);
  await storeOnNextLoad(page, {
    selectedProduct: JSON.stringify(PRODUCT),
    totalContractsGas: '9',
    totalContractsElectricidad: '9',
  });
  await page.goto(`/invoices/${PRODUCT.codAbonado}`);
  await expect(page.getByRole('heading', { name: 'Últimas 10 facturas' })).toBeVisible();
  expect(await expectCardsOnScreen(cardTables(page))).toBe(10);
  const pdf = page.getByRole('button', { name: /^Descargar PDF de la factura/ }).first();
  await pdf.scrollIntoViewIfNeeded();
  await expect(pdf).toBeInViewport({ ratio: 1 });
  await expectAxeClean(page);

  for (const path of ['/allinvoices', '/allinvoices-gas']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Últimas 10 facturas' })).toHaveCount(2);
    expect(await expectCardsOnScreen(cardTables(page))).toBeGreaterThan(0);
    await expectAxeClean(page);
  }
});

/** How many lines the element's text takes. */
async function textLines(element: Locator): Promise<number> {
  return element.evaluate((root) => {
    const range = document.createRange();
    range.selectNodeContents(root);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

/** Words of the element's text that the browser laid out over two lines (broken in the middle). */
async function brokenWords(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

test('el administrador ve su lista en tarjetas y el detalle del contrato sin palabras partidas', async ({
  page,
}) => {
  await logIn(page, ADMINISTRATOR, { administrator: true });
  await expect(page.getByRole('heading', { name: 'Últimas 10 facturas' })).toBeVisible();
  expect(await expectCardsOnScreen(cardTables(page))).toBe(10);
  await expectAxeClean(page);

  // One line per invoice (issue 24): the contract's button is among the details of a row of one contract.
  const row = page
    .locator('table.invoice-table tbody tr')
    // Hidden until the row opens, so found by its cell rather than by its role.
    .filter({ has: page.locator('td[data-label="Contrato"] button') })
    .first();
  await row.getByRole('button', { name: /^Detalles de la factura/ }).click();
  await row.getByRole('button', { name: /^Ver detalles del contrato/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Detalles del Contrato' });
  await expect(dialog.getByText('Razón Social')).toBeVisible();
  const values = dialog.locator('dd');
  expect(await values.count()).toBeGreaterThan(8);
  expect(await brokenWords(dialog.locator('dl'))).toEqual([]);
  // Each label stands over its value, and every value lies within the screen's width.
  const pairs = await dialog.locator('dt').evaluateAll((labels) =>
    labels.map((label) => {
      const value = label.nextElementSibling!.getBoundingClientRect();
      return { labelBottom: label.getBoundingClientRect().bottom, value };
    }),
  );
  for (const { labelBottom, value } of pairs) {
    expect(value.top).toBeGreaterThanOrEqual(labelBottom - 1);
    expect(value.left).toBeGreaterThanOrEqual(0);
    expect(value.right).toBeLessThanOrEqual(WIDTH);
  }
  await expectAxeClean(page);
});

test('los pasos del alta caben en una línea', async ({ page }) => {
  await page.goto('/signup');
  const steps = page.getByRole('list').filter({ hasText: 'Datos de Usuario' }).getByRole('listitem');
  await expect(steps).toHaveCount(3);
  const boxes = await steps.evaluateAll((items) => items.map((item) => item.getBoundingClientRect()));
  expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
  expect(Math.max(...boxes.map((box) => box.right))).toBeLessThanOrEqual(WIDTH);
  // Each step's name on one line of text.
  for (const step of await steps.all()) expect(await textLines(step)).toBe(1);
  // And no name runs past its own step into the next one.
  const overflowing = await steps.evaluateAll((items) =>
    items.filter((item) => item.scrollWidth > item.clientWidth).map((item) => item.textContent),
  );
  expect(overflowing).toEqual([]);
  await expectAxeClean(page);
});
