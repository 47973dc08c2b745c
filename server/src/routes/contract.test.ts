import { createTestApp } from '../../test/testApp';
import { routesOf } from '../http/routeTable';

describe('the contract (issue 23)', () => {
  it('gives every API route a response schema, so no answer goes out undeclared', async () => {
    const t = await createTestApp({}, { seed: false });
    try {
      const routes = routesOf(t.app).filter((route) => route.url.startsWith('/api/'));
      expect(routes.length).toBeGreaterThan(80);
      const undeclared = routes
        .filter((route) => !route.schema?.response)
        .map((route) => `${[route.method].flat().join(',')} ${route.url}`);
      expect(undeclared).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
