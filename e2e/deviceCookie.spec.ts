import { expect, type APIRequestContext, test } from '@playwright/test';

import { LOGIN_ACCOUNT_DELAYED } from '../src/features/auth/authMessages';
import { logIn } from './support/session';

// OWASP's device cookie against lockout (issue 25): strangers' failed sign-ins hold the name, but a browser that
// has signed in to the account before still gets in with the right password, and the strangers stay held.
// The account is one no other journey signs in to, so the delay it is left with touches nobody else.
const OWNER = { username: 'gasonly', password: 'Demo2024!' };
const SIGN_IN = '/api/cliente/ov/user/api/privateToken';
/** More than the failures a name may have before strangers wait (LOGIN_ACCOUNT_LIMIT, 10 by default). */
const MOST_GUESSES = 30;

const signIn = (request: APIRequestContext, password: string) =>
  request.post(SIGN_IN, { data: { username: OWNER.username, password } });

test('una persona bloqueada por los intentos fallidos de otro entra desde su navegador conocido; el otro sigue esperando', async ({
  browser,
  playwright,
  baseURL,
}) => {
  // The owner signs in once from their browser, which keeps the device cookie after logging out.
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await logIn(ownerPage, OWNER);
  await ownerPage.getByRole('banner').getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(ownerPage).toHaveURL(/\/login$/);
  const deviceCookie = (await owner.cookies()).find((cookie) => cookie.name.startsWith('ov_device_'));
  expect(deviceCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: SIGN_IN });

  // Someone else guesses the owner's password until the name is held for strangers.
  const stranger = await playwright.request.newContext({ baseURL });
  const statuses: number[] = [];
  while (statuses.at(-1) !== 423 && statuses.length < MOST_GUESSES) {
    statuses.push((await signIn(stranger, 'NoEsLaClave1!')).status());
  }
  expect(statuses.at(-1)).toBe(423);
  expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
  // Even with the right password, a stranger waits.
  expect((await signIn(stranger, OWNER.password)).status()).toBe(423);

  // A new browser is a stranger too, and the screen says why it cannot enter.
  const newBrowser = await browser.newContext();
  const newPage = await newBrowser.newPage();
  await newPage.goto('/login');
  await newPage.getByLabel('Usuario').fill(OWNER.username);
  await newPage.getByLabel('Contraseña').fill(OWNER.password);
  await newPage.getByRole('button', { name: 'Entrar' }).click();
  await expect(newPage.getByRole('alert')).toContainText(LOGIN_ACCOUNT_DELAYED);
  await expect(newPage).toHaveURL(/\/login$/);

  // The owner's known browser gets in with the right password, through the same form.
  await logIn(ownerPage, OWNER);
  await expect(ownerPage).toHaveURL(/\/$/);

  // The owner's sign-in frees nobody else: the stranger is still held.
  expect((await signIn(stranger, OWNER.password)).status()).toBe(423);

  await stranger.dispose();
  await newBrowser.close();
  await owner.close();
});
