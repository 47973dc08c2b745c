import { setupServer } from 'msw/node';
import { lastWeekRange } from '@/shared/measurement/measurementRange';
import { findDemoContract, selectDemoContract } from '@/test/demoContracts';
import { makeTestStore } from '@/test/renderRoute';
import { signInAs } from '@/test/realSession';
import { telemetryApi } from './telemetryApi';
import { loadTelemetry } from './telemetryThunks';

// The thunk against the real server, on a real store: which calls it makes, in which order, and what the
// screen's hook then finds in the cache. The network fake only listens.
const network = setupServer();
const asked: string[] = [];
beforeAll(() => {
  network.listen({ onUnhandledRequest: 'bypass' });
  network.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname.replace(/^\/api\/cliente/, '')}${url.search}`);
  });
});
beforeEach(() => {
  asked.length = 0;
});
afterAll(() => network.close());

const range = lastWeekRange();

describe('loadTelemetry', () => {
  it('looks the contract up first, then asks for its measurements, which the screen reads from the cache', async () => {
    await signInAs();
    const point = await findDemoContract('2.1A');
    const { store } = await makeTestStore();
    asked.length = 0;
    await store.dispatch(loadTelemetry(point.codAbonado, range));
    expect(asked.map((call) => call.split('?')[0])).toEqual([
      '/ov/cups/api/cupsMe',
      '/ov/cups/api/telemetry',
    ]);
    expect(asked[0]).toContain(`contract=${point.codAbonado}`);
    const args = { line: point.line, cups: point.cups, contractCode: point.codAbonado, ...range };
    const cached = telemetryApi.endpoints.telemetry.select(args)(store.getState());
    expect(cached.status).toBe('fulfilled');
    expect(cached.data?.Telemetry?.select?.length).toBeGreaterThan(0);
  });

  it('takes a contract the session holds without asking for it again', async () => {
    await signInAs();
    const product = await selectDemoContract('2.1A');
    const { store } = await makeTestStore();
    asked.length = 0;
    await store.dispatch(loadTelemetry(product.codAbonado, range));
    expect(asked.map((call) => call.split('?')[0])).toEqual(['/ov/cups/api/telemetry']);
  });

  it('asks for no measurements of a contract that is not the user’s', async () => {
    await signInAs();
    const { store } = await makeTestStore();
    asked.length = 0;
    await store.dispatch(loadTelemetry('999999999', range));
    expect(asked.map((call) => call.split('?')[0])).toEqual(['/ov/cups/api/cupsMe']);
  });
});
