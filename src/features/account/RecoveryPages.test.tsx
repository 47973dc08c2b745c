import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import { renderRoute } from '@/test/renderRoute';
import { DEMO_CUSTOMER, testApiOrigin } from '@/test/testConfig';
import {
  BACKEND_UNAVAILABLE,
  LINK_PASSWORD_EXPIRED,
  RECOVERY_NO_ACCOUNT,
  RESEND_ALREADY_ACTIVE,
  RESEND_NO_USER,
  RESET_EMAIL_MISMATCH,
  RESET_USERNAME_UNKNOWN,
  SERVICE_UNAVAILABLE,
  SET_PASSWORD_CODE_EXPIRED,
  SET_PASSWORD_PRECONDITION,
  VALIDATION_ERROR,
} from './accountMessages';

const faults = setupServer();
beforeAll(() => faults.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => faults.resetHandlers());
afterAll(() => faults.close());

const api = (path: string) => `${testApiOrigin()}/api/cliente${path}`;

describe('/user-validation-resend', () => {
  async function resend(username: string, email: string, phone: string) {
    const rendered = await renderRoute('/user-validation-resend');
    await rendered.user.type(await screen.findByLabelText('Nombre de usuario'), username);
    await rendered.user.type(screen.getByLabelText('Email'), email);
    await rendered.user.type(screen.getByLabelText('Teléfono de contacto'), phone);
    await rendered.user.click(screen.getByRole('button', { name: 'Enviar' }));
    return rendered;
  }

  it('404 from the server: no user with these data, with the customer-service hint', async () => {
    await resend('nadie', 'nadie@cliente.example', '600000000');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(RESEND_NO_USER);
    expect(alert).toHaveTextContent('Atención al Cliente en el 900 100 200');
  });

  it('409: already active, with a link to log in', async () => {
    faults.use(
      http.post(api('/ov/user/api/resendEmailVerification'), () =>
        HttpResponse.json({ code: 409 }, { status: 409 }),
      ),
    );
    await resend(DEMO_CUSTOMER.username, 'demo@cliente.example', '600000000');
    expect(await screen.findByRole('alert')).toHaveTextContent(RESEND_ALREADY_ACTIVE);
    expect(screen.getByRole('link', { name: 'Acceder a la Oficina Virtual' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('503: Backend no disponible', async () => {
    faults.use(
      http.post(api('/ov/user/api/resendEmailVerification'), () => HttpResponse.json({}, { status: 503 })),
    );
    await resend('demo', 'demo@cliente.example', '600000000');
    expect(await screen.findByRole('alert')).toHaveTextContent(BACKEND_UNAVAILABLE);
    // The spec's text has no full stop of its own: the hint must not run into it.
    expect(screen.getByRole('alert').textContent).toBe(
      'Backend no disponible. Si el problema persiste, póngase en contacto con Atención al Cliente en el 900 100 200.',
    );
  });

  it('checks the e-mail on blur', async () => {
    const { user } = await renderRoute('/user-validation-resend');
    await user.type(await screen.findByLabelText('Email'), 'no-es-correo');
    await user.tab();
    expect(await screen.findByText('Introduzca un correo electrónico válido')).toBeInTheDocument();
  });
});

describe('/password-reset', () => {
  async function reset(username: string, email: string, phone = '600000000') {
    const rendered = await renderRoute('/password-reset');
    await rendered.user.type(await screen.findByLabelText('Nombre de usuario'), username);
    await rendered.user.type(screen.getByLabelText('Email'), email);
    await rendered.user.type(screen.getByLabelText('Teléfono de contacto'), phone);
    await rendered.user.click(screen.getByRole('button', { name: 'Enviar' }));
    return rendered;
  }

  it('links to /recovery-username', async () => {
    await renderRoute('/password-reset');
    expect(await screen.findByRole('link', { name: '¿Ha olvidado su nombre de usuario?' })).toHaveAttribute(
      'href',
      '/recovery-username',
    );
  });

  it('body code 174 from the server: the user name is not registered', async () => {
    await reset('nadie', 'nadie@cliente.example');
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_USERNAME_UNKNOWN);
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeInTheDocument();
  });

  it('body code 169 from the server: the e-mail does not match', async () => {
    await reset('demo', 'otra@cliente.example');
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_EMAIL_MISMATCH);
  });

  it('503 by status', async () => {
    faults.use(
      http.post(api('/ov/user/api/resendPasswordVerification'), () => HttpResponse.json({}, { status: 503 })),
    );
    await reset('demo', 'demo@cliente.example');
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVICE_UNAVAILABLE);
  });

  it('administrator mode asks for the e-mail twice and no telephone', async () => {
    const { user } = await renderRoute('/password-reset');
    await user.click(await screen.findByLabelText('Administrador de finca'));
    expect(screen.getByLabelText('Email (usuario)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Teléfono de contacto')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirmar email'), 'x');
    await user.tab();
    expect(await screen.findByText('Introduzca un correo electrónico válido')).toBeInTheDocument();
  });
});

describe('/recovery-username', () => {
  it('204: no account for that e-mail, and a link to /password-reset', async () => {
    const { user } = await renderRoute('/recovery-username');
    expect(await screen.findByRole('link', { name: '¿Ha olvidado su contraseña?' })).toHaveAttribute(
      'href',
      '/password-reset',
    );
    await user.type(screen.getByLabelText('Email'), 'nadie@cliente.example');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RECOVERY_NO_ACCOUNT);
  });
});

describe('/password-change (confirmation code)', () => {
  async function setPassword(path: string) {
    const rendered = await renderRoute(path);
    await rendered.user.type(await screen.findByLabelText('Contraseña'), 'Nueva2024!');
    await rendered.user.type(screen.getByLabelText('Confirmar contraseña'), 'Nueva2024!');
    await rendered.user.click(screen.getByRole('button', { name: 'Confirmar Datos' }));
    return rendered;
  }

  it('400 with code 147 from the server for a wrong code', async () => {
    await setPassword(`/password-change?confirmation=${'x'.repeat(43)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(SET_PASSWORD_CODE_EXPIRED);
  });

  it('412 when set-password refuses the client token', async () => {
    faults.use(
      http.post(api('/ov/users/set-password'), () => HttpResponse.json({ code: 412 }, { status: 412 })),
    );
    await setPassword(`/password-change?confirmation=${'x'.repeat(43)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(SET_PASSWORD_PRECONDITION);
  });

  it('without a confirmation code it offers a new link', async () => {
    await renderRoute('/password-change');
    expect(await screen.findByRole('link', { name: 'Solicitar nuevo enlace' })).toHaveAttribute(
      'href',
      '/password-reset',
    );
  });
});

describe('e-mailed links checked on arrival', () => {
  it('/user-change-password with an unknown token: expired-link message', async () => {
    await renderRoute(`/user-change-password?token=${'z'.repeat(43)}`);
    expect(await screen.findByText(LINK_PASSWORD_EXPIRED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Solicitar nuevo enlace' })).toBeInTheDocument();
  });

  it('/user-verify-email with the error mensaje: expired-link message', async () => {
    await renderRoute(`/user-verify-email?token=${'z'.repeat(43)}`);
    expect(await screen.findByText(/El enlace para verificar su cuenta ha caducado/)).toBeInTheDocument();
  });

  it('/user-validation-error links to the resend page', async () => {
    await renderRoute('/user-validation-error');
    expect(await screen.findByText(VALIDATION_ERROR)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar un nuevo correo de validación' })).toHaveAttribute(
      'href',
      '/user-validation-resend',
    );
  });

  it('/user-validation without a readable name still greets', async () => {
    await renderRoute('/user-validation?user=%%%');
    expect(await screen.findByRole('heading', { name: '¡Hola!' })).toBeInTheDocument();
  });
});

describe('/password-reset on a slow network', () => {
  it('sends what the person changed in the fields its link filled, with every answer held', async () => {
    const sent: unknown[] = [];
    faults.use(
      http.all(`${testApiOrigin()}/api/*`, async ({ request }) => {
        if (request.method === 'POST') sent.push(await request.clone().json());
        await new Promise((resolve) => setTimeout(resolve, 2500));
        return passthrough();
      }),
    );
    const { user } = await renderRoute('/password-reset?username=demo&email=demo%40cliente.example');
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('demo@cliente.example');
    await user.clear(email);
    await user.type(email, 'otra@cliente.example');
    await user.type(screen.getByLabelText('Teléfono de contacto'), '600000000');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent).toEqual([expect.objectContaining({ username: 'demo', email: 'otra@cliente.example' })]);
    expect(screen.getByLabelText('Email')).toHaveValue('otra@cliente.example');
  });
});
