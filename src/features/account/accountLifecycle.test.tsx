import { screen, waitFor, within } from '@testing-library/react';
import { renderRoute } from '@/test/renderRoute';
import { signInAs } from '@/test/realSession';
import { testApiOrigin } from '@/test/testConfig';
import {
  CHANGE_PASSWORD_DONE,
  CHANGE_PASSWORD_WRONG_CURRENT,
  LINK_ACCOUNT_VERIFIED,
  LINK_PASSWORD_CHANGED,
  LINK_PASSWORD_EXPIRED,
  LINK_VERIFY_EXPIRED,
  RECOVERY_SENT,
  RESEND_SENT,
  RESET_SENT,
  SET_PASSWORD_DONE,
  VALIDATION_SUCCESS,
  signupThanks,
} from './accountMessages';
import { browserNavigation } from './linkParams';

// One new account lives through every flow against the real reference server, in order: the seeded sign-up
// holder (12345678Z) can register only once per test run.

const USERNAME = 'carmenprueba';
const EMAIL = 'alta@cliente.example';
let password = 'Segura2024!';

interface OutboxMessage {
  to: string;
  subject: string;
  links: string[];
}

async function lastLinkTo(email: string): Promise<URL> {
  const messages = (await (await fetch(`${testApiOrigin()}/dev/outbox.json`)).json()) as OutboxMessage[];
  const message = messages.find((candidate) => candidate.to === email);
  if (!message) throw new Error(`no hay correo para ${email}`);
  return new URL(message.links[0]);
}

const inApp = (url: URL) => `${url.pathname}${url.search}`;

