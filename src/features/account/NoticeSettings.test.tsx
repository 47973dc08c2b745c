import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { signInAs } from '@/test/realSession';
import { renderRoute } from '@/test/renderRoute';
import { DEMO_ADMIN, testApiOrigin } from '@/test/testConfig';
import {
  NOTICE_LABELS,
  NOTICES_LOAD_FAILED,
  NOTICES_SAVE_FAILED,
  NOTICES_SAVED,
  NOTICES_TITLE,
} from './accountMessages';

const faults = setupServer();
beforeAll(() => faults.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => faults.resetHandlers());
afterAll(() => faults.close());

const ALL_ON = {
  nuevaFactura: true,
  consumoInusual: true,
  potenciaSuperada: true,
  solicitudActualizada: true,
};

/** What the real server has stored for the signed-in account; PUT with `reset` first. */
async function stored(accessToken: string, realm: 'cliente' | 'fincas', reset?: typeof ALL_ON) {
  const url = `${testApiOrigin()}/api/${realm}/ov/user/api/notifications`;
  const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
  if (reset) await fetch(url, { method: 'PUT', headers, body: JSON.stringify(reset) });
  return (await fetch(url, { headers })).json();
}

const section = async () =>
  within((await screen.findByRole('heading', { name: NOTICES_TITLE })).closest('section') as HTMLElement);

describe('Mi cuenta: Avisos por correo', () => {
  it('shows one switch per kind, all on by default, and saves a change on the server', async () => {
    const { accessToken } = await signInAs();
    await stored(accessToken, 'cliente', ALL_ON);
    const { user } = await renderRoute('/admin');
    const notices = await section();
    const switches = await notices.findAllByRole('switch');
    expect(switches.map((element) => element.getAttribute('id'))).toEqual([
      'notice-nuevaFactura',
      'notice-consumoInusual',
      'notice-potenciaSuperada',
      'notice-solicitudActualizada',
    ]);
    for (const kind of Object.keys(ALL_ON) as (keyof typeof ALL_ON)[]) {
      expect(notices.getByRole('switch', { name: NOTICE_LABELS[kind].label })).toBeChecked();
    }
    // Keyboard: Tab to the switch and Space turns it off.
    const unusual = notices.getByRole('switch', { name: NOTICE_LABELS.consumoInusual.label });
    unusual.focus();
    await user.keyboard(' ');
    expect(await notices.findByText(NOTICES_SAVED)).toBeInTheDocument();
    expect(unusual).not.toBeChecked();
    expect(await stored(accessToken, 'cliente')).toEqual({ ...ALL_ON, consumoInusual: false });
    await stored(accessToken, 'cliente', ALL_ON);
  });

  it('an administrator has the same switches', async () => {
    const { accessToken } = await signInAs(DEMO_ADMIN);
    await stored(accessToken, 'fincas', ALL_ON);
    const { user } = await renderRoute('/admin');
    const notices = await section();
    await user.click(await notices.findByRole('switch', { name: NOTICE_LABELS.nuevaFactura.label }));
    expect(await notices.findByText(NOTICES_SAVED)).toBeInTheDocument();
    expect(await stored(accessToken, 'fincas')).toEqual({ ...ALL_ON, nuevaFactura: false });
    await stored(accessToken, 'fincas', ALL_ON);
  });

  it('a failed load offers Reintentar; a failed save says so, keeps the switch, and Reintentar saves it', async () => {
    const { accessToken } = await signInAs();
    await stored(accessToken, 'cliente', ALL_ON);
    const url = `${testApiOrigin()}/api/cliente/ov/user/api/notifications`;
    faults.use(
      http.get(url, () => HttpResponse.json({ code: 500, message: 'x' }, { status: 500 }), { once: true }),
    );
    const { user } = await renderRoute('/admin');
    const notices = await section();
    expect(await notices.findByText(NOTICES_LOAD_FAILED)).toBeInTheDocument();
    await user.click(notices.getByRole('button', { name: 'Reintentar' }));
    const power = await notices.findByRole('switch', { name: NOTICE_LABELS.potenciaSuperada.label });

    faults.use(
      http.put(url, () => HttpResponse.json({ code: 500, message: 'x' }, { status: 500 }), { once: true }),
    );
    await user.click(power);
    expect(await notices.findByText(NOTICES_SAVE_FAILED)).toBeInTheDocument();
    expect(power).toBeChecked();
    expect(await stored(accessToken, 'cliente')).toEqual(ALL_ON);
    await user.click(notices.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(power).not.toBeChecked());
    expect(await stored(accessToken, 'cliente')).toEqual({ ...ALL_ON, potenciaSuperada: false });
    await stored(accessToken, 'cliente', ALL_ON);
  });
});
