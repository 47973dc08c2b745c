import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import * as download from '@/shared/lib/download';
import { renderRoute } from '@/test/renderRoute';
import { signInAs } from '@/test/realSession';
import { DEMO_ADMIN, testApiOrigin } from '@/test/testConfig';
import type { HomeSummaryAnswer } from './contractsApi';
import {
  CONSUMPTION_TITLE,
  CONTRACT_PDF_FAILED,
  CONTRACTS_LOAD_FAILED,
  LATEST_INVOICE_TITLE,
  NO_MATCH,
  NO_PRODUCTS,
  NO_PRODUCTS_HELP,
  PRODUCTS_CARD_TITLE,
  REQUESTS_CARD_TITLE,
} from './contractsMessages';
import { EMPTY_FIRST_LOAD_EVENT } from './contractsThunks';
import { SEARCH_DEBOUNCE_MS } from './useDebouncedValue';

const network = setupServer();
beforeAll(() => network.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  network.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => network.close());

const api = (path: string) => `${testApiOrigin()}/api/cliente${path}`;
const GAS_ONLY = { username: 'gasonly', password: 'Demo2024!' };
const NO_PRODUCTS_USER = { username: 'sinproductos', password: 'Demo2024!' };

interface ServerRow {
  codAbonado: string;
  cups: string;
  estado: string;
}

