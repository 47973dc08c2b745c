import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { CLIENTE, createTestApp, type TestApp } from '../../test/testApp';

const INDEX = '<!doctype html><html lang="es"><body><div id="root"></div></body></html>';

function expectStrictCsp(header: unknown) {
  const csp = String(header);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('upgrade-insecure-requests');
  expect(csp).not.toContain('unsafe-inline');
}

let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'ov-static-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('with the SPA built', () => {
  let t: TestApp;

  beforeAll(async () => {
    const staticDir = path.join(workDir, 'dist');
    await mkdir(path.join(staticDir, 'assets'), { recursive: true });
    await writeFile(path.join(staticDir, 'index.html'), INDEX);
    await writeFile(path.join(staticDir, 'config.json'), '{"apiCliente":"/api/cliente"}');
    await writeFile(path.join(staticDir, 'assets', 'main.3f9a1c2b7d.js'), 'console.log(1);');
    t = await createTestApp({ staticDir, cspConnectSrc: ['https://api.example.com'] }, { seed: false });
  });

  afterAll(async () => {
    await t.close();
  });

  it('serves index.html at / with the CSP and without caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expectStrictCsp(response.headers['content-security-policy']);
    expect(response.headers['content-security-policy']).toContain(
      "connect-src 'self' https://api.example.com",
    );
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a client-side route with index.html (history fallback)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/invoices/123',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expectStrictCsp(response.headers['content-security-policy']);
  });

  it('caches hashed assets forever and the runtime configuration never', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main.3f9a1c2b7d.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const config = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toEqual({ apiCliente: '/api/cliente' });
    expect(config.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, not with index.html', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/nada.js',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('answers an unknown API path with 404 JSON even when the browser asks for HTML', async () => {
    for (const url of ['/api/cliente/ov/nada', '/api/otra']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, message: expect.any(String) });
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/fincas/ov/nada', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe(404);
  });

  it('answers a page address with a broken %-escape with the SPA (its Spanish not-found page), not English JSON', async () => {
    for (const url of ['/issues/%E0%A4%A', '/%', '/invoices/%ZZ']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(INDEX);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expectStrictCsp(response.headers['content-security-policy']);
    }
  });

  it('answers an API call with a broken %-escape with a Spanish 400', async () => {
    for (const [method, url] of [
      ['GET', '/api/cliente/ov/issues/api/issue%E0%A4%A'],
      ['POST', '/api/fincas/ov/user/api/%'],
      ['GET', '/issues/%E0%A4%A'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, message: 'La dirección solicitada no es válida.' });
    }
  });

  it('sends the CSP and the other security headers on API answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${CLIENTE}/checkConnection` });
    expectStrictCsp(response.headers['content-security-policy']);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('with CONFIG_FILE and without a built SPA', () => {
  let t: TestApp;

  beforeAll(async () => {
    const configFile = path.join(workDir, 'runtime.json');
    await writeFile(configFile, '{"companyName":"Otra"}');
    t = await createTestApp({ configFile, staticDir: path.join(workDir, 'no-existe') }, { seed: false });
  });

  afterAll(async () => {
    await t.close();
  });

  it('serves the configured runtime file at /config.json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ companyName: 'Otra' });
  });

  it('a page address with a broken %-escape explains the same, in Spanish', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/issues/%E0%A4%A',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('La aplicación web no está compilada');
  });

  it('explains at / that the SPA has not been built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('npm run build');
  });
});
