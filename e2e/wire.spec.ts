import { expect, test } from '@playwright/test';
import http from 'node:http';
import zlib from 'node:zlib';

/** The body of a GET as it crossed the wire (not decoded), with its headers. */
function rawGet(
  url: string,
  acceptEncoding: string,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

test('el JavaScript y el CSS de /login llegan comprimidos en la build, con brotli o gzip, y cacheados para siempre', async ({
  page,
}) => {
  const assets: string[] = [];
  page.on('response', (response) => {
    if (['script', 'stylesheet'].includes(response.request().resourceType())) assets.push(response.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(assets.length).toBeGreaterThan(0);

  for (const url of assets) {
    const plain = await rawGet(url, 'identity');
    const br = await rawGet(url, 'gzip, deflate, br');
    const gzip = await rawGet(url, 'gzip');
    expect({ url, plain: plain.headers['content-encoding'], br: br.headers['content-encoding'] }).toEqual({
      url,
      plain: undefined,
      br: 'br',
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const answer of [plain, br, gzip]) {
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['content-length']).toBe(String(answer.body.length));
      expect(answer.headers['content-type']).toBe(plain.headers['content-type']);
    }
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length);
  }
});
