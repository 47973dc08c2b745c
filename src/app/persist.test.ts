import { login } from '@/features/auth/authThunks';
import { totalsChanged } from '@/features/contracts/contractsSlice';
import { endSession } from '@/shared/api/baseApi';
import { makeTestStore } from '@/test/renderRoute';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '@/test/testConfig';
import { SESSION_KEYS, readSession, writeSession } from './persist';

describe('session persistence in localStorage', () => {
  it('after a customer login the documented keys hold the documented formats', async () => {
    const { store } = await makeTestStore();
    await store.dispatch(login({ ...DEMO_CUSTOMER, isAdministradorFinca: false }));
    store.dispatch(
      totalsChanged({
        totalElectricidad: 2,
        totalGas: 1,
        totalContractsElectricidad: 3,
        totalContractsGas: 0,
      }),
    );
    await store.persistor.flush();

    const token = localStorage.getItem('accessToken');
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(localStorage.getItem('user-token')).toBe(token);
    expect(localStorage.getItem('refresh_token')).toBeTruthy();
    expect(localStorage.getItem('isAdministrador')).toBe('false');
    expect(localStorage.getItem('isLeaving')).toBe('false');
    expect(JSON.parse(localStorage.getItem('profile') ?? 'null')).toMatchObject({ username: 'demo' });
    expect(localStorage.getItem('email')).toBe(store.getState().auth.email);
    expect(localStorage.getItem('totalElectricidad')).toBe('2');
    expect(localStorage.getItem('totalContractsGas')).toBe('0');
    expect(localStorage.getItem('cupsRequestCount')).toBe('0');
    // One entry per key: no redux-persist blob, no RTK Query cache, no login status.
    const keys = Object.keys(localStorage);
    expect(keys.every((key) => SESSION_KEYS.some((mapping) => mapping.key === key))).toBe(true);
    expect(keys.some((key) => key.startsWith('persist:'))).toBe(false);
    expect(JSON.stringify({ ...localStorage })).not.toContain('"queries"');
  });

  it('stores the administrator flag as the text true', async () => {
    const { store } = await makeTestStore();
    await store.dispatch(login({ ...DEMO_ADMIN, isAdministradorFinca: true }));
    await store.persistor.flush();
    expect(localStorage.getItem('isAdministrador')).toBe('true');
  });

  it('logout clears the session, and a store rebuilt from localStorage (a reload) has no token', async () => {
    const { store, effects } = await makeTestStore();
    await store.dispatch(login({ ...DEMO_CUSTOMER, isAdministradorFinca: false }));
    store.dispatch(totalsChanged({ totalElectricidad: 1 }));
    await store.dispatch(endSession('logout'));
    expect(effects.flush).toHaveBeenCalled();
    expect(effects.goToLogin).toHaveBeenCalledTimes(1);
    for (const key of [
      'accessToken',
      'user-token',
      'refresh_token',
      'profile',
      'cups',
      'contracts',
      'selectedProduct',
      'issues',
      'totalElectricidad',
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(store.getState().auth.status).toBe('loggedOut');

    const { store: reloaded } = await makeTestStore();
    expect(reloaded.getState().auth.accessToken).toBeNull();
    expect(reloaded.getState().auth.profile).toBeNull();
  });

  it('a reload restores the session from the documented keys', async () => {
    const { store } = await makeTestStore();
    await store.dispatch(login({ ...DEMO_CUSTOMER, isAdministradorFinca: false }));
    await store.persistor.flush();
    const { store: reloaded } = await makeTestStore();
    expect(reloaded.getState().auth.accessToken).toBe(store.getState().auth.accessToken);
    expect(reloaded.getState().auth.profile).toEqual(store.getState().auth.profile);
    expect(reloaded.getState().auth.status).toBe('idle');
  });
});

describe('storage adapter', () => {
  it('writes plain text per key and removes null fields', () => {
    writeSession(localStorage, {
      auth: { accessToken: 'tok', isAdministrador: true, profile: { username: 'x' }, email: null },
      contracts: { totalGas: 4, hasUnicasInvoices: false, selectedProduct: null },
      issues: { categoryIDCached: '7' },
    });
    expect(localStorage.getItem('accessToken')).toBe('tok');
    expect(localStorage.getItem('user-token')).toBe('tok');
    expect(localStorage.getItem('isAdministrador')).toBe('true');
    expect(localStorage.getItem('profile')).toBe('{"username":"x"}');
    expect(localStorage.getItem('totalGas')).toBe('4');
    expect(localStorage.getItem('hasUnicasInvoices')).toBe('false');
    expect(localStorage.getItem('categoryIDCached')).toBe('7');
    expect(localStorage.getItem('email')).toBeNull();
  });

  it('reads values written by the original model, ignoring unreadable ones', () => {
    localStorage.setItem('user-token', 'viejo');
    localStorage.setItem('isAdministrador', 'true');
    localStorage.setItem('openIssuesCount', '3');
    localStorage.setItem('totalGas', 'muchos');
    localStorage.setItem('profile', '{roto');
    expect(readSession(localStorage)).toEqual({
      auth: { accessToken: 'viejo', isAdministrador: true },
      issues: { openIssuesCount: 3 },
    });
  });

  it('reads nothing from an empty storage', () => {
    expect(readSession(localStorage)).toBeNull();
  });
});
