import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { expectErrorSummary } from '@/test/errorSummary';
import { renderRoute } from '@/test/renderRoute';
import { signInAs } from '@/test/realSession';
import { testApiOrigin } from '@/test/testConfig';
import { READING_PRODUCT_NOT_FOUND, READING_SENT } from './readingsMessages';

const network = setupServer();
beforeAll(() => network.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => network.resetHandlers());
afterAll(() => network.close());

const api = (path: string) => `${testApiOrigin()}/api/cliente${path}`;

interface Point {
  cups: string;
  codAbonado: string;
  line: 'Electricidad' | 'Gas';
  accessFee: { fee: string };
}

async function demoPoints(token: string): Promise<Point[]> {
  const answer = await fetch(api('/ov/cups/api/cupsMe'), { headers: { authorization: `Bearer ${token}` } });
  return (await answer.json()).cupsAsociados.select;
}

/** Stores one supply point as the home would have, so the screen needs no call. */
function storePoint(point: Point) {
  localStorage.setItem('cups', JSON.stringify({ [point.line]: { [point.codAbonado]: point } }));
  localStorage.setItem(
    'selectedProduct',
    JSON.stringify({ line: point.line, cups: point.cups, codAbonado: point.codAbonado }),
  );
}

const textboxes = () => screen.getAllByRole('textbox').map((box) => box.getAttribute('name'));

describe('the fields of each access fee', () => {
  it.each([
    ['Electricidad', '2.0A', ['EnergiaActivaTotal']],
    ['Electricidad', '2.1A', ['EnergiaActivaTotal']],
    ['Electricidad', '2.0DHA', ['EnergiaActivaPunta', 'EnergiaActivaValle']],
    ['Electricidad', '2.1DHA', ['EnergiaActivaPunta', 'EnergiaActivaValle']],
    ['Electricidad', '2.0DHS', ['EnergiaActivaPunta', 'EnergiaActivaLlano', 'EnergiaActivaValle']],
    ['Electricidad', '2.1DHS', ['EnergiaActivaPunta', 'EnergiaActivaLlano', 'EnergiaActivaValle']],
    ['Electricidad', '2.0TD', ['EnergiaActivaPunta', 'EnergiaActivaLlano', 'EnergiaActivaValle']],
    ['Gas', '3.2', ['Consumo']],
  ] as const)('%s %s shows %j', async (line, fee, fields) => {
    await signInAs();
    storePoint({ cups: 'ES0021000000000001AB', codAbonado: '900000001', line, accessFee: { fee } });
    await renderRoute('/readinginput/900000001');
    await screen.findByRole('button', { name: 'Enviar lectura' });
    expect(textboxes()).toEqual(fields);
    expect(screen.getByText('ES0021000000000001AB')).toBeInTheDocument();
    expect(screen.getByText('900000001')).toBeInTheDocument();
  });

  it('labels every reading with its unit: kWh for energy, m³ for the gas meter', async () => {
    await signInAs();
    storePoint({
      cups: 'ES0021000000000001AB',
      codAbonado: '900000001',
      line: 'Electricidad',
      accessFee: { fee: '2.0A' },
    });
    const first = await renderRoute('/readinginput/900000001');
    expect(await screen.findByLabelText('Energía activa total (kWh)')).toBeInTheDocument();
    first.router.dispose();
    storePoint({
      cups: 'ES0021000000000003EF',
      codAbonado: '900000003',
      line: 'Gas',
      accessFee: { fee: '3.2' },
    });
    await renderRoute('/readinginput/900000003');
    expect(await screen.findByLabelText('Consumo (m³)')).toBeInTheDocument();
  });

  it.each(['3.0A', '3.1A', '6.1', '6.1TD', '3.0TD'])(
    '%s shows active, reactive and maximum power for P1..P6, grouped',
    async (fee) => {
      await signInAs();
      storePoint({
        cups: 'ES0021000000000002CD',
        codAbonado: '900000002',
        line: 'Electricidad',
        accessFee: { fee },
      });
      await renderRoute('/readinginput/900000002');
      await screen.findByRole('button', { name: 'Enviar lectura' });
      expect(textboxes()).toHaveLength(18);
      for (const group of ['Energía activa', 'Energía reactiva', 'Potencia máxima']) {
        const fieldset = screen.getByRole('group', { name: group });
        expect(within(fieldset).getAllByRole('textbox')).toHaveLength(6);
      }
      expect(screen.getByLabelText('Potencia máxima P6 (kW)')).toBeInTheDocument();
      expect(screen.getByLabelText('Energía reactiva P1 (kVArh)')).toBeInTheDocument();
    },
  );
});

