import { expect, test, type Page } from '@playwright/test';
import { CUSTOMER, logIn } from './support/session';

// Issue 24 "The supply at the centre": the selected supply is the customer's current one, on every contract
// screen and across a reload.

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

for (const viewport of [
  { width: 1280, height: 800, where: 'encima de la pantalla' },
  { width: 360, height: 780, where: 'en la cabecera' },
] as const) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`el suministro elegido (${viewport.where}) sigue en cada pantalla y tras recargar`, async ({
      page,
    }) => {
      await logIn(page, CUSTOMER);
      await expect(page.getByRole('region', { name: 'Contratos de electricidad' })).toBeVisible();
      const phone = viewport.width < 600;
      if (phone) await page.getByRole('button', { name: 'Menú' }).click();
      // Consumo opens the default supply's telemetry: a live electricity contract, not the one ended in 2018.
      await menu(page).getByRole('link', { name: 'Consumo' }).click();
      await expect(page).toHaveURL(/\/telemetry\/\d+$/);
      const selector = page.getByRole('combobox', { name: 'Suministro' });
      if (phone)
        await expect(page.getByRole('banner').getByRole('combobox', { name: 'Suministro' })).toBeVisible();
      else await expect(page.getByRole('main').getByRole('combobox', { name: 'Suministro' })).toBeVisible();
      const first = await selector.inputValue();
      expect(page.url()).toContain(`/telemetry/${first}`);
      await expect(selector.locator('option:checked')).toHaveText(/ · Electricidad · Alta$/);

      // Another live electricity supply, chosen from the keyboard's reach (a select), moves the screen.
      const other = await selector.locator('option').evaluateAll(
        (options, current) =>
          options
            .map((option) => ({
              value: (option as HTMLOptionElement).value,
              text: option.textContent ?? '',
            }))
            .find((option) => option.value !== current && option.text.endsWith('Electricidad · Alta'))!.value,
        first,
      );
      // Choosing alone does not move the screen (arrows fire a change per key); Ver, from the keyboard, does.
      await selector.selectOption(other);
      expect(page.url()).toContain(`/telemetry/${first}`);
      await selector.press('Tab');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/telemetry/${other}$`));
      // The last options are the ended supplies.
      const states = await selector.locator('option').allTextContents();
      const firstEnded = states.findIndex((text) => text.endsWith('Baja'));
      expect(firstEnded).toBeGreaterThan(0);
      expect(states.slice(firstEnded).every((text) => text.endsWith('Baja'))).toBe(true);

      // Facturas opens the chosen supply; after a reload it is still the chosen one.
      if (phone) await page.getByRole('button', { name: 'Menú' }).click();
      await menu(page).getByRole('link', { name: 'Facturas' }).click();
      await expect(page).toHaveURL(new RegExp(`/invoices/${other}$`));
      await page.reload();
      await expect(selector).toHaveValue(other);
      expect(
        await page.evaluate(() => JSON.parse(localStorage.getItem('selectedProduct') ?? 'null')),
      ).toMatchObject({ codAbonado: other });
      if (phone) await page.getByRole('button', { name: 'Menú' }).click();
      await expect(menu(page).getByRole('link', { name: 'Consumo' })).toHaveAttribute(
        'href',
        `/telemetry/${other}`,
      );
    });
  });
}
