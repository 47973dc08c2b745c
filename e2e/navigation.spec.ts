import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { ADMINISTRATOR, CUSTOMER, logIn } from './support/session';

const CONTRACT = '100000154';
/** Every screen a signed-in customer reaches from the menu or a contract row. */
const CUSTOMER_ROUTES = [
  '/',
  '/allinvoices',
  '/allinvoices-gas',
  `/invoices/${CONTRACT}`,
  `/telemetry/${CONTRACT}`,
  `/loadcurve/${CONTRACT}`,
  `/certificate/${CONTRACT}`,
  `/readinginput/${CONTRACT}`,
  '/issues',
  '/new-issue',
  '/admin',
  '/aviso-legal',
  '/no-existe',
];

async function titleLeft(page: Page): Promise<number> {
  const box = await page.getByRole('heading', { level: 1 }).boundingBox();
  if (!box) throw new Error(`sin título en ${page.url()}`);
  return Math.round(box.x);
}

test('a 1280 px el título de cada pantalla empieza en el mismo borde, bajo un único «Volver»', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, CUSTOMER);
  const logo = await page
    .getByRole('banner')
    .getByRole('link', { name: /ir al inicio/ })
    .boundingBox();
  const edges = new Set<number>();
  for (const route of CUSTOMER_ROUTES) {
    await page.goto(route);
    edges.add(await titleLeft(page));
    const back = page.getByRole('main').getByRole('link', { name: /^Volver/ });
    // The homes have no way back; every other screen has exactly one, worded "Volver".
    if (route === '/') await expect(back).toHaveCount(0);
    else await expect(back).toHaveText('Volver');
  }
  for (const route of ['/login', '/signup', '/password-reset']) {
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(route);
    edges.add(await titleLeft(page));
  }
  // One left edge, the logo's.
  expect([...edges]).toEqual([Math.round(logo?.x ?? -1)]);
});

test('a 360 px la cabecera mide 120 px como mucho y el menú se abre, se cierra y navega con el teclado', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, CUSTOMER);
  const header = page.getByRole('banner');
  expect((await header.boundingBox())?.height).toBeLessThanOrEqual(120);
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(menu).toBeHidden();
  const button = header.getByRole('button', { name: 'Menú' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');
  // Every link of the opened menu fits the phone's width.
  for (const link of await menu.getByRole('link').all()) {
    const box = await link.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 360).toBe(true);
  }
  await expectAccessible(page);
  // The opened menu comes next in the tab order, before the contact strip and the session row.
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Inicio' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  expect((await header.boundingBox())?.height).toBeLessThanOrEqual(120);

  await page.keyboard.press('Enter');
  await menu.getByRole('link', { name: 'Solicitudes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/issues$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitudes' })).toBeVisible();
  await button.click();
  await expect(menu.getByRole('link', { name: 'Solicitudes' })).toHaveAttribute('aria-current', 'page');
});

test('a 360 px el orden del tabulador sigue al menú abierto: sus enlaces y después el contacto', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // A visitor's menu opens only the contact strip: the first Tab after opening reaches its phone.
  await page.goto('/login');
  const button = page.getByRole('banner').getByRole('button', { name: 'Menú' });
  await button.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '900 100 200' })).toBeFocused();

  // A customer's menu: its links, then the contact strip shown under them.
  await logIn(page, CUSTOMER);
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Mi cuenta' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '900 100 200' })).toBeFocused();
  const lastLink = await menu.getByRole('link', { name: 'Mi cuenta' }).boundingBox();
  const phone = await page.getByRole('link', { name: '900 100 200' }).boundingBox();
  expect((phone?.y ?? 0) > (lastLink?.y ?? Infinity)).toBe(true);
});

test('el aviso de carga se superpone sin mover la página', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, CUSTOMER);
  await page.goto('/issues');
  await expect(page.getByRole('table')).toBeVisible();
  const main = page.getByRole('main');
  const indicator = page.locator('.loading-bar');
  await expect(indicator).toHaveText('');
  const idle = await main.boundingBox();
  // Hold the home's requests so the indicator stays on while the page is measured.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/cliente/**', async (route) => {
    await held;
    await route.continue();
  });
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Inicio' })
    .click();
  await expect(indicator).toHaveText('Cargando…');
  expect((await main.boundingBox())?.y).toBe(idle?.y);
  release();
  await expect(indicator).toHaveText('');
  expect((await main.boundingBox())?.y).toBe(idle?.y);
});

for (const width of [1280, 360]) {
  test(`la cabecera y el menú son accesibles a ${width} px (cliente y administrador)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await logIn(page, ADMINISTRATOR, { administrator: true });
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    if (width === 360) await page.getByRole('button', { name: 'Menú' }).click();
    await expect(menu.getByRole('link')).toHaveText(['Facturas', 'Mi cuenta']);
    await expect(menu.getByRole('link', { name: 'Facturas' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);
  });
}
