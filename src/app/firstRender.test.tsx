import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { makeTestStore } from '@/test/renderRoute';
import { App } from './App';
import { appRoutes, loadPageOf } from './router';

// Its own file: the lazy pages are module state, and another test's render would have resolved them already.
describe('first render', () => {
  it('shows the page loaded by loadPageOf in the first commit, without the loading fallback', async () => {
    await loadPageOf('/login');
    const { store } = await makeTestStore();
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/login'] });
    // A synchronous act: no promise settles between the render and the assertions.
    act(() => {
      render(<App store={store} router={router} />);
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Acceso a la Oficina Virtual' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Cargando…')).not.toBeInTheDocument();
  });
});