describe('reading input against the reference server', () => {
  it('a 2.0DHA contract opened directly shows its CUPS and contract, and punta and valle only', async () => {
    const { accessToken } = await signInAs();
    const point = (await demoPoints(accessToken)).find((p) => p.accessFee.fee === '2.0DHA')!;
    await renderRoute(`/readinginput/${point.codAbonado}`);
    expect(await screen.findByText(point.cups)).toBeInTheDocument();
    expect(screen.getByText(point.codAbonado)).toBeInTheDocument();
    expect(screen.getByLabelText('Energía activa punta (kWh)')).toBeInTheDocument();
    expect(screen.getByLabelText('Energía activa valle (kWh)')).toBeInTheDocument();
    expect(textboxes()).toEqual(['EnergiaActivaPunta', 'EnergiaActivaValle']);
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/');
  });

  it('validates on blur and on sending, with the exact messages, then says it was sent without a call', async () => {
    const { accessToken } = await signInAs();
    const point = (await demoPoints(accessToken)).find((p) => p.accessFee.fee === '2.0DHS')!;
    storePoint(point);
    const calls: string[] = [];
    network.events.on('request:start', ({ request }) => calls.push(`${request.method} ${request.url}`));
    const { user } = await renderRoute(`/readinginput/${point.codAbonado}`);
    const punta = await screen.findByLabelText('Energía activa punta (kWh)');
    const llano = screen.getByLabelText('Energía activa llano (kWh)');
    const valle = screen.getByLabelText('Energía activa valle (kWh)');

    await user.click(punta);
    await user.tab();
    expect(await screen.findByText('El campo Energía activa punta es obligatorio')).toBeInTheDocument();
    await user.type(punta, '1.234');
    await user.tab();
    expect(
      await screen.findByText(
        'El campo Energía activa punta sólo puede tener caracteres numéricos, con la coma (,) como separador de decimal, y no se permite el punto (.) como separador de miles',
      ),
    ).toBeInTheDocument();
    await user.type(llano, '0,000');
    await user.tab();
    expect(
      await screen.findByText('El campo Energía activa llano debe de ser mayor que cero (0)'),
    ).toBeInTheDocument();
    expect(llano).toHaveAccessibleDescription('El campo Energía activa llano debe de ser mayor que cero (0)');
    await user.click(screen.getByRole('button', { name: 'Enviar lectura' }));
    await waitFor(() =>
      expect(valle).toHaveAccessibleDescription('El campo Energía activa valle es obligatorio'),
    );
    // The error summary takes the focus and leads to each field (issue 14).
    await expectErrorSummary(user, [
      [
        'Energía activa punta (kWh)',
        'El campo Energía activa punta sólo puede tener caracteres numéricos, con la coma (,) como separador de decimal, y no se permite el punto (.) como separador de miles',
      ],
      ['Energía activa llano (kWh)', 'El campo Energía activa llano debe de ser mayor que cero (0)'],
      ['Energía activa valle (kWh)', 'El campo Energía activa valle es obligatorio'],
    ]);
    expect(screen.queryByText(READING_SENT)).not.toBeInTheDocument();

    await user.clear(punta);
    await user.type(punta, '1234,5');
    await user.clear(llano);
    await user.type(llano, '870');
    await user.type(valle, '2,125');
    calls.length = 0;
    await user.click(screen.getByRole('button', { name: 'Enviar lectura' }));
    expect(await screen.findByText(READING_SENT)).toBeInTheDocument();
    expect(screen.getByText(READING_SENT).textContent).toBe('La lectura se ha enviado con éxito.');
    // The confirmation is the result of the send: it takes the focus (issue 14).
    await waitFor(() => expect(screen.getByText(READING_SENT)).toHaveFocus());
    expect(calls).toEqual([]);
    network.events.removeAllListeners();
  });

  it('another customer’s contract is not found', async () => {
    const other = await signInAs({ username: 'demo2', password: 'Demo2024!' });
    const [foreign] = await demoPoints(other.accessToken);
    localStorage.clear();
    await signInAs();
    await renderRoute(`/readinginput/${foreign.codAbonado}`);
    expect(await screen.findByText(READING_PRODUCT_NOT_FOUND)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar lectura' })).not.toBeInTheDocument();
  });

  it('a failed load shows a Spanish message', async () => {
    network.use(http.get(api('/ov/cups/api/cupsMe'), () => HttpResponse.json({}, { status: 500 })));
    await signInAs();
    await renderRoute('/readinginput/100000100');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('No se han podido cargar los datos del contrato.'),
    );
  });
});
