import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { logIn } from './support/session';

// Run with E2E_PORT=8183. The seeded holder 12345678Z and administrator B12345674 have no account yet on a
// fresh data directory, so this file signs both up once.
const CUSTOMER = { username: 'carmenortega', email: 'alta@cliente.example', phone: '600123456' };
let customerPassword = 'Segura2024!';

/** Opens the development outbox and follows the first link of the newest message. */
async function followNewestMailLink(page: Page, to: string) {
  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Correo saliente' })).toBeVisible();
  await expectAccessible(page);
  const newest = page.locator('article.mail').first();
  await expect(newest).toContainText(to);
  await newest.locator('.mail__text a').first().click();
}

async function logOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe.configure({ mode: 'serial' });

test('a new customer signs up with the demo holder NIF, validates by e-mail and logs in', async ({
  page,
}) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Registro de Usuario' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Nombre / Razón Social').fill('Carmen');
  await page.getByLabel('Primer Apellido').fill('Ortega');
  await page.getByLabel('Segundo Apellido').fill('Gil');
  await page.getByLabel('Nombre de usuario').fill(CUSTOMER.username);
  await page.getByLabel('Contraseña', { exact: true }).fill(customerPassword);
  await page.getByLabel('Confirmar contraseña').fill(customerPassword);
  await page.getByLabel('Email').fill(CUSTOMER.email);
  await page.getByLabel('Tipo de documento').selectOption('nif');
  await page.getByLabel('Número').fill('12345678z');
  await expect(page.getByLabel('CIF del titular del punto de suministro')).toHaveValue('12345678z');
  await page.getByLabel('Teléfono de contacto (opcional)').fill(CUSTOMER.phone);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { name: 'Confirma tus datos' })).toBeVisible();
  await expect(page.getByText('NIF 12345678Z')).toBeVisible();
  await expect(page.locator('.product-counts li').first()).toHaveText('1 Electricidad');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirmar Datos' }).click();
  await expect(page.getByRole('heading', { name: 'Datos recibidos' })).toBeVisible();
  await expect(page.getByText(`correo electrónico de activación a ${CUSTOMER.email}`)).toBeVisible();
  await expectAccessible(page);

  await followNewestMailLink(page, CUSTOMER.email);
  await expect(page).toHaveURL(/\/user-validation\?user=/);
  await expect(page.getByRole('heading', { name: '¡Hola, Carmen Ortega Gil!' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Acceder a la Oficina Virtual' }).click();
  await logIn(page, { username: CUSTOMER.username, password: customerPassword });
  await expect(page).toHaveURL(/\/$/);
  await logOut(page);
});

test('a forgotten password is replaced through the e-mailed link', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Recuperar cuenta' }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  await page.getByLabel('Nombre de usuario').fill(CUSTOMER.username);
  await page.getByLabel('Email').fill(CUSTOMER.email);
  await page.getByLabel('Teléfono de contacto').fill(CUSTOMER.phone);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Le hemos enviado un correo electrónico con un enlace')).toBeVisible();
  await expectAccessible(page);

  await followNewestMailLink(page, CUSTOMER.email);
  await expect(page).toHaveURL(/\/user-change-password\?token=/);
  const submit = page.getByRole('button', { name: 'Confirmar Datos' });
  await expect(submit).toBeDisabled();
  await expectAccessible(page);
  customerPassword = 'Olvidada2024!';
  await page.getByLabel('Nueva contraseña').fill(customerPassword);
  await page.getByLabel('Confirmar contraseña').fill(customerPassword);
  await submit.click();
  await expect(page.getByText('Su contraseña se ha cambiado correctamente.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Acceder a la Oficina Virtual' }).click();
  await logIn(page, { username: CUSTOMER.username, password: customerPassword });
  await expect(page).toHaveURL(/\/$/);
});

test('the password changed at /admin is the one that works next time', async ({ page }) => {
  await logIn(page, { username: CUSTOMER.username, password: customerPassword });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administración de usuario' })).toBeVisible();
  await expect(page.getByText('12345678Z')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Contraseña actual').fill(customerPassword);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('Cambiada2024!');
  await page.getByLabel('Confirmar nueva contraseña').fill('Cambiada2024!');
  await page.getByRole('main').getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Su contraseña se ha cambiado correctamente: utilice la nueva')).toBeVisible();
  await expectAccessible(page);
  await page
    .getByRole('navigation', { name: 'Menú de usuario' })
    .getByRole('button', { name: 'Cerrar sesión' })
    .click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Usuario').fill(CUSTOMER.username);
  await page.getByLabel('Contraseña').fill(customerPassword);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toContainText('El usuario y/o contraseña no son correctos');
  await logIn(page, { username: CUSTOMER.username, password: 'Cambiada2024!' });
  await expect(page).toHaveURL(/\/$/);
});

test('a registered administrator signs up, validates and reaches the administrator home', async ({
  page,
}) => {
  await page.goto('/signup');
  await page.getByLabel('Administrador de finca').check();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Registro de Administrador de Fincas' }),
  ).toBeVisible();
  await page.getByLabel('Nombre / Razón Social').fill('Administraciones Alta S.L.');
  await page.getByLabel('Contraseña', { exact: true }).fill('Comunidad2024!');
  await page.getByLabel('Confirmar contraseña').fill('Comunidad2024!');
  await page.getByLabel('Email').fill('alta@fincas.example');
  await page.getByLabel('Tipo de documento').selectOption('cif');
  await page.getByLabel('Número').fill('B12345674');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('alta-fincas.example')).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar Datos' }).click();
  await expect(page.getByRole('heading', { name: 'Datos recibidos' })).toBeVisible();

  await followNewestMailLink(page, 'alta@fincas.example');
  await expect(page.getByRole('heading', { name: '¡Hola, Administraciones Alta S.L.!' })).toBeVisible();
  await logIn(page, { username: 'alta@fincas.example', password: 'Comunidad2024!' }, { administrator: true });
  await expect(page).toHaveURL(/\/administrador-fincas$/);
});
