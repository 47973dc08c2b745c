import type { Options } from 'highcharts';
import { setupServer } from 'msw/node';
import * as download from '@/shared/lib/download';
import { testApiOrigin } from '@/test/testConfig';
import type { Invoice, ProductInvoice } from '../invoicesApi';

/**
 * Helpers of the invoice page tests: they read the real test server's demo data through its API (so the tests
 * do not depend on seed details), replace the lazy Highcharts chart (it does not render under jsdom), and
 * capture saved files.
 */
export function apiUrl(path: string, admin = false): string {
  return `${testApiOrigin()}/api/${admin ? 'fincas' : 'cliente'}${path}`;
}

async function getJson<T>(path: string, token: string, admin = false): Promise<T | null> {
  const answer = await fetch(apiUrl(path, admin), { headers: { authorization: `Bearer ${token}` } });
  return answer.status === 200 ? ((await answer.json()) as T) : null;
}

/** Every invoice of the caller, newest first (all pages of fullbilling without dates). */
export async function allInvoices(token: string, admin = false): Promise<Invoice[]> {
  const path = admin ? '/ov/invoices/api/filterfullbilling' : '/ov/invoices/api/fullbilling';
  const found: Invoice[] = [];
  for (let page = 1; page < 100; page += 1) {
    const answer = await getJson<{ Invoice: Invoice[] }>(
      `${path}?startDate=0&endDate=0&start=${page}`,
      token,
      admin,
    );
    if (!answer) break;
    found.push(...answer.Invoice);
  }
  return found;
}

/** Every invoice of one contract on the per-product call (simple invoices and proformas), newest first. */
export async function productInvoices(
  token: string,
  line: string,
  contractCode: string,
): Promise<ProductInvoice[]> {
  const found: ProductInvoice[] = [];
  for (let page = 1; page < 20; page += 1) {
    const answer = await getJson<{ Invoices: { invoicesList: ProductInvoice[] } }>(
      `/ov/contracts/api/contractCode/invoices/?line=${line}&contractCode=${contractCode}&startDate=0&endDate=0&limit=50&start=${page}`,
      token,
    );
    if (!answer) break;
    found.push(...answer.Invoices.invoicesList);
  }
  return found;
}

export async function fullbillingCount(token: string, query: string): Promise<number[]> {
  const answer = await getJson<{ Fullbilling: { total: { count: number }[] } }>(
    `/ov/invoices/api/fullbilling?${query}`,
    token,
  );
  return answer ? answer.Fullbilling.total.map((entry) => entry.count) : [0, 0, 0];
}

export function storeProduct(product: { line: string; cups: string; codAbonado: string }) {
  localStorage.setItem('selectedProduct', JSON.stringify(product));
}

/** A kWh figure as shown (es-ES, grouped from four digits) read back as a number. */
export function shownKwh(text: string | null): number {
  expect(text).toMatch(/^\d{1,3}(\.\d{3})*(,\d{2})?$/);
  return Number(text!.replace(/\./g, '').replace(',', '.'));
}

/** DD/MM/YYYY, as a user types a date into the pickers. */
export const typed = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export interface SavedFile {
  name: string;
  size: number;
  blob: Blob;
}

/** Captures saveBlob calls, keeping its minimum-size rule (jsdom cannot save files). */
export function captureSavedFiles(): SavedFile[] {
  const saved: SavedFile[] = [];
  jest.spyOn(download, 'saveBlob').mockImplementation((blob, name, minimumBytes = 150) => {
    if (blob.size < minimumBytes) return false;
    saved.push({ name, size: blob.size, blob });
    return true;
  });
  return saved;
}

/** The lazy chart replaced by a figure that exposes its options. */
export function StubChart({ options, ariaLabel }: { options: Options; ariaLabel: string }) {
  return (
    <div role="figure" aria-label={ariaLabel} data-options={JSON.stringify(options)}>
      {(options.xAxis as { categories?: string[] } | undefined)?.categories?.join(' | ')}
    </div>
  );
}

export function faultServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
