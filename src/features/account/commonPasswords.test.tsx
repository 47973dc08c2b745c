import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderRoute } from '@/test/renderRoute';
import { signInAs } from '@/test/realSession';
import { DEMO_CUSTOMER, testApiOrigin } from '@/test/testConfig';
import { PASSWORD_TOO_COMMON } from './accountMessages';

// The real server refuses the 10,000 most common passwords with 466 in every flow that sets one; nothing is
// changed, so the shared demo account keeps its password.

const faults = setupServer();
beforeAll(() => faults.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => faults.resetHandlers());
afterAll(() => faults.close());

const api = (path: string) => `${testApiOrigin()}/api/cliente${path}`;

async function demoEmail(): Promise<string> {
  const answer = await fetch(api('/ov/user/api/privateToken'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CUSTOMER),
  });
  return ((await answer.json()) as { email: string }).email;
}

async function lastLinkTo(email: string): Promise<URL> {
  const messages = (await (await fetch(`${testApiOrigin()}/dev/outbox.json`)).json()) as {
    to: string;
    links: string[];
  }[];
  return new URL(messages.find((message) => message.to === email)!.links[0]);
}

describe('a common password is refused with its own message', () => {
  it('/admin', async () => {
    await signInAs(DEMO_CUSTOMER);
    const { user } = await renderRoute('/admin');
    await user.type(await screen.findByLabelText('Contraseña actual'), DEMO_CUSTOMER.password);
    await user.type(screen.getByLabelText('Nueva contraseña'), 'Password1');
    await user.type(screen.getByLabelText('Confirmar nueva contraseña'), 'Password1');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_TOO_COMMON);
  });

  it('/password-change (confirmation code)', async () => {
    const email = await demoEmail();
    await fetch(api('/ov/user/api/recovery/username?isAdministradorFinca=false'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const link = await lastLinkTo(email);
    const { user } = await renderRoute(`${link.pathname}${link.search}`);
    await user.type(await screen.findByLabelText('Contraseña'), 'Qwerty123');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Qwerty123');
    await user.click(screen.getByRole('button', { name: 'Confirmar Datos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_TOO_COMMON);
  });

  it('/user-change-password keeps the form, as for forbidden characters', async () => {
    faults.use(
      http.get(api('/ov/user/api/validateEmailToken/'), () => HttpResponse.json({ mensaje: 'Token válido' })),
      http.put(api('/ov/user/api/updatePassword/'), () =>
        HttpResponse.json({ code: 466, message: PASSWORD_TOO_COMMON }, { status: 466 }),
      ),
    );
    const { user } = await renderRoute(`/user-change-password?token=${'z'.repeat(43)}`);
    await user.type(await screen.findByLabelText('Nueva contraseña'), 'Iloveyou1');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Iloveyou1');
    await user.click(screen.getByRole('button', { name: 'Confirmar Datos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_TOO_COMMON);
    expect(screen.getByLabelText('Nueva contraseña')).toBeInTheDocument();
  });
});
