import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { baseApi } from './baseApi';
import { todayIso } from '@/shared/lib/dates';
import { noteServerTime } from '@/shared/lib/madridClock';
import { makeTestStore } from '@/test/renderRoute';
import { anHourAgo, fakeToken, inOneHour, storeSession } from '@/test/session';
import { testApiOrigin } from '@/test/testConfig';

// A probe endpoint injected for these tests only: the behaviour under test is baseQuery's, not an endpoint's.
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, number>({ query: (n) => ({ url: `/probe/${n}` }) }),
    privateToken: build.mutation<unknown, void>({
      query: () => ({ url: '/ov/user/api/privateToken', method: 'POST', body: {} }),
    }),
    logout: build.mutation<unknown, string>({
      query: (refresh) => ({
        url: '/ov/user/api/logout',
        method: 'POST',
        headers: { refresh_token: refresh },
      }),
    }),
  }),
  overrideExisting: true,
});

const seen: { url: string; authorization: string | null }[] = [];
const network = setupServer(
  http.all('*/probe/:n', ({ request }) => {
    seen.push({ url: request.url, authorization: request.headers.get('authorization') });
    return HttpResponse.json({ ok: true });
  }),
);
beforeAll(() => network.listen({ onUnhandledRequest: 'bypass' }));
beforeEach(() => {
  seen.length = 0;
});
afterEach(() => network.resetHandlers());
afterAll(() => network.close());

describe('baseQuery', () => {
  it('takes the server’s clock from X-Server-Time, so every screen’s today follows a moved demo clock', async () => {
    const ahead = new Date(Date.now() + 40 * 86_400_000).toISOString();
    network.use(
      http.all('*/probe/:n', () => HttpResponse.json({ ok: true }, { headers: { 'X-Server-Time': ahead } })),
    );
    storeSession({ token: fakeToken(inOneHour()) });
    const { store } = await makeTestStore();
    const wallToday = todayIso(new Date());
    await store.dispatch(probeApi.endpoints.probe.initiate(7));
    expect(todayIso()).toBe(todayIso(new Date(ahead)));
    expect(todayIso()).not.toBe(wallToday);
    // Back to the machine's clock for the other tests.
    noteServerTime(new Date().toISOString());
  });

  it('sends a live session to the customer base with the bearer token', async () => {
    const token = fakeToken(inOneHour());
    storeSession({ token });
    const { store } = await makeTestStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate(1));
    expect(result.data).toEqual({ ok: true });
    expect(seen).toEqual([
      { url: `${testApiOrigin()}/api/cliente/probe/1`, authorization: `Bearer ${token}` },
    ]);
  });

  it('sends an administrator session to the fincas base', async () => {
    storeSession({ admin: true });
    const { store } = await makeTestStore();
    await store.dispatch(probeApi.endpoints.probe.initiate(2));
    expect(seen[0].url).toBe(`${testApiOrigin()}/api/fincas/probe/2`);
  });

  it.each([
    ['expired', fakeToken(anHourAgo())],
    ['unreadable', 'no-es-un-jwt'],
    ['without exp', fakeToken(inOneHour()).replace(/\.[^.]+\./, `.${btoa('{"sub":"x"}')}.`)],
  ])('does not send with an %s token and logs out once', async (_, token) => {
    storeSession({ token });
    const { store, effects } = await makeTestStore();
    await Promise.all([1, 2, 3].map((n) => store.dispatch(probeApi.endpoints.probe.initiate(n))));
    expect(seen).toHaveLength(0);
    expect(effects.goToLogin).toHaveBeenCalledTimes(1);
    expect(effects.reload).toHaveBeenCalledTimes(1);
    expect(effects.goToLogin.mock.invocationCallOrder[0]).toBeGreaterThan(
      effects.flush.mock.invocationCallOrder[0],
    );
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('isLeaving')).toBe('true');
  });

  it('does not check expiry for privateToken and logout', async () => {
    storeSession({ token: fakeToken(anHourAgo()) });
    const calls: string[] = [];
    network.use(
      http.post('*/ov/user/api/privateToken', () => {
        calls.push('privateToken');
        return HttpResponse.json({ code: 104 }, { status: 400 });
      }),
      http.post('*/ov/user/api/logout', ({ request }) => {
        calls.push(`logout ${request.headers.get('refresh_token')}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { store, effects } = await makeTestStore();
    await store.dispatch(probeApi.endpoints.privateToken.initiate());
    await store.dispatch(probeApi.endpoints.logout.initiate('refresco'));
    expect(calls).toEqual(['privateToken', 'logout refresco']);
    expect(effects.goToLogin).not.toHaveBeenCalled();
  });

  it('a storm of ten 401 answers ends the session exactly once', async () => {
    storeSession();
    let answered = 0;
    network.use(
      http.all('*/probe/:n', async () => {
        answered += 1;
        return HttpResponse.json({ code: 401 }, { status: 401 });
      }),
    );
    const { store, effects } = await makeTestStore();
    let logouts = 0;
    let leaving = store.getState().auth.isLeaving;
    store.subscribe(() => {
      const now = store.getState().auth.isLeaving;
      if (now && !leaving) logouts += 1;
      leaving = now;
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) => store.dispatch(probeApi.endpoints.probe.initiate(100 + n))),
    );
    expect(answered).toBe(10);
    expect(results.every((r) => r.error && 'status' in r.error && r.error.status === 401)).toBe(true);
    expect(effects.goToLogin).toHaveBeenCalledTimes(1);
    expect(effects.reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('isLeaving')).toBe('true');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(store.getState().auth.accessToken).toBeNull();
    expect(logouts).toBe(1);

    // A late 401 after the logout does nothing more.
    await store.dispatch(probeApi.endpoints.probe.initiate(999));
    expect(effects.goToLogin).toHaveBeenCalledTimes(1);
  });
});
