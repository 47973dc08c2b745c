import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { CLIENTE, createTestApp, type TestApp } from '../../test/testApp';
import { wireHeaders } from '../../test/wire';

const INDEX =
  '<!doctype html><html lang="es"><head><title>OV</title></head><body><div id="root"></div></body></html>';
// A value that would close the data block if `<` were not escaped.
const RUNTIME_CONFIG = {
  apiCliente: '/api/cliente',
  titlePrefix: 'Oficina </script><script>alert(1)</script>',
};
const BLOCK =
  '<script type="application/json" id="ov-config">' +
  '{"apiCliente":"/api/cliente","titlePrefix":"Oficina \\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}' +
  '</script>';
// The page as sent: the runtime configuration in a JSON data block in its head.
const PAGE = INDEX.replace('</head>', `${BLOCK}</head>`);
// A hashed bundle with the .br and .gz files the build writes beside it, and an image with none.
const BUNDLE = 'assets/app.0123456789.js';
const BUNDLE_TEXT = Array.from({ length: 300 }, (_, i) => `console.log(${i});`).join('\n');
const COMPRESSED = { br: zlib.brotliCompressSync(BUNDLE_TEXT), gzip: zlib.gzipSync(BUNDLE_TEXT) };
const IMAGE = 'assets/logo.abcdef0123.png';
const IMAGE_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

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
    await writeFile(path.join(staticDir, 'config.json'), JSON.stringify(RUNTIME_CONFIG, null, 2));
    await writeFile(path.join(staticDir, 'assets', 'main.3f9a1c2b7d.js'), 'console.log(1);');
    await writeFile(path.join(staticDir, BUNDLE), BUNDLE_TEXT);
    await writeFile(path.join(staticDir, `${BUNDLE}.br`), COMPRESSED.br);
    await writeFile(path.join(staticDir, `${BUNDLE}.gz`), COMPRESSED.gzip);
    await writeFile(path.join(staticDir, IMAGE), IMAGE_BYTES);
    await writeFile(
      path.join(staticDir, 'route-chunks.json'),
      JSON.stringify([
        { path: '/', files: ['assets/home.0123456789.js'] },
        { path: '/invoices/:id', files: ['assets/invoices.0a1b2c3d4e.js', 'assets/invoices.0a1b2c3d4e.css'] },
      ]),
    );
    t = await createTestApp({ staticDir, cspConnectSrc: ['https://api.example.com'] }, { seed: false });
  });

  afterAll(async () => {
    await t.close();
  });

  it('serves index.html at / with the CSP and without caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(
      PAGE.replace('</head>', '<link rel="preload" href="/assets/home.0123456789.js" as="script"></head>'),
    );
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
    expect(response.body).toContain(BLOCK);
    expectStrictCsp(response.headers['content-security-policy']);
  });

  it('carries the runtime configuration in the page: escaped, valid JSON, the same as /config.json', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/config.json' });
    for (const url of ['/', '/login', '/index.html', '/issues/7?x=1']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      const blocks = [
        ...response.body.matchAll(/<script type="application\/json" id="ov-config">(.*?)<\/script>/g),
      ];
      expect(blocks).toHaveLength(1);
      expect(blocks[0][1]).not.toContain('<');
      expect(JSON.parse(blocks[0][1])).toEqual(config.json());
      expect(response.body).not.toContain('alert(1)</script>');
      // A JSON data block is not executed, so the strict CSP still allows no inline script.
      expectStrictCsp(response.headers['content-security-policy']);
    }
  });

  it("preloads the chunks of the page's route, and only those", async () => {
    const invoices = await t.app.inject({
      method: 'GET',
      url: '/invoices/123',
      headers: { accept: 'text/html' },
    });
    expect(invoices.body).toBe(
      PAGE.replace(
        '</head>',
        '<link rel="preload" href="/assets/invoices.0a1b2c3d4e.js" as="script">' +
          '<link rel="preload" href="/assets/invoices.0a1b2c3d4e.css" as="style"></head>',
      ),
    );
    const other = await t.app.inject({
      method: 'GET',
      url: '/invoices/1/2',
      headers: { accept: 'text/html' },
    });
    expect(other.body).toBe(PAGE);
  });

  it('caches hashed assets forever and the runtime configuration never', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main.3f9a1c2b7d.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const config = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toEqual(RUNTIME_CONFIG);
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
      expect(response.body).toBe(PAGE);
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

  describe('pre-compressed assets', () => {
    const asset = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
      t.app.inject({ method, url: `/${url}`, headers });

    it('sends the .br or .gz file the client accepts, brotli first, with the original type and Vary', async () => {
      for (const [accepted, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['gzip;q=1, br;q=0.5', 'gzip'],
        ['gzip;q=0, *', 'br'],
      ] as const) {
        const response = await asset(BUNDLE, { 'accept-encoding': accepted });
        expect({ accepted, ...wireHeaders(response), body: response.rawPayload }).toEqual({
          accepted,
          status: 200,
          encoding,
          type: 'application/javascript; charset=utf-8',
          length: String(COMPRESSED[encoding].length),
          vary: 'Accept-Encoding',
          cache: 'public, max-age=31536000, immutable',
          body: COMPRESSED[encoding],
        });
      }
    });

    it('sends the file as it is when no encoding is accepted (q=0 refuses one)', async () => {
      for (const headers of [
        {} as Record<string, string>,
        { 'accept-encoding': 'identity' },
        { 'accept-encoding': 'br;q=0, gzip;q=0' },
        { 'accept-encoding': '*;q=0' },
        { 'accept-encoding': 'deflate' },
      ]) {
        const response = await asset(BUNDLE, headers);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.headers['content-length']).toBe(String(Buffer.byteLength(BUNDLE_TEXT)));
        expect(response.headers.vary).toBe('Accept-Encoding');
        expect(response.body).toBe(BUNDLE_TEXT);
      }
    });

    it('sends a file without compressed forms as it is, to any client', async () => {
      const response = await asset(IMAGE, { 'accept-encoding': 'br, gzip' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload).toEqual(IMAGE_BYTES);
    });

    it('answers HEAD and byte ranges of the representation chosen', async () => {
      const head = await asset(BUNDLE, { 'accept-encoding': 'br' }, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-encoding']).toBe('br');
      expect(head.headers['content-length']).toBe(String(COMPRESSED.br.length));
      expect(head.rawPayload.length).toBe(0);

      const plain = await asset(BUNDLE, { range: 'bytes=0-13' });
      expect(plain.statusCode).toBe(206);
      expect(plain.body).toBe(BUNDLE_TEXT.slice(0, 14));
      const gzip = await asset(BUNDLE, { range: 'bytes=0-9', 'accept-encoding': 'gzip' });
      expect(gzip.statusCode).toBe(206);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.rawPayload).toEqual(COMPRESSED.gzip.subarray(0, 10));
    });

    it('keeps the page uncached and strict whatever the encoding', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/login',
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expectStrictCsp(response.headers['content-security-policy']);
    });
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

describe('a runtime configuration with replacement patterns in its values', () => {
  let t: TestApp;
  // Each would make String.replace insert part of the page (or the match) instead of itself.
  const PATTERNS = { companyName: "Energía $' Sur", footer: 'a $` b $& c $$ d $1 e $<x>' };

  beforeAll(async () => {
    const staticDir = path.join(workDir, 'dist-patterns');
    await mkdir(staticDir, { recursive: true });
    await writeFile(path.join(staticDir, 'index.html'), INDEX);
    const configFile = path.join(workDir, 'patterns.json');
    await writeFile(configFile, JSON.stringify(PATTERNS));
    t = await createTestApp({ staticDir, configFile }, { seed: false });
  });

  afterAll(async () => {
    await t.close();
  });

  it('serves every character as data, in a page that is otherwise the one built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    const blocks = [
      ...response.body.matchAll(/<script type="application\/json" id="ov-config">(.*?)<\/script>/g),
    ];
    expect(blocks).toHaveLength(1);
    expect(JSON.parse(blocks[0][1])).toEqual(PATTERNS);
    expect(response.body).toBe(
      INDEX.replace(
        '</head>',
        () => `<script type="application/json" id="ov-config">${blocks[0][1]}</script></head>`,
      ),
    );
  });
});
