import {
  CONFIG_BLOCK_ID,
  RuntimeConfigError,
  defaultRuntimeConfig,
  getRuntimeConfig,
  installRuntimeConfig,
  loadRuntimeConfig,
  parseRuntimeConfig,
  setRuntimeConfig,
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

  describe('at start-up', () => {
    const served = {
      ...valid,
      titlePrefix: 'Oficina </script> Virtual',
      company: { ...valid.company, name: 'Otra Energía' },
    };
    let fetchSpy: jest.SpyInstance;

    beforeEach(() => {
      setRuntimeConfig(defaultRuntimeConfig);
      fetchSpy = jest
        .spyOn(globalThis, 'fetch')
        .mockResolvedValue(
          new Response(JSON.stringify(served), { headers: { 'content-type': 'application/json' } }),
        );
    });

    afterEach(() => {
      fetchSpy.mockRestore();
      document.getElementById(CONFIG_BLOCK_ID)?.remove();
    });

    function addBlock(text: string) {
      const block = document.createElement('script');
      block.type = 'application/json';
      block.id = CONFIG_BLOCK_ID;
      block.textContent = text;
      document.head.append(block);
    }

    it('reads the block the server put in the page, synchronously and without a fetch', () => {
      // As the server writes it: `<` escaped.
      addBlock(JSON.stringify(served).replace(/</g, '\\u003c'));
      const installed = installRuntimeConfig();
      expect(installed).not.toBeInstanceOf(Promise);
      expect(installed).toEqual(served);
      expect(getRuntimeConfig().titlePrefix).toBe('Oficina </script> Virtual');
      expect(getRuntimeConfig().company.name).toBe('Otra Energía');
      expect(fetchSpy).not.toHaveBeenCalled();
    });

    it('rejects a block that is not JSON, naming it', () => {
      addBlock('{roto');
      expect(() => installRuntimeConfig()).toThrow('la configuración de la página no es JSON válido');
      expect(fetchSpy).not.toHaveBeenCalled();
    });

    it('fetches /config.json when the page carries no block', async () => {
      await expect(installRuntimeConfig()).resolves.toEqual(served);
      expect(fetchSpy).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
      expect(getRuntimeConfig().company.name).toBe('Otra Energía');
    });
  });
});
