import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import * as download from '@/shared/lib/download';
import { setRuntimeConfig } from '@/shared/config/runtimeConfig';
import { expectErrorSummary } from '@/test/errorSummary';
import { renderRoute } from '@/test/renderRoute';
import { DEMO_ADMIN, DEMO_CUSTOMER, testApiOrigin, testRuntimeConfig } from '@/test/testConfig';
import {
  CONNECTION_OK,
  LOGIN_BAD_CREDENTIALS,
  LOGIN_CANNOT_CONNECT,
  LOGIN_NOT_VALIDATED,
  LOGIN_TOO_MANY_ATTEMPTS,
  LOGIN_UNKNOWN_ERROR,
  LOGIN_VERIFICATION_SENT,
  PASSWORD_REQUIRED,
  USERNAME_REQUIRED,
} from './authMessages';

const faults = setupServer();
beforeAll(() => faults.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => faults.resetHandlers());
afterAll(() => faults.close());

const clientUrl = (path: string) => `${testApiOrigin()}/api/cliente${path}`;

async function signIn(username: string, password: string, { admin = false } = {}) {
  const rendered = await renderRoute('/login');
  const { user } = rendered;
  await user.type(await screen.findByLabelText('Usuario'), username);
  await user.type(screen.getByLabelText('Contraseña'), password);
  if (admin) await user.click(screen.getByLabelText('Administrador de finca'));
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  return rendered;
}

