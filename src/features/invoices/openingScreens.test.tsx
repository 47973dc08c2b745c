import { screen, waitFor } from '@testing-library/react';
import { addMonths } from '@/shared/lib/dates';
import type { SupplyPoint } from '@/shared/session/product';
import { signInAs } from '@/test/realSession';
import { renderRoute } from '@/test/renderRoute';
import { DEMO_ADMIN } from '@/test/testConfig';
import { apiUrl, faultServer, productInvoices } from './test/realInvoices';

jest.mock('@/shared/ui/Chart', () => ({
  __esModule: true,
  default: jest.requireActual('./test/realInvoices').StubChart,
}));

/**
 * Opening each invoice screen as a user does: the calls that reach the real server (msw only listens; it has
 * no handlers, so every request passes through), the dates the screen fills, and Buscar pressed untouched.
 */
const network = faultServer();

const LIST_PATHS = [
  '/ov/invoices/api/fullbilling',
  '/ov/invoices/api/fullbilling/unicas/gas',
  '/ov/invoices/api/filterfullbilling',
  '/ov/contracts/api/contractCode/invoices/',
  '/ov/contracts/api/contractCode/charts/invoices/',
];

/** The list calls that left for the server, by path, and how many are still waiting for an answer. */
function recordListCalls() {
  const calls: string[] = [];
  let open = 0;
  const isList = (url: string) => LIST_PATHS.some((path) => new URL(url).pathname.endsWith(path));
  network.events.on('request:start', ({ request }) => {
    if (!isList(request.url)) return;
    calls.push(new URL(request.url).pathname.replace(/^\/api\/(cliente|fincas)/, ''));
    open += 1;
  });
  network.events.on('response:bypass', ({ request }) => {
    if (isList(request.url)) open -= 1;
  });
  network.events.on('request:unhandled', () => undefined);
  return {
    calls,
    /** Resolves once no list call is on its way and none has started for a while. */
    settled: async () => {
      let seen = -1;
      await waitFor(async () => {
        const before = calls.length;
        await new Promise((resolve) => setTimeout(resolve, 400));
        if (open > 0 || calls.length !== before || seen !== calls.length) {
          seen = calls.length;
          throw new Error('list calls still moving');
        }
      });
      return [...calls].sort();
    },
  };
}

afterEach(() => network.events.removeAllListeners());

const fieldValue = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;
const filled = () =>
  waitFor(() => {
    expect(fieldValue('Desde')).not.toBe('');
    expect(fieldValue('Hasta')).not.toBe('');
  });

const RANGE_MESSAGES = [
  'Sólo es posible realizar una consulta en un rango de 12 meses.',
  'Sólo es posible realizar una consulta en el rango de 1 mes.',
  'Sólo es posible realizar una consulta en el rango de 1 año.',
  'El campo Desde es obligatorio.',
  'El campo Hasta es obligatorio.',
  'La fecha de inicio debe de ser anterior a la fecha de fin de la consulta.',
];

async function pressBuscarUntouched(user: Awaited<ReturnType<typeof renderRoute>>['user']) {
  await user.click(screen.getAllByRole('button', { name: 'Buscar' })[0]);
  // The search leaves the default mode: the results headings replace Últimas 10 facturas.
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Últimas 10 facturas' })).toBeNull());
  expect(screen.getAllByRole('heading', { name: /^Resultados/ }).length).toBeGreaterThan(0);
  for (const message of RANGE_MESSAGES) expect(screen.queryByText(message)).toBeNull();
}

/** The demo customer's gas contract whose latest 10 invoices (billed every two months) span over 12 months. */
async function bimonthlyGasContract(token: string) {
  const answer = await fetch(apiUrl('/ov/cups/api/cupsMe'), {
    headers: { authorization: `Bearer ${token}` },
  });
  const select = (await answer.json()).cupsAsociados.select as SupplyPoint | SupplyPoint[];
  for (const point of Array.isArray(select) ? select : [select]) {
    if (point.line !== 'Gas') continue;
    const latest = (await productInvoices(token, 'Gas', point.codAbonado)).slice(0, 10);
    const dates = latest.map((invoice) => invoice.fechaFactura.slice(0, 10)).sort();
    if (latest.length === 10 && dates[0] < addMonths(dates[9], -12)) {
      localStorage.setItem('cups', JSON.stringify({ Gas: { [point.codAbonado]: point } }));
      localStorage.setItem(
        'selectedProduct',
        JSON.stringify({ line: 'Gas', cups: point.cups, codAbonado: point.codAbonado }),
      );
      return { code: point.codAbonado, from: dates[0], to: dates[9] };
    }
  }
  throw new Error('demo no tiene un contrato de gas con 10 facturas en más de 12 meses');
}

describe('opening an invoice screen', () => {
  it('/allinvoices: one call per section, dates within 1 month, Buscar untouched gives results', async () => {
    await signInAs();
    const record = recordListCalls();
    const { user } = await renderRoute('/allinvoices');
    await filled();
    expect(await record.settled()).toEqual(['/ov/invoices/api/fullbilling', '/ov/invoices/api/fullbilling']);
    expect(screen.getAllByRole('heading', { name: 'Últimas 10 facturas' })).toHaveLength(2);
    await pressBuscarUntouched(user);
  });

  it('/allinvoices-gas: one call per section, Buscar untouched gives results', async () => {
    await signInAs();
    const record = recordListCalls();
    const { user } = await renderRoute('/allinvoices-gas');
    await filled();
    expect(await record.settled()).toEqual([
      '/ov/invoices/api/fullbilling',
      '/ov/invoices/api/fullbilling/unicas/gas',
    ]);
    await pressBuscarUntouched(user);
  });

  it('/administrador-fincas: one list call, Buscar untouched gives results', async () => {
    await signInAs(DEMO_ADMIN);
    const record = recordListCalls();
    const { user } = await renderRoute('/administrador-fincas');
    await filled();
    expect(await record.settled()).toEqual(['/ov/invoices/api/filterfullbilling']);
    await pressBuscarUntouched(user);
  });

  it('/invoices/:id of a gas contract billed every two months: no notice, exports on, Buscar works', async () => {
    const { accessToken } = await signInAs();
    const contract = await bimonthlyGasContract(accessToken);
    const record = recordListCalls();
    const { user } = await renderRoute(`/invoices/${contract.code}`);
    await filled();
    expect(await record.settled()).toEqual([
      '/ov/contracts/api/contractCode/charts/invoices/',
      '/ov/contracts/api/contractCode/invoices/',
    ]);
    expect(screen.getByRole('heading', { name: 'Últimas 10 facturas' })).toBeInTheDocument();
    expect(screen.queryByText(/La descarga masiva de facturas no es posible/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Descargar ZIP' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Exportar consumos' })).toBeEnabled();
    await pressBuscarUntouched(user);
    expect(screen.queryByText(/La descarga masiva de facturas no es posible/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Descargar ZIP' })).toBeEnabled();
  });
});
