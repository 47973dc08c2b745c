import { expect, type Page } from '@playwright/test';

export const CUSTOMER = { username: 'demo', password: 'Demo2024!' };
export const CUSTOMER_2 = { username: 'demo2', password: 'Demo2024!' };
export const ADMINISTRATOR = { username: 'admin@fincas.example', password: 'Fincas2024!' };
/** The seeded member of the retailer's staff (issue 27). */
export const STAFF = { username: 'agente@energiademo.example', password: 'Agente2024!' };

/** Signs the staff in at /atencion/login with the keyboard only; lands on the queue. */
export async function logInStaff(page: Page, account = STAFF): Promise<void> {
  await page.goto('/atencion/login');
  await page.getByLabel('Usuario').focus();
  await page.keyboard.type(account.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/atencion$/);
}

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
