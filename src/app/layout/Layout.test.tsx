import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { baseApi } from '@/shared/api/baseApi';
import { renderRoute } from '@/test/renderRoute';
import { signInAs } from '@/test/realSession';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '@/test/testConfig';
import { login } from '@/features/auth/authThunks';

const network = setupServer();
beforeAll(() => network.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => network.resetHandlers());
afterAll(() => network.close());

describe('layout', () => {
  it('shows the version, contact, social links, legal links and copyright', async () => {
    await renderRoute('/login');
    expect(await screen.findByText('Versión 2.0.7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '900 100 200' })).toHaveAttribute('href', 'tel:900100200');
    expect(screen.getByRole('link', { name: 'clientes@energiademo.example' })).toHaveAttribute(
      'href',
      'mailto:clientes@energiademo.example',
    );
    expect(screen.getByRole('link', { name: 'X (se abre en una nueva ventana)' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2018 Energía Demo Ibérica, S.L.');
    expect(screen.getByText('Paseo de la Castellana 100, 28046 Madrid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Saltar al contenido' })).toHaveAttribute('href', '#contenido');
    expect(screen.queryByRole('button', { name: 'Cerrar sesión' })).not.toBeInTheDocument();
  });

  it('Cerrar sesión ends the session on the server and goes to /login', async () => {
    const { store, router, user } = await renderRoute('/login');
    await act(async () => {
      await store.dispatch(login({ ...DEMO_CUSTOMER, isAdministradorFinca: false }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it.each([
    ['a customer', DEMO_CUSTOMER, '/'],
    ['an administrator', DEMO_ADMIN, '/administrador-fincas'],
  ])('offers %s Mi cuenta, reached with the keyboard, leading to /admin', async (_who, account, start) => {
    await signInAs(account);
    const { router, user } = await renderRoute(start);
    const header = within(screen.getByRole('banner'));
    const myAccount = await header.findByRole('link', { name: 'Mi cuenta' });
    expect(myAccount).toHaveAttribute('href', '/admin');
    // From the top of the page, Tab presses (skip link, contact, brand, logout and the menu) reach it.
    for (let presses = 0; presses < 15 && document.activeElement !== myAccount; presses += 1)
      await user.tab();
    expect(myAccount).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('logout still clears the session when the server call fails', async () => {
    network.use(http.post('*/ov/user/api/logout', () => HttpResponse.error()));
    await signInAs();
    const { router, user } = await renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('loads the administrator contract counter and re-reads it from localStorage every second', async () => {
    await signInAs(DEMO_ADMIN);
    const { store } = await renderRoute('/administrador-fincas');
    const header = within(screen.getByRole('banner'));
    // The administrator never opens the customer home: the header loads the totals from the server.
    await waitFor(() => expect(localStorage.getItem('totalContractsGas')).not.toBeNull());
    await store.persistor.flush();
    const loaded =
      Number(localStorage.getItem('totalContractsElectricidad')) +
      Number(localStorage.getItem('totalContractsGas'));
    expect(loaded).toBeGreaterThan(0);
    expect(await header.findByText(String(loaded))).toBeInTheDocument();
    // Another tab writes new totals.
    localStorage.setItem('totalContractsElectricidad', '40');
    localStorage.setItem('totalContractsGas', '2');
    await waitFor(() => expect(header.getByText('42')).toBeInTheDocument());
  });

  it('keeps an administrator whose clients have no contracts signed in', async () => {
    // The customer home ends the session on a first empty load; the header's totals load must not.
    network.use(
      http.get('*/api/fincas/ov/cups/api/cupsMe', () =>
        HttpResponse.json({ cupsAsociados: { select: [] }, totalElectricidad: 0, totalGas: 0 }),
      ),
    );
    await signInAs(DEMO_ADMIN);
    const { effects } = await renderRoute('/administrador-fincas');
    await waitFor(() => expect(localStorage.getItem('totalContractsGas')).toBe('0'));
    expect(effects.goToLogin).not.toHaveBeenCalled();
    expect(localStorage.getItem('isLeaving')).toBe('false');
  });

  it('shows Cargando… while a request is pending', async () => {
    await signInAs();
    network.use(
      http.get('*/slow', async () => {
        await delay(150);
        return HttpResponse.json({});
      }),
    );
    const slowApi = baseApi.injectEndpoints({
      endpoints: (build) => ({ slow: build.query<unknown, void>({ query: () => '/slow' }) }),
      overrideExisting: true,
    });
    const { store } = await renderRoute('/');
    const indicator = () =>
      screen.getAllByRole('status').find((node) => node.classList.contains('loading-bar'));
    // The header reads the profile on load; the indicator is idle once that answer is in.
    await waitFor(() => expect(indicator()).toBeEmptyDOMElement());
    let call: Promise<unknown> = Promise.resolve();
    act(() => {
      call = store.dispatch(slowApi.endpoints.slow.initiate());
    });
    await waitFor(() => expect(indicator()).toHaveTextContent('Cargando…'));
    await act(async () => {
      await call;
    });
    await waitFor(() => expect(indicator()).toBeEmptyDOMElement());
  });
});
