import { expect, test } from '@playwright/test';
import { allViolations } from './support/axe';
import { CUSTOMER, logIn } from './support/session';

// Issue 26: Mi cuenta's "Avisos por correo", at 1280 and at 360 px: no axe violation of any impact, every switch
// reachable and operable with the keyboard, and a change kept by the server across a reload.

for (const width of [1280, 360]) {
  test(`Avisos por correo en Mi cuenta a ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await logIn(page, CUSTOMER);
    await page.goto('/admin');
    const notices = page.getByRole('region', { name: 'Avisos por correo' });
    const invoice = notices.getByRole('switch', { name: 'Nueva factura' });
    await expect(invoice).toBeChecked();
    await expect(notices.getByRole('switch')).toHaveCount(4);
    expect(await allViolations(page)).toEqual([]);

    await invoice.focus();
    await page.keyboard.press('Space');
    await expect(notices.getByText('Cambio guardado.')).toBeVisible();
    expect(await allViolations(page)).toEqual([]);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Nueva factura' })).not.toBeChecked();
    // Back on for the next case.
    await page.getByRole('switch', { name: 'Nueva factura' }).click();
    await expect(page.getByText('Cambio guardado.')).toBeVisible();
  });
}
