import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { ADMINISTRATOR, CUSTOMER, logIn, storedKeys } from './support/session';
import { storeOnNextLoad } from './support/storage';

function expiredToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', exp: 1_600_000_000 })}.firma`;
}

test('el formulario de acceso es accesible y pide usuario y contraseña', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle(/Acceso/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Entrar' }).click();
  // The field states its message; the error summary, focused, repeats it as a link (issue 14).
  await expect(page.getByLabel('Usuario')).toHaveAccessibleDescription('El campo Usuario es obligatorio');
  await expect(page.getByRole('group', { name: 'Revise los siguientes campos:' })).toBeFocused();
});

test('un cliente entra y llega al inicio; la sesión queda en las claves documentadas', async ({ page }) => {
  await logIn(page, CUSTOMER);
  await expect(page).toHaveURL(/\/$/);
  await expectAccessible(page);

  const keys = await storedKeys(page);
  expect(keys.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(keys['user-token']).toBe(keys.accessToken);
  expect(keys.isAdministrador).toBe('false');
  expect(keys.isLeaving).toBe('false');
  expect(keys.email).toContain('@');
  expect(JSON.parse(keys.profile)).toMatchObject({ username: 'demo' });
  expect(Object.keys(keys).some((key) => key.includes('api'))).toBe(false);

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const after = await storedKeys(page);
  expect(after.accessToken ?? '').toBe('');
  expect(after['user-token'] ?? '').toBe('');
  expect(after.profile ?? 'null').toBe('null');
});

test('un administrador de fincas entra y llega a /administrador-fincas', async ({ page }) => {
  await logIn(page, ADMINISTRATOR, { administrator: true });
  await expect(page).toHaveURL(/\/administrador-fincas$/);
  expect((await storedKeys(page)).isAdministrador).toBe('true');
  await expectAccessible(page);
});

test('las credenciales erróneas muestran el mensaje del catálogo', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill('demo');
  await page.getByLabel('Contraseña').fill('NoEsLaClave1!');
  await page.getByLabel('Contraseña').press('Enter');
  await expect(page.getByText('El usuario y/o contraseña no son correctos para ingresar.')).toBeVisible();
  await expectAccessible(page);
});

test('un token caducado devuelve al usuario a /login', async ({ page }) => {
  await logIn(page, CUSTOMER);
  await storeOnNextLoad(page, { accessToken: expiredToken(), 'user-token': expiredToken() });
  await page.goto('/issues');
  await expect(page).toHaveURL(/\/login$/);
  expect((await storedKeys(page)).isLeaving).toBe('true');
});

test('las rutas protegidas llevan a /login sin sesión y las legales están abiertas', async ({ page }) => {
  await page.goto('/allinvoices');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/administrador-fincas');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/aviso-legal');
  await expect(page).toHaveURL(/\/aviso-legal$/);
});
