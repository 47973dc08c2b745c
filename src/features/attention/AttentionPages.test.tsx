import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { newClaim } from '@/test/demoRequests';
import { renderRoute } from '@/test/renderRoute';
import { signInAs } from '@/test/realSession';
import { DEMO_STAFF, testApiOrigin } from '@/test/testConfig';
import {
  HISTORY_STAFF_MEMBER,
  QUEUE_LOAD_FAILED,
  REPLY_REQUIRED,
  REPLY_SENT,
  STATE_CHANGED,
  daysLeftText,
} from './attentionMessages';

const network = setupServer();
beforeAll(() => network.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => network.resetHandlers());
afterAll(() => network.close());

const desk = (path: string) => `${testApiOrigin()}/api/atencion/ov/attention/api${path}`;

async function staffGet<T>(token: string, path: string): Promise<T> {
  const answer = await fetch(desk(path), { headers: { authorization: `Bearer ${token}` } });
  return (await answer.json()) as T;
}

describe('/atencion/login and the realms', () => {
  it('sends a visitor to the staff sign-in and a signed-in member of staff to the queue', async () => {
    const { router, user } = await renderRoute('/atencion');
    await waitFor(() => expect(router.state.location.pathname).toBe('/atencion/login'));
    await user.type(await screen.findByLabelText('Usuario'), DEMO_STAFF.username);
    await user.type(screen.getByLabelText('Contraseña'), DEMO_STAFF.password);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Solicitudes pendientes' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/atencion');
    expect(localStorage.getItem('isAtencion')).toBe('true');
    expect(localStorage.getItem('isAdministrador')).toBe('false');
  });

  it('refuses customer credentials at the staff sign-in with the Spanish message', async () => {
    const { user } = await renderRoute('/atencion/login');
    await user.type(await screen.findByLabelText('Usuario'), 'demo');
    await user.type(screen.getByLabelText('Contraseña'), 'Demo2024!');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El usuario y/o contraseña no son correctos para ingresar.',
    );
  });

  it('keeps a staff session out of the customer pages', async () => {
    await signInAs(DEMO_STAFF);
    const { router } = await renderRoute('/issues');
    await waitFor(() => expect(router.state.location.pathname).toBe('/atencion'));
    // Settled before the next test writes its own session to the same localStorage.
    expect(await screen.findByRole('region', { name: 'Cola de solicitudes' })).toBeInTheDocument();
  });

  it('keeps a customer session out of the staff area', async () => {
    await signInAs();
    const { router } = await renderRoute('/atencion');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bienvenido a su Oficina Virtual' }),
    ).toBeInTheDocument();
  });
});

interface Queue {
  items: { id: number; tracking_code: string; overdue: boolean; business_days_left: number }[];
}

describe('/atencion, the queue', () => {
  it('lists the open requests in the server order with the days left in words, and filters them', async () => {
    const { accessToken } = await signInAs(DEMO_STAFF);
    const queue = await staffGet<Queue>(accessToken, '/queue');
    const { user } = await renderRoute('/atencion');
    const region = await screen.findByRole('region', { name: 'Cola de solicitudes' });
    const rows = within(region).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(
      queue.items.map((item) => item.tracking_code),
    );
    const first = queue.items[0];
    expect(rows[0]).toHaveTextContent(daysLeftText(first.overdue ? -1 : first.business_days_left));

    await user.click(screen.getByLabelText('Solo con plazo vencido'));
    const overdue = queue.items.filter((item) => item.overdue);
    await waitFor(() =>
      expect(screen.getByText(/pendiente/, { selector: '.attention-queue__count' })).toHaveTextContent(
        overdue.length === 0 ? 'No hay solicitudes pendientes' : `${overdue.length} solicitud`,
      ),
    );
    for (const row of within(screen.queryByRole('region', { name: 'Cola de solicitudes' }) ?? document.body)
      .queryAllByRole('row')
      .slice(1)) {
      expect(row).toHaveTextContent('Plazo vencido');
    }
  });

  it('says so in Spanish on a bad answer and loads again with Reintentar', async () => {
    await signInAs(DEMO_STAFF);
    let failures = 1;
    network.use(
      http.get(desk('/queue'), () => {
        if (failures-- > 0) return HttpResponse.json({ code: 500, message: 'x' }, { status: 500 });
        return undefined;
      }),
    );
    const { user } = await renderRoute('/atencion');
    expect(await screen.findByRole('alert')).toHaveTextContent(QUEUE_LOAD_FAILED);
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('region', { name: 'Cola de solicitudes' })).toBeInTheDocument();
  });
});

describe('/atencion/solicitudes/:id', () => {
  it('shows the facts and history, replies with the message rules and offers only the allowed states', async () => {
    const customer = await signInAs();
    const issue = await newClaim(customer.accessToken, 'Reclamación para el mostrador');
    localStorage.clear();
    await signInAs(DEMO_STAFF);
    const { user } = await renderRoute(`/atencion/solicitudes/${issue}`);
    expect(await screen.findByText('Reclamación para el mostrador')).toBeInTheDocument();
    expect(screen.getByText(/^REC-\d{4}-\d{6}$/)).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Historial' });
    expect(history).toHaveTextContent('Cliente');
    expect(history).toHaveTextContent('Solicitud recibida');

    await user.click(screen.getByRole('button', { name: 'Enviar respuesta' }));
    expect(await screen.findByText(REPLY_REQUIRED)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Respuesta'), 'Revisamos su factura "de octubre".');
    await user.click(screen.getByRole('button', { name: 'Enviar respuesta' }));
    expect(await screen.findByText(REPLY_SENT)).toBeInTheDocument();
    await waitFor(() => expect(history).toHaveTextContent('Revisamos su factura "de octubre".'));
    // Staff read which of them answered (the customer reads only "Atención al Cliente").
    expect(history).toHaveTextContent(HISTORY_STAFF_MEMBER(DEMO_STAFF.name));

    const state = screen.getByLabelText('Nuevo estado');
    expect(
      within(state)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Seleccione un estado', 'En curso']);
    await user.selectOptions(state, 'En curso');
    await user.click(screen.getByRole('button', { name: 'Cambiar estado' }));
    expect(await screen.findByText(STATE_CHANGED('En curso'))).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Nuevo estado'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Seleccione un estado', 'Resuelta', 'Cerrada']),
    );
    expect(history).toHaveTextContent('Estado: Nueva → En curso');
  });

  it('says the request was not found for an unknown number', async () => {
    await signInAs(DEMO_STAFF);
    await renderRoute('/atencion/solicitudes/999999');
    expect(await screen.findByText('No se ha encontrado la solicitud.')).toBeInTheDocument();
  });
});
