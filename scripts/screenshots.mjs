// Screenshots of portal pages at desktop and phone width, for looking at what we build:
//   node scripts/screenshots.mjs http://localhost:8080 out-dir [--login demo:Demo2024!] [--admin | --staff] /login / ...
// --staff signs in at the staff's /atencion/login (agente@energiademo.example:Agente2024!).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

import { chromiumLaunchOptions } from './chromium.mjs';

const [origin, outDir, ...rest] = process.argv.slice(2);
const loginIndex = rest.indexOf('--login');
const credentials = loginIndex >= 0 ? rest.splice(loginIndex, 2)[1] : null;
const adminIndex = rest.indexOf('--admin');
const admin = adminIndex >= 0 && Boolean(rest.splice(adminIndex, 1));
const staffIndex = rest.indexOf('--staff');
const staff = staffIndex >= 0 && Boolean(rest.splice(staffIndex, 1));
const paths = rest.length ? rest : ['/login'];
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch(chromiumLaunchOptions);
for (const [label, width] of [
  ['desktop', 1280],
  ['phone', 360],
]) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, locale: 'es-ES' });
  page.on(
    'console',
    (message) => message.type() === 'error' && console.log(`[${label}] consola: ${message.text()}`),
  );
  if (credentials) {
    const [username, password] = credentials.split(':');
    await page.goto(`${origin}${staff ? '/atencion/login' : '/login'}`);
    await page.getByLabel('Usuario').fill(username);
    await page.getByLabel('Contraseña').fill(password);
    if (admin) await page.getByLabel('Administrador de finca').check();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  }
  for (const target of paths) {
    await page.goto(`${origin}${target}`);
    await page.waitForLoadState('networkidle');
    // Charts animate their series in after the data comes: a shot taken at once shows them half drawn.
    await page.waitForTimeout(1500);
    const name = `${label}${target.replace(/[^a-z0-9]+/gi, '_') || '_root'}.png`;
    await page.screenshot({ path: path.join(outDir, name), fullPage: true });
    console.log(path.join(outDir, name));
  }
  await page.close();
}
await browser.close();
