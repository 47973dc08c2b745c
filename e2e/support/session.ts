import { expect, type Page } from '@playwright/test';

export const CUSTOMER = { username: 'demo', password: 'Demo2024!' };
export const CUSTOMER_2 = { username: 'demo2', password: 'Demo2024!' };
export const ADMINISTRATOR = { username: 'admin@fincas.example', password: 'Fincas2024!' };

export async function logIn(
  page: Page,
  account: { username: string; password: string },
  { administrator = false } = {},
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(account.username);
  await page.getByLabel('Contraseña').fill(account.password);
  if (administrator) await page.getByLabel('Administrador de finca').check();
  await page.getByRole('button', { name: 'Entrar' }).click();
  try {
    await expect(page).not.toHaveURL(/\/login$/);
  } catch (error) {
    // A refused sign-in names its reason (the screen's alert), not only the URL it stayed on.
    const alerts = await page.getByRole('alert').allInnerTexts();
    throw new Error(`Sign-in as ${account.username} refused: ${alerts.join(' | ') || 'no alert'}`, {
      cause: error,
    });
  }
}

export async function storedKeys(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.entries(window.localStorage)));
}
