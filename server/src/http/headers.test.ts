import path from 'node:path';

import { CLIENTE, createTestApp, FINCAS, login, type TestApp } from '../../test/testApp';
import { PERMISSIONS_POLICY } from './security';

let t: TestApp;
const bearer: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  bearer.cliente = `Bearer ${(await login(t.app, CLIENTE, 'demo', 'Demo2024!')).json().access_token}`;
  bearer.fincas = `Bearer ${(await login(t.app, FINCAS, 'admin@fincas.example', 'Fincas2024!')).json().access_token}`;
});

afterAll(async () => {
  await t.close();
});

async function firstInvoice() {
  return t.db
    .selectFrom('invoices')
    .innerJoin('accounts', 'accounts.holder_id', 'invoices.holder_id')
    .select(['invoices.id', 'invoices.line'])
    .where('accounts.username', '=', 'demo')
    .orderBy('invoices.id')
    .executeTakeFirstOrThrow();
}

describe('Cache-Control: no-store on personal data', () => {
  it('on JSON answers, errors, sign-in and the downloads (PDF, XLSX, ZIP), which are never compressed again', async () => {
    const invoice = await firstInvoice();
    const contract = await t.db
      .selectFrom('contracts')
      .innerJoin('accounts', 'accounts.holder_id', 'contracts.holder_id')
      .select('contracts.code')
      .where('accounts.username', '=', 'demo')
      .where('contracts.line', '=', 'Gas')
      .where('contracts.state', '=', 'Contrato')
      .orderBy('contracts.id')
      .executeTakeFirstOrThrow();
    const calls: [string, string, string][] = [
      ['cliente', '/api/cliente/ov/user/api/me', 'application/json'],
      ['cliente', '/api/cliente/ov/cups/api/cupsMe', 'application/json'],
      ['cliente', '/api/cliente/ov/issues/api/issue?issueId=999999', 'application/json'],
      ['cliente', `/api/cliente/ov/invoices/api/pdf/${invoice.id}?line=${invoice.line}`, 'application/pdf'],
      ['cliente', '/api/cliente/ov/invoices/api/Electricidad', 'spreadsheetml'],
      [
        'cliente',
        `/api/cliente/ov/invoices/api/fullbilling/allinRar/Gas?contract=${contract.code}&startDate=2025-01-01&endDate=2025-12-31`,
        'application/zip',
      ],
      ['fincas', '/api/fincas/ov/invoices/api/filterfullbilling', 'application/json'],
    ];
    for (const [realm, url, type] of calls) {
      const response = await t.app.inject({
        url,
        headers: { authorization: bearer[realm], 'accept-encoding': 'br, gzip' },
      });
      // PDF, XLSX and ZIP are compressed already (http/compression.ts); JSON is compression.test.ts's subject.
      const download = type !== 'application/json';
      expect({
        url,
        type: response.headers['content-type'],
        cache: response.headers['cache-control'],
        ...(download && {
          encoding: response.headers['content-encoding'] ?? 'none',
          big: response.rawPayload.length > 1024,
        }),
      }).toEqual({
        url,
        type: expect.stringContaining(type),
        cache: 'no-store',
        ...(download && { encoding: 'none', big: true }),
      });
    }
    const signIn = await login(t.app, CLIENTE, 'demo', 'Demo2024!');
    expect(signIn.headers['cache-control']).toBe('no-store');
  });
});

describe('Permissions-Policy', () => {
  it('switches off the browser features the SPA does not use, on every answer', async () => {
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    expect(PERMISSIONS_POLICY).toContain('geolocation=()');
    expect(PERMISSIONS_POLICY).toContain('microphone=()');
    for (const url of ['/', '/api/cliente/ov/user/api/checkConnection', '/config.json']) {
      const response = await t.app.inject({ url });
      expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    }
  });
});

describe('production build', () => {
  it('publishes no source maps', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const webpackConfig = require(path.resolve(__dirname, '../../../webpack.config.js')) as (
      env: unknown,
      argv: { mode: string },
    ) => { devtool: unknown };
    expect(webpackConfig({}, { mode: 'production' }).devtool).toBe(false);
  });
});
