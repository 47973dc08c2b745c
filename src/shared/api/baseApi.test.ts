import type { Middleware } from '@reduxjs/toolkit';
import configureMockStore from 'redux-mock-store';
import { endSession, type SessionEndReason } from './baseApi';

/** Runs endSession on a mock store holding a session without a refresh token, so no server call is made. */
async function end(reason: SessionEndReason, { isLeaving = false } = {}) {
  const effects = { flush: jest.fn(async () => undefined), goToLogin: jest.fn(), reload: jest.fn() };
  // The thunk middleware with the store's extra argument, written out so the test needs no extra package.
  const thunkWithEffects: Middleware = (store) => (next) => (action) =>
    typeof action === 'function'
      ? action(store.dispatch, () => store.getState(), { sessionEffects: effects })
      : next(action);
  const mockStore = configureMockStore([thunkWithEffects as never]);
  const store = mockStore({
    auth: { accessToken: 'token', refreshToken: null, isAdministrador: false, isLeaving },
  });
  // The thunk's promise, typed away by redux-mock-store's plain dispatch.
  await (store.dispatch(endSession(reason) as never) as Promise<unknown>);
  const types = store.getActions().map((action: { type: string }) => action.type);
  const calls = (mock: jest.Mock) => mock.mock.calls.length;
  return {
    types,
    flush: calls(effects.flush),
    goToLogin: calls(effects.goToLogin),
    reload: calls(effects.reload),
  };
}

describe('endSession', () => {
  it('logout clears the session even with nothing to tell the server, then writes it and goes to /login', async () => {
    expect(await end('logout')).toEqual({
      types: ['auth/loggedOut', 'api/resetApiState'],
      flush: 1,
      goToLogin: 1,
      reload: 0,
    });
  });

  it.each<SessionEndReason>(['expired', 'emptyFirstLoad'])(
    '%s marks the session as leaving, writes it, goes to /login and reloads',
    async (reason) => {
      expect(await end(reason)).toEqual({
        types: ['auth/sessionExpired'],
        flush: 1,
        goToLogin: 1,
        reload: 1,
      });
    },
  );

  it.each<SessionEndReason>(['expired', 'emptyFirstLoad'])(
    '%s does nothing when the session is already leaving (ten 401s end it once)',
    async (reason) => {
      expect(await end(reason, { isLeaving: true })).toEqual({
        types: [],
        flush: 0,
        goToLogin: 0,
        reload: 0,
      });
    },
  );

  it('a session marked as leaving is closed at the home without a reload', async () => {
    expect(await end('markedLeaving', { isLeaving: true })).toEqual({
      types: ['auth/sessionExpired'],
      flush: 1,
      goToLogin: 1,
      reload: 0,
    });
  });

  it('without a token the leftovers are cleared and the route guard redirects by itself', async () => {
    expect(await end('noToken')).toEqual({ types: ['auth/loggedOut'], flush: 0, goToLogin: 0, reload: 0 });
  });
});
