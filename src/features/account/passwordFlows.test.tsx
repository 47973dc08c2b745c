import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { expectErrorSummary } from '@/test/errorSummary';
import { renderRoute } from '@/test/renderRoute';
import { signInAs } from '@/test/realSession';
import { DEMO_CUSTOMER, testApiOrigin } from '@/test/testConfig';
import {
  CHANGE_PASSWORD_DONE,
  CHANGE_PASSWORD_FORBIDDEN,
  LABELS,
  PASSWORD_FORBIDDEN_CHARACTERS,
  PASSWORD_RULE,
  required,
} from './accountMessages';

// DECISIONS "Passwords across flows": no flow may set a password another refuses later, so every form that sets
// one refuses = _ & ? - / \ " with the named rule's message and + ' with the change-password 465 text.
const faults = setupServer();
beforeAll(() => faults.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => faults.resetHandlers());
afterAll(() => faults.close());

const api = (path: string) => `${testApiOrigin()}/api/cliente${path}`;

/** A live e-mailed link of the demo customer, asked for through the API as the reset form does. */
async function realResetLink(): Promise<string> {
  const signedIn = await fetch(api('/ov/user/api/privateToken'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CUSTOMER),
  });
  const { access_token: token } = (await signedIn.json()) as { access_token: string };
  const me = (await (
    await fetch(api('/ov/user/api/me'), { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { username: string; email: string; telephoneNumber: string };
  const reset = await fetch(api('/ov/user/api/resendPasswordVerification?isAdministradorFinca=false'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: me.username, email: me.email, telefono: me.telephoneNumber }),
  });
  expect(reset.status).toBe(204);
  const outbox = (await (await fetch(`${testApiOrigin()}/dev/outbox.json`)).json()) as {
    to: string;
    links: string[];
  }[];
  const link = new URL(outbox.find((message) => message.to === me.email)!.links[0]);
  return `${link.pathname}${link.search}`;
}

interface Flow {
  name: string;
  label: string;
  open: () => Promise<{ user: UserEvent }>;
}

const flows: Flow[] = [
  { name: 'sign-up', label: 'Contraseña', open: () => renderRoute('/signup') },
  {
    name: 'set password by confirmation code',
    label: 'Contraseña',
    open: () => renderRoute(`/password-change?confirmation=${'x'.repeat(43)}`),
  },
  {
    name: 'change by e-mailed link',
    label: 'Nueva contraseña',
    open: async () => renderRoute(await realResetLink()),
  },
  {
    name: '/admin',
    label: 'Nueva contraseña',
    open: async () => {
      await signInAs();
      return renderRoute('/admin');
    },
  },
];

describe.each(flows)('$name refuses the characters every flow refuses', ({ label, open }) => {
  it.each([
    ['_', PASSWORD_RULE],
    ['&', PASSWORD_RULE],
    ['\\', PASSWORD_RULE],
    ['+', CHANGE_PASSWORD_FORBIDDEN],
    ["'", CHANGE_PASSWORD_FORBIDDEN],
  ])('%s: %s', async (character, message) => {
    const { user } = await open();
    const field = await screen.findByLabelText(label);
    await user.type(field, `Segura${character}2024!`);
    await user.tab();
    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
  });
});

describe('the e-mailed link form', () => {
  it('keeps Confirmar Datos disabled for a password /admin would refuse', async () => {
    const { user } = await renderRoute(await realResetLink());
    const submit = await screen.findByRole('button', { name: 'Confirmar Datos' });
    await user.type(screen.getByLabelText('Nueva contraseña'), 'Nueva_2024');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Nueva_2024');
    await user.tab();
    expect(await screen.findByText(PASSWORD_RULE)).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('a 465 answer names the characters no flow accepts, and the form stays', async () => {
    faults.use(
      http.put(api('/ov/user/api/updatePassword/'), () => HttpResponse.json({ code: 465 }, { status: 465 })),
    );
    const { user } = await renderRoute(await realResetLink());
    const submit = await screen.findByRole('button', { name: 'Confirmar Datos' });
    await user.type(screen.getByLabelText('Nueva contraseña'), 'Nueva2024!');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Nueva2024!');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_FORBIDDEN_CHARACTERS);
    expect(screen.getByLabelText('Nueva contraseña')).toBeInTheDocument();
  });
});

describe('/admin with a backend whose answer brings no new session', () => {
  it('keeps the session it had and stays signed in', async () => {
    // Another backend may answer the change with code and message only, leaving the caller's session live.
    faults.use(
      http.post(api('/ov/user/api/changePasswordBackend'), () =>
        HttpResponse.json({ code: 200, message: 'Contraseña cambiada.' }),
      ),
    );
    const { accessToken } = await signInAs();
    const refreshToken = localStorage.getItem('refresh_token');
    const { user, router, effects, store } = await renderRoute('/admin');
    await user.type(await screen.findByLabelText('Contraseña actual'), DEMO_CUSTOMER.password);
    await user.type(screen.getByLabelText('Nueva contraseña'), 'Renovada2024!');
    await user.type(screen.getByLabelText('Confirmar nueva contraseña'), 'Renovada2024!');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText(CHANGE_PASSWORD_DONE)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Volver' }));
    expect(await screen.findByRole('region', { name: 'Contratos de electricidad' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(effects.goToLogin).not.toHaveBeenCalled();
    await store.persistor.flush();
    expect(localStorage.getItem('accessToken')).toBe(accessToken);
    expect(localStorage.getItem('user-token')).toBe(accessToken);
    expect(localStorage.getItem('refresh_token')).toBe(refreshToken);
  });
});

describe('/admin change password: focus after a refused send (issue 14)', () => {
  it('an empty send focuses the error summary, whose links lead to the three fields', async () => {
    await signInAs();
    const { user } = await renderRoute('/admin');
    await user.click(await screen.findByRole('button', { name: 'Cambiar contraseña' }));
    await expectErrorSummary(
      user,
      [LABELS.currentPassword, LABELS.newPassword, LABELS.confirmNewPassword].map((label) => [
        label,
        required(label),
      ]),
    );
    expect(screen.getByLabelText(LABELS.newPassword)).toHaveAccessibleDescription(
      required(LABELS.newPassword),
    );
  });
});