async function canSignIn(username: string, secret: string, realm = 'cliente') {
  const answer = await fetch(`${testApiOrigin()}/api/${realm}/ov/user/api/privateToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: secret }),
  });
  return answer.status;
}

describe('a new customer account, from sign-up to a new password', () => {
  it('signs up as the seeded holder and cannot sign in before validating', async () => {
    const { user } = await renderRoute('/signup');
    await user.type(await screen.findByLabelText('Nombre / Razón Social'), 'Carmen');
    await user.type(screen.getByLabelText('Primer Apellido'), 'Ortega');
    await user.type(screen.getByLabelText('Segundo Apellido'), 'Gil');
    await user.type(screen.getByLabelText('Nombre de usuario'), USERNAME);
    await user.type(screen.getByLabelText('Contraseña'), password);
    await user.type(screen.getByLabelText('Confirmar contraseña'), password);
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.selectOptions(screen.getByLabelText('Tipo de documento'), 'nif');
    await user.type(screen.getByLabelText('Número'), '12345678Z');
    await user.type(screen.getByLabelText('Teléfono de contacto (opcional)'), '600123456');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar Datos' }));
    expect(await screen.findByText(signupThanks(EMAIL))).toBeInTheDocument();
    expect(await canSignIn(USERNAME, password)).toBe(461);
  });

  it('follows the e-mailed link through /user-validation-request to the greeting', async () => {
    const link = await lastLinkTo(EMAIL);
    expect(link.pathname).toBe('/user-validation-request');
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    await renderRoute(inApp(link));
    expect(await screen.findByText('Estamos validando el usuario...')).toBeInTheDocument();
    const backend = `${testApiOrigin()}/api/cliente/ov/users/validation?token=${link.searchParams.get('token')}`;
    expect(assign).toHaveBeenCalledWith(backend);
    assign.mockRestore();

    const redirect = await fetch(backend, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const target = new URL(redirect.headers.get('location')!);
    expect(target.pathname).toBe('/user-validation');
    await renderRoute(inApp(target));
    expect(await screen.findByRole('heading', { name: '¡Hola, Carmen Ortega Gil!' })).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_SUCCESS)).toBeInTheDocument();
    expect(await canSignIn(USERNAME, password)).toBe(200);
  });

  it('/admin shows the stored profile and changes the password', async () => {
    await signInAs({ username: USERNAME, password });
    const { user } = await renderRoute('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Administración de usuario' }),
    ).toBeInTheDocument();
    expect(screen.getByText('12345678Z')).toBeInTheDocument();
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cambiar contraseña' })).toHaveAttribute('aria-current', 'page');

    await user.type(screen.getByLabelText('Contraseña actual'), 'Incorrecta2024!');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'Cambiada2024!');
    await user.type(screen.getByLabelText('Confirmar nueva contraseña'), 'Cambiada2024!');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CHANGE_PASSWORD_WRONG_CURRENT);
    // Each outcome of the change takes the focus (issue 14).
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());

    await user.clear(screen.getByLabelText('Contraseña actual'));
    await user.type(screen.getByLabelText('Contraseña actual'), password);
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText(CHANGE_PASSWORD_DONE)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(CHANGE_PASSWORD_DONE)).toHaveFocus());
    password = 'Cambiada2024!';
    expect(await canSignIn(USERNAME, password)).toBe(200);
  });

  it('after a change on /admin the user stays signed in, with the new session the answer brings', async () => {
    const { accessToken: before } = await signInAs({ username: USERNAME, password });
    const { user, router, effects } = await renderRoute('/admin');
    await user.type(await screen.findByLabelText('Contraseña actual'), password);
    await user.type(screen.getByLabelText('Nueva contraseña'), 'Renovada2024!');
    await user.type(screen.getByLabelText('Confirmar nueva contraseña'), 'Renovada2024!');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText(CHANGE_PASSWORD_DONE)).toBeInTheDocument();
    password = 'Renovada2024!';

    // The server has ended the session that made the call; the home page loads the contracts with the new one.
    await user.click(screen.getByRole('link', { name: 'Volver' }));
    const electricity = await screen.findByRole('region', { name: 'Contratos de electricidad' });
    expect(within(electricity).getAllByRole('row').slice(1)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/');
    expect(effects.goToLogin).not.toHaveBeenCalled();

    // redux-persist writes on its own schedule.
    await waitFor(() => expect(localStorage.getItem('accessToken')).not.toBe(before));
    const stored = localStorage.getItem('accessToken');
    expect(localStorage.getItem('user-token')).toBe(stored);
    const me = await fetch(`${testApiOrigin()}/api/cliente/ov/user/api/me`, {
      headers: { authorization: `Bearer ${stored}` },
    });
    expect(me.status).toBe(200);
    const old = await fetch(`${testApiOrigin()}/api/cliente/ov/user/api/me`, {
      headers: { authorization: `Bearer ${before}` },
    });
    expect(old.status).toBe(401);
  });

  it('Cerrar sesión in the /admin menu returns to /login', async () => {
    await signInAs({ username: USERNAME, password });
    const { user, router, effects } = await renderRoute('/admin');
    const menu = await screen.findByRole('navigation', { name: 'Menú de usuario' });
    await user.click(within(menu).getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(effects.goToLogin).toHaveBeenCalled());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a forgotten password: prefilled reset form, e-mailed link, new password, spent link', async () => {
    const { user } = await renderRoute(
      `/password-reset?username=${USERNAME}&email=${encodeURIComponent(EMAIL)}`,
    );
    expect(await screen.findByLabelText('Nombre de usuario')).toHaveValue(USERNAME);
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    await user.type(screen.getByLabelText('Teléfono de contacto'), '600123456');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(RESET_SENT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();

    const link = await lastLinkTo(EMAIL);
    expect(link.pathname).toBe('/user-change-password');
    const page = await renderRoute(inApp(link));
    const submit = await screen.findByRole('button', { name: 'Confirmar Datos' });
    expect(submit).toBeDisabled();
    await page.user.type(screen.getByLabelText('Nueva contraseña'), 'Olvidada2024');
    await page.user.type(screen.getByLabelText('Confirmar contraseña'), 'Olvidada2024');
    await waitFor(() => expect(submit).toBeEnabled());
    await page.user.click(submit);
    expect(await screen.findByText(LINK_PASSWORD_CHANGED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acceder a la Oficina Virtual' })).toHaveAttribute(
      'href',
      '/login',
    );
    password = 'Olvidada2024';
    expect(await canSignIn(USERNAME, password)).toBe(200);

    const again = await renderRoute(inApp(link));
    expect(await screen.findByText(LINK_PASSWORD_EXPIRED)).toBeInTheDocument();
    await again.user.click(screen.getByRole('button', { name: 'Solicitar nuevo enlace' }));
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/password-reset'));
  });

  it('a forgotten user name: the e-mail brings a code to set a password at /password-change', async () => {
    const { user } = await renderRoute('/recovery-username');
    await user.type(await screen.findByLabelText('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(RECOVERY_SENT)).toBeInTheDocument();

    const link = await lastLinkTo(EMAIL);
    expect(link.pathname).toBe('/password-change');
    const page = await renderRoute(inApp(link));
    await page.user.type(await screen.findByLabelText('Contraseña'), 'Recuperada2024!');
    await page.user.type(screen.getByLabelText('Confirmar contraseña'), 'Recuperada2024!');
    await page.user.click(screen.getByRole('button', { name: 'Confirmar Datos' }));
    expect(await screen.findByText(SET_PASSWORD_DONE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a la Oficina Virtual' })).toHaveAttribute('href', '/');
    expect(await canSignIn(USERNAME, 'Recuperada2024!')).toBe(200);
  });
});

describe('a new administrator account validated through /user-verify-email', () => {
  it('resends the validation in administrator mode and verifies the address once', async () => {
    const signup = await fetch(`${testApiOrigin()}/api/fincas/ov/user/api/add?isAdministradorFinca=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'alta-fincas.example',
        password: 'Fincas2024!x',
        nif: 'B12345674',
        email: 'alta@fincas.example',
        telefono: '0',
        firstName: 'Administraciones Alta S.L.',
        lastName: '',
        language: 'es',
      }),
    });
    expect(signup.status).toBe(201);

    const { user } = await renderRoute('/user-validation-resend');
    await user.click(await screen.findByLabelText('Administrador de finca'));
    expect(screen.queryByLabelText('Teléfono de contacto')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email (usuario)'), 'alta@fincas.example');
    await user.type(screen.getByLabelText('Email'), 'alta@fincas.example');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(new RegExp(RESEND_SENT))).toBeInTheDocument();

    const link = await lastLinkTo('alta@fincas.example');
    expect(link.pathname).toBe('/user-verify-email');
    expect(link.searchParams.get('isAdministradorFinca')).toBe('true');
    const page = await renderRoute(inApp(link));
    await page.user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(LINK_ACCOUNT_VERIFIED)).toBeInTheDocument();
    expect(await canSignIn('alta@fincas.example', 'Fincas2024!x', 'fincas')).toBe(200);

    await renderRoute(inApp(link));
    expect(await screen.findByText(LINK_VERIFY_EXPIRED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar un nuevo correo de validación' })).toHaveAttribute(
      'href',
      '/user-validation-resend',
    );
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