/** The demo customer's contracts as the server has them, to compare the screen with. */
async function serverContracts(token: string, query = '') {
  const answer = await fetch(api(`/ov/cups/api/cupsMe${query}`), {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await answer.json()) as {
    totalElectricidad: number;
    totalGas: number;
    contratos: Record<'Electricidad' | 'Gas', { pages: ServerRow[] }>;
  };
}

const table = (name: RegExp | string) => screen.findByRole('region', { name });
const bodyRows = (region: HTMLElement) => within(region).getAllByRole('row').slice(1);

async function openHome(account?: { username: string; password: string }) {
  const { accessToken } = await signInAs(account);
  const rendered = await renderRoute('/');
  return { ...rendered, accessToken };
}

describe('home against the reference server', () => {
  it('filters in a search landmark with no form to submit, its inputs typed as text', async () => {
    await openHome();
    const search = await screen.findByRole('search', { name: 'Buscar contratos' });
    expect(search.closest('form')).toBeNull();
    expect(search.querySelector('form')).toBeNull();
    const inputs = within(search).getAllByRole('textbox');
    expect(inputs).toHaveLength(2);
    inputs.forEach((input) => expect(input).toHaveAttribute('type', 'text'));
  });

  it('shows the product counts, the open requests and one table per line with 10 rows', async () => {
    const { accessToken } = await openHome();
    const server = await serverContracts(accessToken);
    const electricity = await table('Contratos de electricidad');
    expect(bodyRows(electricity)).toHaveLength(10);
    const gas = await table('Contratos de gas');
    expect(bodyRows(gas)).toHaveLength(10);

    const products = screen.getByRole('region', { name: PRODUCTS_CARD_TITLE });
    await waitFor(() => expect(within(products).getByText('12')).toBeInTheDocument());
    expect(within(products).getByText('11')).toBeInTheDocument();
    const requests = screen.getByRole('region', { name: REQUESTS_CARD_TITLE });
    const open = await fetch(api('/ov/issues/api/status/open'), {
      headers: { authorization: `Bearer ${accessToken}` },
    }).then((r) => r.json());
    await waitFor(() =>
      expect(within(requests).getByText(`${open.total_count} solicitudes abiertas`)).toBeInTheDocument(),
    );
    expect(within(requests).getByRole('link', { name: 'Ver solicitudes' })).toHaveAttribute(
      'href',
      '/issues',
    );
    expect(within(requests).getByRole('link', { name: 'Nueva solicitud' })).toHaveAttribute(
      'href',
      '/new-issue',
    );

    const headers = (region: HTMLElement) =>
      within(region)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent);
    expect(headers(electricity)).toEqual([
      'Código',
      'Contrato',
      'CUPS',
      'Dirección',
      'Fecha alta',
      'Fecha baja',
      'Estado',
      'Tarifa',
      'Facturas',
      'Certificado',
      'Consumos',
      'Lectura',
      // The phone's Detalles column (issue 24), which wider screens do not show (table.css).
      'Detalles',
    ]);
    expect(headers(gas)).not.toContain('Consumos');

    const firstRow = server.contratos.Electricidad.pages[0];
    const row = within(electricity).getByText(firstRow.codAbonado).closest('tr')!;
    expect(row).toHaveTextContent(firstRow.cups);
    expect(row).toHaveTextContent(/\d{2}\/\d{2}\/\d{4}/);
    const active = server.contratos.Electricidad.pages.find((r) => r.estado === 'Contrato')!;
    const activeRow = within(electricity).getByText(active.codAbonado).closest('tr')!;
    expect(within(activeRow).getByText('Alta')).toBeInTheDocument();
    expect(within(electricity).queryByText('Contrato', { selector: 'td span' })).not.toBeInTheDocument();
  });

  it('fills the header totals and the stored counters from the unfiltered load', async () => {
    await openHome();
    await table('Contratos de electricidad');
    await waitFor(() => expect(localStorage.getItem('totalElectricidad')).toBe('12'));
    expect(localStorage.getItem('totalGas')).toBe('11');
    expect(localStorage.getItem('totalContractsElectricidad')).toBe('12');
    expect(localStorage.getItem('totalContractsGas')).toBe('11');
    expect(localStorage.getItem('cupsRequestCount')).toBe('1');
    const cups = JSON.parse(localStorage.getItem('cups')!);
    expect(Object.keys(cups.Electricidad)).toHaveLength(12);
    expect(Object.keys(cups.Gas)).toHaveLength(11);
    expect(JSON.parse(localStorage.getItem('contracts')!).Electricidad.pages).toHaveLength(10);
    // Spec 01 §3: the request list and its open count are in the session after home, before /issues is visited.
    await waitFor(() => expect(localStorage.getItem('openIssuesCount')).toMatch(/^\d+$/));
    await waitFor(() =>
      expect(Array.isArray(JSON.parse(localStorage.getItem('issues') ?? 'null'))).toBe(true),
    );
    expect(await screen.findByText('12', { selector: '.header__totals strong' })).toBeInTheDocument();
  });

  it('pages each table on its own', async () => {
    const { user, accessToken } = await openHome();
    const server = await serverContracts(accessToken, '?startPaginationElectricidad=10');
    const electricity = await table('Contratos de electricidad');
    const pager = screen.getByRole('navigation', { name: 'Páginas de contratos de electricidad' });
    expect(within(pager).getByRole('button', { name: 'Página 1' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(bodyRows(electricity)).toHaveLength(2));
    // The pressed button is now the disabled current page: the focus moves to the new rows' table.
    expect(electricity).toHaveFocus();
    expect(bodyRows(electricity).map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(
      server.contratos.Electricidad.pages.map((r) => `${r.codAbonado}PDF`),
    );
    expect(within(pager).getByRole('button', { name: 'Página 2' })).toBeDisabled();
    expect(bodyRows(await table('Contratos de gas'))).toHaveLength(10);
    await user.click(within(pager).getByRole('button', { name: 'Anterior' }));
    await waitFor(() => expect(bodyRows(electricity)).toHaveLength(10));
    // The stored CUPS list stays whole: a paged answer carries only its own rows' supply points.
    expect(Object.keys(JSON.parse(localStorage.getItem('cups')!).Electricidad)).toHaveLength(12);
  });

  it('searches by CUPS only after 1 second without typing', async () => {
    const { user, accessToken } = await openHome();
    const target = (await serverContracts(accessToken)).contratos.Gas.pages[3];
    const searches: string[] = [];
    network.use(
      http.get(api('/ov/cups/api/cupsMe'), ({ request }) => {
        searches.push(new URL(request.url).searchParams.get('cups') ?? '');
        return passthrough();
      }),
    );
    await table('Contratos de electricidad');
    await user.type(screen.getByLabelText('CUPS'), target.cups);
    // Not on every key: nothing yet 600 ms on (the delay itself is useDebouncedValue.test's, on jest's clock;
    // a late timer here runs before the later debounce, so a busy machine cannot fail this).
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(searches).toEqual([]);
    await waitFor(() => expect(searches).toEqual([target.cups]));
    const gas = await table('Contratos de gas');
    await waitFor(() => expect(bodyRows(gas)).toHaveLength(1));
    expect(bodyRows(gas)[0]).toHaveTextContent(target.cups);
    expect(screen.queryByRole('region', { name: 'Contratos de electricidad' })).not.toBeInTheDocument();
    // A filter never changes the stored totals or CUPS list.
    expect(localStorage.getItem('totalElectricidad')).toBe('12');
    expect(Object.keys(JSON.parse(localStorage.getItem('cups')!).Gas)).toHaveLength(11);
  });

  it('searches by contract, restarting both tables from page 1', async () => {
    const { user, accessToken } = await openHome();
    const server = await serverContracts(accessToken, '?startPaginationElectricidad=10');
    const target = server.contratos.Electricidad.pages[1];
    const electricity = await table('Contratos de electricidad');
    const pager = screen.getByRole('navigation', { name: 'Páginas de contratos de electricidad' });
    await user.click(within(pager).getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(bodyRows(electricity)).toHaveLength(2));
    await user.type(screen.getByLabelText('Contrato'), target.codAbonado);
    await waitFor(() => expect(bodyRows(electricity)).toHaveLength(1));
    expect(bodyRows(electricity)[0]).toHaveTextContent(target.codAbonado);
    await user.clear(screen.getByLabelText('Contrato'));
    await user.type(screen.getByLabelText('Contrato'), '000000000000');
    expect(await screen.findByText(NO_MATCH)).toBeInTheDocument();
  });

  it('a search without a match says so, and Borrar filtros shows the lists again at once', async () => {
    const { user } = await openHome();
    await table('Contratos de electricidad');
    await user.type(screen.getByLabelText('Contrato'), '999');
    await user.type(screen.getByLabelText('CUPS'), 'ES0000');
    const noMatch = await screen.findByText(NO_MATCH);
    expect(noMatch.textContent).toBe('Ningún contrato coincide con la búsqueda.');
    expect(screen.queryByText(NO_PRODUCTS)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Contratos de electricidad' })).not.toBeInTheDocument();

    // No second wait for the debounce: its timers never fire from here on, and the lists come back all the
    // same, with the answer to the unfiltered search (no clock involved, so a slow machine cannot fail it).
    // A plain function, not a jest mock: Testing Library would take a mocked setTimeout for fake timers.
    const realSetTimeout = window.setTimeout.bind(window);
    let heldDebounces = 0;
    window.setTimeout = ((run: () => void, ms?: number) => {
      if (ms !== SEARCH_DEBOUNCE_MS) return realSetTimeout(run, ms);
      heldDebounces++;
      return 0;
    }) as typeof window.setTimeout;
    try {
      await user.click(screen.getByRole('button', { name: 'Borrar filtros' }));
      expect(screen.getByLabelText('Contrato')).toHaveValue('');
      expect(screen.getByLabelText('CUPS')).toHaveValue('');
      expect(screen.getByLabelText('Contrato')).toHaveFocus();
      expect(await table('Contratos de electricidad')).toBeInTheDocument();
      expect(await table('Contratos de gas')).toBeInTheDocument();
      expect(screen.queryByText(NO_MATCH)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Borrar filtros' })).not.toBeInTheDocument();
      expect(heldDebounces).toBeGreaterThan(0);
    } finally {
      window.setTimeout = realSetTimeout;
    }
  });

  it.each([
    ['Ver las facturas', '/invoices/'],
    ['Solicitar el certificado', '/certificate/'],
    ['Ver los consumos', '/telemetry/'],
    ['Enviar la lectura', '/readinginput/'],
  ])('%s stores the selected product and opens its screen', async (name, path) => {
    const { user, router, store, accessToken } = await openHome();
    const row = (await serverContracts(accessToken)).contratos.Electricidad.pages[2];
    await table('Contratos de electricidad');
    await user.click(screen.getByRole('link', { name: `${name} del contrato ${row.codAbonado}` }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${path}${row.codAbonado}`));
    expect(store.getState().contracts.selectedProduct).toEqual({
      line: 'Electricidad',
      cups: row.cups,
      codAbonado: row.codAbonado,
    });
    await store.persistor.flush();
    expect(JSON.parse(localStorage.getItem('selectedProduct')!)).toMatchObject({
      codAbonado: row.codAbonado,
    });
  });

  it('gas rows have no Consumos link', async () => {
    const { accessToken } = await openHome();
    const row = (await serverContracts(accessToken)).contratos.Gas.pages[0];
    const gas = await table('Contratos de gas');
    expect(within(gas).queryByRole('link', { name: /consumos/ })).not.toBeInTheDocument();
    expect(
      within(gas).getByRole('link', { name: `Ver las facturas del contrato ${row.codAbonado}` }),
    ).toHaveAttribute('href', `/invoices/${row.codAbonado}`);
  });

  it('downloads the contract PDF as Contrato-{id}.pdf', async () => {
    const saved: { size: number; type: string; name: string }[] = [];
    jest.spyOn(download, 'saveBlob').mockImplementation((blob, name) => {
      saved.push({ size: blob.size, type: blob.type, name });
      return blob.size >= 150;
    });
    const { user, accessToken } = await openHome();
    const row = (await serverContracts(accessToken)).contratos.Gas.pages[1];
    await table('Contratos de gas');
    await user.click(screen.getByRole('button', { name: `Descargar el contrato ${row.codAbonado} en PDF` }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ name: `Contrato-${row.codAbonado}.pdf`, type: 'application/pdf' });
    expect(saved[0].size).toBeGreaterThan(1000);
    expect(screen.queryByText(CONTRACT_PDF_FAILED)).not.toBeInTheDocument();
  });

  it.each([
    ['a server error', () => HttpResponse.json({ code: 500 }, { status: 500 })],
    [
      'a file under 150 bytes',
      () => new HttpResponse('%PDF-1.3', { headers: { 'content-type': 'application/pdf' } }),
    ],
    ['no answer', () => HttpResponse.error()],
  ])('shows the download error on %s', async (_, answer) => {
    network.use(http.get(api('/ov/contracts/:id'), answer));
    const { user, accessToken } = await openHome();
    const row = (await serverContracts(accessToken)).contratos.Electricidad.pages[0];
    await table('Contratos de electricidad');
    await user.click(screen.getByRole('button', { name: `Descargar el contrato ${row.codAbonado} en PDF` }));
    expect(await screen.findByText(CONTRACT_PDF_FAILED)).toBeInTheDocument();
    expect(screen.getByText(CONTRACT_PDF_FAILED).textContent).toBe(
      'Ha ocurrido un error al intentar descargar el archivo solicitado.',
    );
  });

  it('Buscar opens the electricity invoices', async () => {
    const { user, router } = await openHome();
    await table('Contratos de electricidad');
    await waitFor(() => expect(localStorage.getItem('totalElectricidad')).toBe('12'));
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/allinvoices'));
  });

  it('Buscar opens the gas invoices for a customer without electricity', async () => {
    const { user, router } = await openHome(GAS_ONLY);
    const gas = await table('Contratos de gas');
    expect(bodyRows(gas)).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Contratos de electricidad' })).not.toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('totalElectricidad')).toBe('0'));
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/allinvoices-gas'));
  });
});

describe('unified invoices flag', () => {
  it('is true when the customer has unified invoices', async () => {
    network.use(
      http.get(api('/ov/invoices/api/isUnicaInvoicesAssociate'), () =>
        HttpResponse.json({ FacturasUnicas: { Electricidad: 2, Gas: 0 } }),
      ),
    );
    const { store } = await openHome();
    await waitFor(() => expect(store.getState().contracts.hasUnicasInvoices).toBe(true));
  });

  it('a failed call counts as no unified invoices', async () => {
    network.use(
      http.get(api('/ov/invoices/api/isUnicaInvoicesAssociate'), () =>
        HttpResponse.json({ code: 500 }, { status: 500 }),
      ),
    );
    const { store } = await openHome();
    await table('Contratos de electricidad');
    await waitFor(() => expect(store.getState().contracts.hasUnicasInvoices).toBe(false));
    await store.persistor.flush();
    expect(localStorage.getItem('hasUnicasInvoices')).toBe('false');
  });
});

describe('session rules of the home', () => {
  it('the first-ever empty CUPS load logs it, ends the session with a reload and marks isLeaving', async () => {
    const logged: unknown[] = [];
    network.use(
      http.post(api('/ov/cups/api/createdebuglog'), async ({ request }) => {
        logged.push(await request.clone().json());
        return passthrough();
      }),
    );
    const { router, effects } = await openHome(NO_PRODUCTS_USER);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(logged).toEqual([
      { event: EMPTY_FIRST_LOAD_EVENT, details: { cupsRequestCount: 1, totalElectricidad: 0, totalGas: 0 } },
    ]);
    expect(effects.reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('isLeaving')).toBe('true');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('cupsRequestCount')).toBe('1');
  });

  it('later empty loads show the empty text and stay signed in', async () => {
    localStorage.setItem('cupsRequestCount', '1');
    const logged: unknown[] = [];
    network.use(
      http.post(api('/ov/cups/api/createdebuglog'), () => {
        logged.push(true);
        return passthrough();
      }),
    );
    const { router, effects } = await openHome(NO_PRODUCTS_USER);
    expect(await screen.findByText(NO_PRODUCTS)).toBeInTheDocument();
    expect(screen.getByText(NO_PRODUCTS).textContent).toBe('No se han encontrado productos contratados.');
    expect(router.state.location.pathname).toBe('/');
    expect(effects.reload).not.toHaveBeenCalled();
    expect(logged).toEqual([]);
  });

  it('a non-empty first load does not end the session', async () => {
    const { router } = await openHome();
    await table('Contratos de electricidad');
    expect(router.state.location.pathname).toBe('/');
  });

  it('with isLeaving set, the session is closed and the user goes to /login', async () => {
    await signInAs();
    localStorage.setItem('isLeaving', 'true');
    const { router, store } = await renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().auth.accessToken).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('without a token the user goes to /login', async () => {
    const { router } = await renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('administrators are sent to /administrador-fincas', async () => {
    await signInAs(DEMO_ADMIN);
    const { router } = await renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/administrador-fincas'));
  });
});

describe('bad answers of cupsMe never blank the home', () => {
  it.each([
    ['a 500', () => HttpResponse.json({ code: 500 }, { status: 500 }), 'Se ha producido un error'],
    [
      'HTML instead of JSON',
      () => HttpResponse.html('<html>proxy</html>', { status: 502 }),
      'respuesta no válida',
    ],
    ['HTML with 200', () => HttpResponse.html('<html>portal</html>'), 'respuesta no válida'],
    ['no answer', () => HttpResponse.error(), 'No se ha podido conectar'],
  ])('%s shows a Spanish message', async (_, answer, text) => {
    network.use(http.get(api('/ov/cups/api/cupsMe'), answer));
    await openHome();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CONTRACTS_LOAD_FAILED);
    expect(alert).toHaveTextContent(text);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('Reintentar asks again and shows the contracts once the server answers', async () => {
    network.use(
      http.get(api('/ov/cups/api/cupsMe'), () => HttpResponse.json({ code: 500 }, { status: 500 }), {
        once: true,
      }),
    );
    const { user } = await openHome();
    expect(await screen.findByRole('alert')).toHaveTextContent(CONTRACTS_LOAD_FAILED);
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await table('Contratos de electricidad')).toBeInTheDocument();
    expect(screen.queryByText(CONTRACTS_LOAD_FAILED, { exact: false })).not.toBeInTheDocument();
  });

  it('a 401 ends the session once', async () => {
    network.use(
      http.get(api('/ov/cups/api/cupsMe'), () => HttpResponse.json({ code: 401 }, { status: 401 })),
    );
    const { router, effects } = await openHome();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(effects.reload).toHaveBeenCalledTimes(1);
  });
});

async function apiGet<T>(token: string, path: string): Promise<T> {
  const answer = await fetch(api(path), { headers: { authorization: `Bearer ${token}` } });
  return (await answer.json()) as T;
}

/** Holds the answers of a call until release(): the screen is looked at while they are under way. */
function holdAnswers(path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  network.use(
    http.get(api(path), async () => {
      await released;
      return passthrough();
    }),
  );
  return release;
}

const card = (name: string) => screen.getByRole('region', { name });

describe('home summary against the reference server', () => {
  it('shows the newest invoice and the 12 months of electricity exactly as the API answers them', async () => {
    const { accessToken } = await signInAs();
    const summary = await apiGet<HomeSummaryAnswer>(accessToken, '/ov/home/api/summary');
    const invoice = summary.latestInvoice!;
    await renderRoute('/');

    const latest = await screen.findByRole('region', { name: LATEST_INVOICE_TITLE });
    const amount = new Intl.NumberFormat('es-ES', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: 'always' as unknown as boolean,
    }).format(invoice.importe);
    await waitFor(() => expect(latest).toHaveTextContent(`${amount} €`));
    const [year, month, day] = invoice.fecha.slice(0, 10).split('-');
    expect(within(latest).getByText('Fecha').nextElementSibling).toHaveTextContent(`${day}/${month}/${year}`);
    expect(within(latest).getByText('Contrato').nextElementSibling).toHaveTextContent(
      invoice.contractCode || `Factura única de ${invoice.supplies} suministros`,
    );
    expect(
      within(latest).getByRole('button', { name: `Descargar PDF de la factura ${invoice.numero}` }),
    ).toBeEnabled();

    const consumption = card(CONSUMPTION_TITLE('Electricidad'));
    const total = new Intl.NumberFormat('es-ES', { useGrouping: 'always' as unknown as boolean }).format(
      summary.consumption.totalKwh,
    );
    expect(consumption).toHaveTextContent(`${total} kWh`);
    const bars = within(consumption).getByRole('list');
    expect(within(bars).getAllByRole('listitem')).toHaveLength(12);
    const last = summary.consumption.months[11];
    expect(within(bars).getAllByRole('listitem')[11]).toHaveTextContent(
      new RegExp(
        `${last.month.slice(0, 4)}: ${new Intl.NumberFormat('es-ES', { useGrouping: 'always' as unknown as boolean }).format(last.kwh)} kWh$`,
      ),
    );
    expect(bars).toHaveAccessibleName(new RegExp(`${total} kWh en total$`));
  });

  it('shows a gas-only customer a "Consumo de gas" card with their gas, not an electricity card', async () => {
    const { accessToken } = await openHome(GAS_ONLY);
    const summary = await apiGet<HomeSummaryAnswer>(accessToken, '/ov/home/api/summary');
    const consumption = await screen.findByRole('region', { name: 'Consumo de gas' });
    expect(screen.queryByRole('region', { name: 'Consumo de electricidad' })).not.toBeInTheDocument();
    expect(screen.queryByText(/No tiene consumo de electricidad/)).not.toBeInTheDocument();
    const total = new Intl.NumberFormat('es-ES', { useGrouping: 'always' as unknown as boolean }).format(
      summary.consumption.totalKwh,
    );
    expect(summary.consumption.totalKwh).toBeGreaterThan(0);
    await waitFor(() => expect(consumption).toHaveTextContent(`${total} kWh`));
  });

  it('downloads the newest invoice as Factura-{number}.pdf', async () => {
    const saved: { size: number; name: string }[] = [];
    jest.spyOn(download, 'saveBlob').mockImplementation((blob, name) => {
      saved.push({ size: blob.size, name });
      return blob.size >= 150;
    });
    const { accessToken } = await signInAs();
    const { latestInvoice } = await apiGet<HomeSummaryAnswer>(accessToken, '/ov/home/api/summary');
    const { user } = await renderRoute('/');
    await user.click(
      await screen.findByRole('button', { name: `Descargar PDF de la factura ${latestInvoice!.numero}` }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe(`Factura-${latestInvoice!.numero}.pdf`);
    expect(saved[0].size).toBeGreaterThan(1000);
  });
});

describe('while the home loads', () => {
  it('holds each value’s place with a skeleton and never shows 0 before the answers', async () => {
    const releaseCount = holdAnswers('/ov/issues/api/status/open');
    const releaseSummary = holdAnswers('/ov/home/api/summary');
    const releaseProducts = holdAnswers('/ov/cups/api/cupsMe');
    await signInAs();
    await renderRoute('/');

    const requests = await screen.findByRole('region', { name: REQUESTS_CARD_TITLE });
    // Give the held calls time to have been made: the screen is what shows while they are under way.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests).not.toHaveTextContent(/abiertas?/);
    expect(within(requests).getByTestId('skeleton')).toHaveTextContent('Cargando…');
    const products = card(PRODUCTS_CARD_TITLE);
    expect(within(products).queryByText('0')).not.toBeInTheDocument();
    expect(within(products).getAllByTestId('skeleton')).toHaveLength(2);
    expect(within(card(LATEST_INVOICE_TITLE)).getAllByTestId('skeleton').length).toBeGreaterThan(0);
    expect(screen.queryByText(/€/)).not.toBeInTheDocument();

    releaseCount();
    releaseSummary();
    releaseProducts();
    await waitFor(() => expect(requests).toHaveTextContent(/\d+ solicitudes abiertas/));
    expect(within(requests).queryByTestId('skeleton')).not.toBeInTheDocument();
    await waitFor(() => expect(within(products).queryAllByTestId('skeleton')).toHaveLength(0));
    expect(within(products).getByText('12')).toBeInTheDocument();
  });
});

describe('a customer without products', () => {
  it('gets the customer-service phone and e-mail, and no request form they cannot send', async () => {
    // Past the first load, which ends the session (spec 01 §4): what the screen shows from then on.
    localStorage.setItem('cupsRequestCount', '1');
    await signInAs(NO_PRODUCTS_USER);
    await renderRoute('/');
    const empty = (await screen.findByText(NO_PRODUCTS)).parentElement!;
    expect(empty).toHaveTextContent(NO_PRODUCTS_HELP);
    const { customerServicePhone, email } = getRuntimeConfig().company;
    expect(within(empty).getByRole('link', { name: customerServicePhone })).toHaveAttribute(
      'href',
      `tel:${customerServicePhone.replace(/\s+/g, '')}`,
    );
    expect(within(empty).getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    const requests = card(REQUESTS_CARD_TITLE);
    expect(within(requests).getByRole('link', { name: 'Ver solicitudes' })).toBeInTheDocument();
    expect(within(requests).queryByRole('link', { name: 'Nueva solicitud' })).not.toBeInTheDocument();
    const latest = card(LATEST_INVOICE_TITLE);
    await waitFor(() => expect(latest).toHaveTextContent('Todavía no tiene facturas.'));
  });
});
