import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '@/app/App';
import { appRoutes } from '@/app/router';
import { makeStore, type AppStore } from '@/app/store';
import { loginPathFor } from '@/shared/config/routes';

export interface SessionEffectSpies {
  flush: jest.Mock<Promise<void>, []>;
  goToLogin: jest.Mock<void, []>;
  reload: jest.Mock<void, []>;
}

/** Waits until redux-persist has read localStorage into the store. */
export function waitForRehydration(store: AppStore): Promise<void> {
  return new Promise((resolve) => {
    const done = () => store.persistor.getState().bootstrapped;
    if (done()) return resolve();
    const unsubscribe = store.persistor.subscribe(() => {
      if (done()) {
        unsubscribe();
        resolve();
      }
    });
  });
}

/** A fresh store read from localStorage (as after a page load), with spied session effects. */
export async function makeTestStore() {
  let flushStore: AppStore | null = null;
  const effects: SessionEffectSpies = {
    flush: jest.fn(async () => {
      await flushStore?.persistor.flush();
    }),
    goToLogin: jest.fn(),
    reload: jest.fn(),
  };
  const store = makeStore(undefined, { sessionEffects: effects });
  flushStore = store;
  await waitForRehydration(store);
  return { store, effects };
}

/**
 * Renders the real route tree at `path` with a fresh store and a memory router, as a user arriving there.
 * goToLogin navigates the memory router, so tests can see where the user ends up.
 */
export async function renderRoute(path: string) {
  const { store, effects } = await makeTestStore();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  effects.goToLogin.mockImplementation(() => {
    void router.navigate(loginPathFor(router.state.location.pathname), { replace: true });
  });
  const user = userEvent.setup({ delay: null });
  await act(async () => {
    render(<App store={store} router={router} />);
  });
  return { store, router, effects, user };
}
