import zlib from 'node:zlib';

import { CLIENTE, createTestApp, login, type TestApp } from '../../test/testApp';
import { wireHeaders } from '../../test/wire';
import { chooseEncoding, COMPRESS_THRESHOLD } from './compression';

describe('chooseEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['deflate', undefined],
    ['GZIP, BR', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0.0, gzip;q=0.5', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['gzip;q=0, *', 'br'],
    ['br;q=0, *;q=0.3', 'gzip'],
    ['identity, gzip;q=0.5', undefined],
    ['identity;q=0, gzip;q=0.5', 'gzip'],
    ['br;q=nonsense, gzip', 'gzip'],
  ])('%j -> %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('answers compressed on the fly', () => {
  let t: TestApp;
  let bearer: string;
  let contract: { code: string; cups: string };

  beforeAll(async () => {
    t = await createTestApp();
    bearer = `Bearer ${(await login(t.app, CLIENTE, 'demo', 'Demo2024!')).json().access_token}`;
    // The first live electricity supply of the demo customer, as the SPA finds it.
    const points = (
      await t.app.inject({ url: '/api/cliente/ov/cups/api/cupsMe', headers: { authorization: bearer } })
    ).json().cupsAsociados.select as { line: string; cups: string; codAbonado: string; fechaBaja?: string }[];
    const point = points.find((p) => p.line === 'Electricidad' && !p.fechaBaja)!;
    contract = { code: point.codAbonado, cups: point.cups };
  });

  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({
      method,
      url,
      headers: { authorization: bearer, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  const yearOfCurve = () =>
    `/api/cliente/ov/cups/api/curvas?${new URLSearchParams({
      cups: contract.cups,
      contractCode: contract.code,
      startDate: '01-01-2025',
      endDate: '31-12-2025',
      output: 'json',
    })}`;

  const decoders = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;

  it('sends JSON above 1 kB in the encoding asked for, with Vary, no-store and its encoded length', async () => {
    const plain = await get(yearOfCurve());
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    for (const [asked, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const response = await get(yearOfCurve(), asked);
      expect(wireHeaders(response)).toEqual({
        status: 200,
        encoding,
        type: 'application/json; charset=utf-8',
        length: String(response.rawPayload.length),
        vary: expect.stringMatching(/accept-encoding/i),
        cache: 'no-store',
      });
      // A year of hours compresses more than tenfold; the answer is the same JSON once decoded.
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
      expect(JSON.parse(decoders[encoding](response.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('sends JSON as it is when no encoding is accepted', async () => {
    for (const asked of ['identity', 'br;q=0, gzip;q=0', '*;q=0', 'deflate']) {
      const response = await get(yearOfCurve(), asked);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json().Curvas.total.countTotal).toBe(8760);
    }
  });

  it('answers HEAD with the headers of the compressed GET and no body', async () => {
    const full = await get(yearOfCurve(), 'br');
    const head = await get(yearOfCurve(), 'br', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.rawPayload.length).toBe(0);
  });

  it('sends JSON under 1 kB as it is, with Vary', async () => {
    const response = await get('/api/cliente/ov/user/api/me', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.json().username).toBe('demo');
  });

  it('keeps the security headers on compressed answers', async () => {
    const plain = await get(yearOfCurve());
    const compressed = await get(yearOfCurve(), 'br');
    expect(compressed.headers['content-encoding']).toBe('br');
    for (const header of [
      'content-security-policy',
      'permissions-policy',
      'referrer-policy',
      'cache-control',
    ]) {
      expect(compressed.headers[header]).toBe(plain.headers[header]);
    }
    expect(compressed.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