describe('login page against the reference server', () => {
  it('signs a customer in and lands on /', async () => {
    const { router, store } = await signIn(DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().auth.profile?.username).toBe('demo');
    // The form is gone: the home's title takes the focus (issue 14).
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    expect(await screen.findByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });

  it('signs an administrator in on the fincas realm and lands on /administrador-fincas', async () => {
    const { router, store } = await signIn(DEMO_ADMIN.username, DEMO_ADMIN.password, { admin: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/administrador-fincas'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    expect(store.getState().auth.isAdministrador).toBe(true);
    expect(localStorage.getItem('isAdministrador')).toBe('true');
  });

  it('submits with the Enter key', async () => {
    const { user, router } = await renderRoute('/login');
    await user.type(await screen.findByLabelText('Usuario'), DEMO_CUSTOMER.username);
    await user.type(screen.getByLabelText('Contraseña'), `${DEMO_CUSTOMER.password}{Enter}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says exactly that the credentials are wrong', async () => {
    await signIn(DEMO_CUSTOMER.username, 'Incorrecta1!');
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_BAD_CREDENTIALS);
    expect(screen.getByRole('alert').textContent).toBe(
      'El usuario y/o contraseña no son correctos para ingresar.',
    );
    // The refusal is the submit's result: it takes the focus (issue 14).
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Comprobar conexión' })).not.toBeInTheDocument();
  });

  it('an administrator account cannot sign in as a customer', async () => {
    await signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_BAD_CREDENTIALS);
  });

  it('links to sign-up and to account recovery with the spec texts', async () => {
    await renderRoute('/login');
    expect(await screen.findByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Recuperar cuenta' })).toHaveAttribute('href', '/password-reset');
  });

  it('requires Usuario and Contraseña, checked on blur', async () => {
    const { user } = await renderRoute('/login');
    await user.click(await screen.findByLabelText('Usuario'));
    // Every input states its type; a text field no longer leaves it to the browser's default.
    expect(screen.getByLabelText('Usuario')).toHaveAttribute('type', 'text');
    await user.tab();
    expect(await screen.findByText(USERNAME_REQUIRED)).toBeInTheDocument();
    expect(screen.getByLabelText('Usuario')).toHaveAccessibleDescription(USERNAME_REQUIRED);
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    // The field states its message; the error summary repeats it as a link (issue 14).
    await waitFor(() =>
      expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription(PASSWORD_REQUIRED),
    );
  });
});

describe('login focus after a failed submit (issue 14)', () => {
  it('an empty submit focuses the error summary, whose links lead to Usuario and Contraseña; the next, to what is left', async () => {
    const { user } = await renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: 'Entrar' }));
    await expectErrorSummary(user, [
      ['Usuario', USERNAME_REQUIRED],
      ['Contraseña', PASSWORD_REQUIRED],
    ]);
    // The fields keep their own messages.
    expect(screen.getByLabelText('Usuario')).toHaveAccessibleDescription(USERNAME_REQUIRED);

    await user.type(screen.getByLabelText('Usuario'), DEMO_CUSTOMER.username);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await expectErrorSummary(user, [['Contraseña', PASSWORD_REQUIRED]]);
  });
});

describe('login failures injected at the network', () => {
  it('461: account not validated, with a link to a new validation link', async () => {
    faults.use(
      http.post(clientUrl('/ov/user/api/privateToken'), () =>
        HttpResponse.json({ code: 461 }, { status: 461 }),
      ),
    );
    await signIn('demo', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_NOT_VALIDATED);
    expect(screen.getByRole('link', { name: 'Solicitar un nuevo enlace de validación' })).toHaveAttribute(
      'href',
      '/user-validation-resend',
    );
  });

  it('500 maps to the wrong-credentials text; the connection check is offered from 470', async () => {
    faults.use(
      http.post(clientUrl('/ov/user/api/privateToken'), () => HttpResponse.json({}, { status: 500 })),
    );
    await signIn('demo', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_BAD_CREDENTIALS);
    expect(screen.getByRole('button', { name: 'Comprobar conexión' })).toBeInTheDocument();
  });

  // Spec 01 §4: the code is the answer's status (400 -> 104, no answer -> 470), whatever the status.
  it.each([
    [207, LOGIN_VERIFICATION_SENT, false],
    [157, LOGIN_NOT_VALIDATED, false],
    [200, LOGIN_UNKNOWN_ERROR, false],
    [400, LOGIN_BAD_CREDENTIALS, false],
    [418, LOGIN_UNKNOWN_ERROR, false],
    [429, LOGIN_TOO_MANY_ATTEMPTS, false],
    [503, LOGIN_UNKNOWN_ERROR, true],
  ])('an answer %i without a token shows its own message', async (status, text, offersCheck) => {
    faults.use(http.post(clientUrl('/ov/user/api/privateToken'), () => HttpResponse.json({}, { status })));
    const { router } = await signIn('demo', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name: 'Comprobar conexión' }) !== null).toBe(offersCheck);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('404 cannot reach the virtual office, without the connection check', async () => {
    faults.use(
      http.post(clientUrl('/ov/user/api/privateToken'), () => new HttpResponse('no', { status: 404 })),
    );
    await signIn('demo', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_CANNOT_CONNECT);
    expect(screen.queryByRole('button', { name: 'Comprobar conexión' })).not.toBeInTheDocument();
  });

  it('HTML instead of JSON does not blank the page', async () => {
    faults.use(
      http.post(clientUrl('/ov/user/api/privateToken'), () =>
        HttpResponse.html('<html><body>proxy</body></html>'),
      ),
    );
    await signIn('demo', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_CANNOT_CONNECT);
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
  });

  describe('no answer at all (470) and the connection check', () => {
    let saved: { text: string; name: string }[];
    beforeEach(() => {
      saved = [];
      jest.spyOn(download, 'saveText').mockImplementation((text, name) => {
        saved.push({ text, name });
      });
      faults.use(http.post(clientUrl('/ov/user/api/privateToken'), () => HttpResponse.error()));
    });
    afterEach(() => jest.restoreAllMocks());

    it('succeeds and downloads a diagnostic file', async () => {
      const { user } = await signIn('demo', 'x');
      expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_CANNOT_CONNECT);
      await user.click(screen.getByRole('button', { name: 'Comprobar conexión' }));
      expect(await screen.findByText(CONNECTION_OK)).toBeInTheDocument();
      expect(screen.getByText(CONNECTION_OK).textContent).toBe('La conexión se ha verificado correctamente.');
      expect(saved).toHaveLength(1);
      expect(saved[0].name).toMatch(/^diagnostico-oficina-virtual-\d{8}-\d{4}\.txt$/);
      expect(saved[0].text).toContain('checkConnection: correcto');
      expect(saved[0].text).toContain(`${testApiOrigin()}/api/cliente`);
      expect(saved[0].text).toContain('Página de prueba externa: no configurada (no se ha consultado)');
      expect(saved[0].text).toContain('Geolocalización IP: no configurada (no se ha consultado)');
    });

    it('fails with the customer-service phone and still downloads the file', async () => {
      faults.use(http.get(clientUrl('/ov/user/api/checkConnection'), () => HttpResponse.error()));
      setRuntimeConfig(
        testRuntimeConfig({
          company: { ...testRuntimeConfig().company, customerServicePhone: '900 999 111' },
        }),
      );
      const { user } = await signIn('demo', 'x');
      await user.click(await screen.findByRole('button', { name: 'Comprobar conexión' }));
      expect(
        await screen.findByText(
          'No hay conexión con la Oficina Virtual. Llame a Atención al Cliente: 900 999 111.',
        ),
      ).toBeInTheDocument();
      expect(saved[0].text).toContain('checkConnection: fallido - sin respuesta (error de red)');
    });

    it('queries the configured test page and geolocation service', async () => {
      faults.use(
        http.get('https://pruebas.example/ping', () => HttpResponse.text('pong')),
        http.get('https://geo.example/ip', () => HttpResponse.json({ country: 'ES' })),
      );
      setRuntimeConfig(
        testRuntimeConfig({
          diagnostics: { testPageUrl: 'https://pruebas.example/ping', geoIpUrl: 'https://geo.example/ip' },
        }),
      );
      const { user } = await signIn('demo', 'x');
      await user.click(await screen.findByRole('button', { name: 'Comprobar conexión' }));
      await screen.findByText(CONNECTION_OK);
      expect(saved[0].text).toContain('https://pruebas.example/ping\nHTTP 200');
      expect(saved[0].text).toContain('pong');
      expect(saved[0].text).toContain('"country":"ES"');
    });
  });
});
