import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import { CUSTOMER } from './support/session';

// Issue 26 "Time passes": moving the server clock one month runs the billing run, and the customer sees its
// invoice everywhere without a restart. The clock only moves forward, so this journey runs its own server on
// its own data directory: the other journeys keep the shared server's today.

// The demo electricity contract of the customer 'demo' that invoices.spec.ts also lists, and her address.
const PRODUCT = '100000174';
const CUSTOMER_EMAIL = 'maria.garcia@cliente.example';

let server: ChildProcess;
let base: string;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ov-e2e-clock-'));
  const root = path.join(__dirname, '..');
  // The SPA was built by the shared server's start (playwright.config.ts webServer); PORT 0 picks a free port.
  server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOGIN_RATE_LIMIT: '1000', LOGIN_IP_LIMIT: '1000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  base = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += String(chunk);
      const match = /Oficina Virtual en (http:\/\/localhost:\d+)/.exec(out);
      if (match) resolve(match[1]);
    });
    server.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
  });
});

test.afterAll(async () => {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  links: string[];
  headers?: Record<string, string>;
}

/** 'YYYY-MM-DD' as the lists show it. */
const listDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

test('un mes después, la factura nueva está en el inicio y en /invoices/:id, y su PDF se descarga', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const now = (await (await page.request.get(`${base}/dev/clock`)).json()) as { now: string };
  const today = new Date(now.now);
  // The first day of a later month: the billing run of that day issues the month that has just ended.
  const firstOf = (months: number) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + months, 1));
  const dayAfter = (date: Date) => new Date(date.getTime() + 86_400_000).toISOString().slice(0, 10);
  const issued = firstOf(1).toISOString().slice(0, 10);
  const landing = dayAfter(firstOf(1));
  const outbox = async () =>
    (await (await page.request.get(`${base}/dev/outbox.json`)).json()) as OutboxMail[];
  const toldOfInvoices = (mails: OutboxMail[]) =>
    mails.filter((mail) => mail.to === CUSTOMER_EMAIL && mail.subject.startsWith('Nueva factura'));

  await page.goto(`${base}/login`);
  await page.getByLabel('Usuario').fill(CUSTOMER.username);
  await page.getByLabel('Contraseña').fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  const latest = page.getByRole('region', { name: 'Última factura' });
  await expect(latest).toBeVisible();
  await expect(latest).not.toContainText(listDate(issued));

  const moved = await page.request.post(`${base}/dev/clock`, { data: { to: landing } });
  expect(moved.status()).toBe(200);
  const answer = (await moved.json()) as { now: string; ran: { invoices: number; emails: number } };
  expect(answer.ran.invoices).toBeGreaterThan(0);

  await page.reload();
  await expect(latest).toContainText(listDate(issued));
  // Issued since the customer's previous sign-in: marked as new.
  await expect(latest.getByRole('heading', { name: 'Última factura Nueva' })).toBeVisible();

  await page.goto(`${base}/invoices/${PRODUCT}`);
  const first = page.locator('table.invoice-table tbody tr').first();
  await expect(first).toContainText(listDate(issued));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    first.getByRole('button', { name: /^Descargar PDF de la factura/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Factura-.+\.pdf$/);
  const file = readFileSync(await download.path());
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');

  // The customer was told by e-mail: its link opens the contract's invoices, and it can be unsubscribed from in
  // one click (RFC 8058).
  const told = toldOfInvoices(await outbox());
  expect(told.length).toBeGreaterThan(0);
  expect(told[0].headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  // One contract's invoice links to that contract's list; a unified one to all the customer's invoices.
  const invoicesLink = told[0].links.find((link) =>
    /^\/(invoices\/\w+|allinvoices)$/.test(new URL(link).pathname),
  );
  expect(invoicesLink).toBeDefined();
  await page.goto(`${base}${new URL(invoicesLink!).pathname}`);
  await expect(
    page.locator('table.invoice-table tbody tr', { hasText: listDate(issued) }).first(),
  ).toBeVisible();

  // Switched off in Mi cuenta, that kind is not sent when the next month is billed; others are still told.
  await page.goto(`${base}/admin`);
  const notices = page.getByRole('region', { name: 'Avisos por correo' });
  await notices.getByRole('switch', { name: 'Nueva factura' }).click();
  await expect(notices.getByText('Cambio guardado.')).toBeVisible();
  const before = new Set((await outbox()).map((mail) => mail.id));
  const next = await page.request.post(`${base}/dev/clock`, { data: { to: dayAfter(firstOf(2)) } });
  expect(next.status()).toBe(200);
  expect(((await next.json()) as { ran: { invoices: number } }).ran.invoices).toBeGreaterThan(0);
  const sentSince = (await outbox()).filter((mail) => !before.has(mail.id));
  expect(toldOfInvoices(sentSince)).toEqual([]);
  expect(
    sentSince.some((mail) => mail.subject.startsWith('Nueva factura') && mail.to !== CUSTOMER_EMAIL),
  ).toBe(true);
});
