import {
  RuntimeConfigError,
  defaultRuntimeConfig,
  loadRuntimeConfig,
  parseRuntimeConfig,
} from './runtimeConfig';

const valid = JSON.parse(JSON.stringify(defaultRuntimeConfig));

describe('runtime configuration', () => {
  it('accepts the documented shape', () => {
    expect(parseRuntimeConfig(valid)).toEqual(defaultRuntimeConfig);
  });

  it.each([
    ['a missing base URL', { ...valid, apiBaseFincas: undefined }, /apiBaseFincas/],
    ['a number as prefix', { ...valid, titlePrefix: 3 }, /titlePrefix/],
    ['no company', { ...valid, company: null }, /company/],
    [
      'a bad social link',
      { ...valid, company: { ...valid.company, social: [{ name: 'X' }] } },
      /social\[0\]\.url/,
    ],
    ['no logo', { ...valid, company: { ...valid.company, logo: undefined } }, /company\.logo/],
    [
      'a logo that is not an SVG',
      { ...valid, company: { ...valid.company, logo: '/logo.png' } },
      /company\.logo/,
    ],
    [
      'a logo given as a script URL',
      { ...valid, company: { ...valid.company, logo: 'javascript:alert(1)//.svg' } },
      /company\.logo/,
    ],
    ['a bad diagnostics URL', { ...valid, diagnostics: { testPageUrl: 5, geoIpUrl: null } }, /testPageUrl/],
  ])('rejects %s', (_, raw, field) => {
    expect(() => parseRuntimeConfig(raw)).toThrow(RuntimeConfigError);
    expect(() => parseRuntimeConfig(raw)).toThrow(field);
  });

  it('reports a config.json that is not JSON', async () => {
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('<html></html>', { headers: { 'content-type': 'text/html' } }));
    await expect(loadRuntimeConfig()).rejects.toThrow('config.json no es JSON válido');
    fetchSpy.mockRestore();
  });
});
