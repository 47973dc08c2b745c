import { expect, test, type Page } from '@playwright/test';
import { selectContract } from './support/contracts';
import { CUSTOMER, logIn } from './support/session';

// Issue 24, "Nothing a person does is lost to a late answer", on a slow network: every API answer is held about
// 2.5 s (as a phone on 3G), and the person acts while the answers are on their way. What they typed or chose must
// survive the answers' arrival, show on the screen, go into the URL and be what the next call asks for.

const HOLD_MS = 2500;

/**
 * Holds every API answer HOLD_MS. Answers whose URL matches `gated` wait besides until `open()` is called, so
 * the test knows the person acted before they could land.
 */
async function slowNetwork(page: Page, gated?: RegExp) {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  await page.route('**/api/**', async (route) => {
    if (gated?.test(route.request().url())) await opened;
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    await route.continue().catch(() => undefined);
  });
  return open;
}

test('/allinvoices-gas: dates typed before the default answer stay, and Buscar searches them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, CUSTOMER);
  const open = await slowNetwork(page, /\/ov\/invoices\/api\/fullbilling/);
  await page.goto('/allinvoices-gas');
  const from = page.getByRole('textbox', { name: 'Desde' });
  const to = page.getByRole('textbox', { name: 'Hasta' });
  await from.fill('01/03/2026');
  await from.press('Tab');
  await to.fill('20/03/2026');
  await to.press('Tab');
  open();

  // The default answer lands: the latest invoices are listed, and the dates stay as typed.
  await expect(page.getByRole('heading', { name: 'Últimas 10 facturas' }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  await expect(from).toHaveValue('01 marzo 2026');
  await expect(to).toHaveValue('20 marzo 2026');

  const search = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname.endsWith('/ov/invoices/api/fullbilling') && url.searchParams.get('startDate') !== '0';
  });
  await page.getByRole('button', { name: 'Buscar' }).first().click();
  const asked = new URL((await search).url()).searchParams;
  expect(asked.get('startDate')).toBe('2026-03-01');
  expect(asked.get('endDate')).toBe('2026-03-20');
  await expect(page.getByRole('heading', { name: /^Resultados/ }).first()).toBeVisible({ timeout: 30_000 });
  await expect(from).toHaveValue('01 marzo 2026');
});

test('the explorer: a scale change and the comparison right after it both survive, on screen and in the URL', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, CUSTOMER);
  // On a busy machine the home takes longer than selectContract's own wait to list the contracts.
  await expect(
    page.getByRole('region', { name: 'Contratos de gas' }).locator('tbody tr').first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  const point = await selectContract(
    page,
    (p) => p.line === 'Electricidad' && !p.fechaBaja && p.accessFee?.fee === '2.0TD',
  );
  await slowNetwork(page);
  await page.goto(`/loadcurve/${point.codAbonado}`);
  const day = page.getByRole('radio', { name: 'Día' });
  const compare = page.getByRole('checkbox', { name: 'Comparar con el año anterior' });
  await expect(day).toBeVisible({ timeout: 30_000 });
  // A slow phone: the CPU slowed 4×, and the second change made before the first one's answer (held 2.5 s) has
  // arrived and before React has redrawn the toolbar (both clicks in one task).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.evaluate(() => {
    const input = (name: string) =>
      [...document.querySelectorAll<HTMLInputElement>('.explorer-toolbar input')].find(
        (element) => element.closest('label')?.textContent?.trim() === name,
      )!;
    input('Día').click();
    input('Comparar con el año anterior').click();
  });

  const query = () => new URL(page.url()).searchParams;
  const bothKept = async () => {
    await expect(day).toBeChecked();
    await expect(compare).toBeChecked();
    await expect.poll(() => query().get('escala')).toBe('dia');
    await expect.poll(() => query().get('comparar')).toBe('1');
  };
  await bothKept();
  // The answers land: the explorer draws the view asked for, and both choices are still there.
  await expect(page.locator('figure.chart-figure .highcharts-series-group')).toHaveCount(1, {
    timeout: 30_000,
  });
  await expect(page.locator('.loading-bar')).toHaveText('', { timeout: 30_000 });
  await bothKept();
  // The URL is the shareable copy: a reload opens the same view.
  await page.reload();
  await bothKept();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});
