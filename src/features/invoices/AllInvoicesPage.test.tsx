import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, passthrough } from 'msw';
import { addMonths, formatListDate, formatLongDate } from '@/shared/lib/dates';
import { signInAs } from '@/test/realSession';
import { renderRoute } from '@/test/renderRoute';
import type { Invoice } from './invoicesApi';
import {
  allInvoices,
  apiUrl,
  captureSavedFiles,
  faultServer,
  fullbillingCount,
  shownKwh,
  typed,
  type SavedFile,
} from './test/realInvoices';

jest.mock('@/shared/ui/Chart', () => ({
  __esModule: true,
  default: jest.requireActual('./test/realInvoices').StubChart,
}));

const faults = faultServer();
let token: string;
let invoices: Invoice[];
let saved: SavedFile[];

beforeEach(async () => {
  ({ accessToken: token } = await signInAs());
  invoices ??= await allInvoices(token);
  saved = captureSavedFiles();
});
afterEach(() => jest.restoreAllMocks());

type User = Awaited<ReturnType<typeof renderRoute>>['user'];

async function setDates(user: User, from: string, to: string) {
  for (const [label, iso] of [
    ['Desde', from],
    ['Hasta', to],
  ]) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    await user.type(input, typed(iso));
    await user.tab();
  }
}

/** The default answer is on screen and has filled Desde and Hasta (a user types after that). */
const bothSectionsShowLatest = () =>
  waitFor(() => {
    expect(screen.getAllByRole('heading', { name: 'Últimas 10 facturas' })).toHaveLength(2);
    expect(screen.getByLabelText('Hasta')).not.toHaveValue('');
  });

describe('/allinvoices against the reference server', () => {
  it('holds the amount range with skeletons until the limits answer, never showing the fallback first', async () => {
    // Read before the hold: the test's own fetch goes through the same interception.
    const limits = (await fetch(apiUrl('/ov/invoices/api/getPriceMinAndMaxInvoice'), {
      headers: { authorization: `Bearer ${token}` },
    }).then((answer) => answer.json())) as { minImportClientInvoice: number; maxImportClientInvoice: number };
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    faults.use(
      http.get(apiUrl('/ov/invoices/api/getPriceMinAndMaxInvoice'), async () => {
        await released;
        return passthrough();
      }),
    );
    await renderRoute('/allinvoices');
    const range = await screen.findByRole('group', { name: 'Rango importes' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(within(range).queryByRole('slider')).not.toBeInTheDocument();
    expect(within(range).getAllByTestId('skeleton')).toHaveLength(2);
    expect(range).not.toHaveTextContent('10.000,00');

    release();
    const min = await within(range).findByRole('slider', { name: /Min/ });
    expect(min).toHaveAttribute('min', String(Math.floor(limits.minImportClientInvoice)));
    expect(min).toHaveAttribute('max', String(Math.ceil(limits.maxImportClientInvoice)));
  });

  it('shows the Gas tab only with gas contracts', async () => {
    localStorage.setItem('totalContractsGas', '0');
    const first = await renderRoute('/allinvoices');
    await bothSectionsShowLatest();
    expect(screen.queryByRole('link', { name: 'Gas' })).not.toBeInTheDocument();
    first.router.dispose();
    localStorage.setItem('totalContractsGas', '2');
    await renderRoute('/allinvoices');
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: 'Gas' }).at(-1)).toHaveAttribute('href', '/allinvoices-gas'),
    );
  });

  it('lists the latest simple and unified invoices, fills the dates, then searches within 1 month', async () => {
    const { user } = await renderRoute('/allinvoices');
    const electricity = invoices.filter((i) => i.line === 'Electricidad');
    const latestSimple = electricity.filter((i) => !i.isUnica).slice(0, 10);
    const latestUnified = electricity.filter((i) => i.isUnica).slice(0, 10);
    await bothSectionsShowLatest();
    const dates = [...latestSimple, ...latestUnified].map((i) => i.launchDate).sort();
    // Wider than the screen's 1 month: Hasta is the latest launch date and Desde 1 month before it.
    const latest = dates.at(-1)!;
    const monthBefore = addMonths(latest, -1);
    const filledFrom = dates[0] < monthBefore ? monthBefore : dates[0];
    await waitFor(() => expect(screen.getByLabelText('Desde')).toHaveValue(formatLongDate(filledFrom)));
    expect(screen.getByLabelText('Hasta')).toHaveValue(formatLongDate(latest));
    // The dates above are Buscar's range; each list says plainly which invoices it is and when they were issued.
    for (const [name, list] of [
      ['Facturas Simples', latestSimple],
      ['Facturas Unificadas', latestUnified],
    ] as const) {
      const issued = list.map((i) => i.launchDate.slice(0, 10)).sort();
      const section = screen.getByRole('heading', { level: 2, name }).closest('section')!;
      expect(section).toHaveTextContent(
        `Sus facturas más recientes, emitidas del ${formatListDate(issued[0])} al ${formatListDate(issued.at(-1))}. Las fechas de búsqueda se aplican al pulsar Buscar.`,
      );
    }

    const simpleRows = within(screen.getByRole('table', { name: 'Facturas Simples' })).getAllByRole('row');
    expect(simpleRows).toHaveLength(latestSimple.length + 1);
    expect(
      within(simpleRows[0])
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Línea',
      'Código',
      'Contrato',
      'NIF',
      'Dirección',
      'Número',
      'Fecha de Factura',
      'Importe Total',
      'Lectura Desde',
      'Lectura Hasta',
      'Factura',
      // The phone's Detalles column (issue 24), which wider screens do not show (table.css).
      'Detalles',
    ]);
    const unifiedHeader = within(screen.getByRole('table', { name: 'Facturas Unificadas' })).getAllByRole(
      'row',
    )[0];
    expect(
      within(unifiedHeader)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Línea',
      'NIF',
      'Número',
      'Fecha de Factura',
      'Suministros',
      'Consumo (kWh)',
      'Importe Total',
      'Factura',
      // The phone's Detalles column (issue 24), which wider screens do not show (table.css).
      'Detalles',
    ]);
    expect(screen.getAllByRole('heading', { name: 'Gráficos' }).length).toBeGreaterThan(0);

    const to = latestSimple[0].launchDate;
    const from = `${to.slice(0, 5)}${String(Number(to.slice(5, 7)) - 2).padStart(2, '0')}${to.slice(7)}`;
    await setDates(user, from, to);
    expect(
      await screen.findByText('Sólo es posible realizar una consulta en el rango de 1 mes.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getAllByRole('heading', { name: 'Últimas 10 facturas' })).toHaveLength(2);

    const monthFrom = `${to.slice(0, 5)}${String(Number(to.slice(5, 7)) - 1).padStart(2, '0')}${to.slice(7)}`;
    await setDates(user, monthFrom, to);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const [simpleCount] = await fullbillingCount(
      token,
      `startDate=${monthFrom}&endDate=${to}&lineRemover=Gas&findUnicas=false&minPrice=-10000&maxPrice=100000`,
    );
    expect(await screen.findByRole('heading', { name: `Resultados (${simpleCount})` })).toBeInTheDocument();
  });

  it('Encontrar factura hides the filters and searches one number', async () => {
    const { user } = await renderRoute('/allinvoices');
    await bothSectionsShowLatest();
    const target = invoices.find((i) => i.line === 'Electricidad' && i.serieFactura === 'RE')!;
    await user.click(screen.getByRole('checkbox', { name: 'Encontrar factura' }));
    expect(screen.queryByLabelText('Desde')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('CUPS')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Número de factura'), `RE${target.billNumber}`);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const table = await screen.findByRole('table', { name: 'Facturas Simples' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText(`RE${target.billNumber}`)).toBeInTheDocument();
    // A search by number has no dates: the list it leaves empty does not talk about dates.
    expect(screen.getAllByText('No se ha encontrado ninguna factura con ese número.')).toHaveLength(1);
    expect(
      screen.queryByText('No se han encontrado facturas en las fechas seleccionadas.'),
    ).not.toBeInTheDocument();
  });

  it('exports Excel for the line and downloads one PDF, failures with their texts', async () => {
    const { user } = await renderRoute('/allinvoices');
    await bothSectionsShowLatest();
    await user.click(screen.getByRole('button', { name: 'Excel Electricidad' }));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['facturas Electricidad.xlsx']));
    expect(saved[0].size).toBeGreaterThan(150);
    const bytes = new Uint8Array(await saved[0].blob.arrayBuffer());
    expect(String.fromCharCode(bytes[0], bytes[1])).toBe('PK');
    expect(screen.queryByRole('button', { name: /Gas$/ })).not.toBeInTheDocument();

    const simpleTable = screen.getByRole('table', { name: 'Facturas Simples' });
    const pdf = within(simpleTable).getAllByRole('button', { name: /^Descargar PDF de la factura/ })[0];
    await user.click(pdf);
    // Named after the number exactly as the list shows it (ENERGIA left out).
    const shown = pdf.getAttribute('aria-label')!.replace('Descargar PDF de la factura ', '');
    await waitFor(() => expect(saved.at(-1)!.name).toBe(`Factura-${shown}.pdf`));

    faults.use(
      http.get(
        apiUrl('/ov/invoices/api/fullbilling/allinPDF/:line'),
        () => new HttpResponse(null, { status: 204 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'PDF Electricidad' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Ha ocurrido un error al intentar exportar las facturas en PDF.',
    );
    faults.use(
      http.get(apiUrl('/ov/invoices/api/Electricidad'), () => HttpResponse.json({}, { status: 500 })),
      http.get(
        apiUrl('/ov/invoices/api/fullbilling/allinRar/:line'),
        () => new HttpResponse('x'.repeat(149)),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Excel Electricidad' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveProperty(
        'textContent',
        'Ha ocurrido un error al intentar exportar las facturas en EXCEL.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'ZIP Electricidad' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveProperty(
        'textContent',
        'Ha ocurrido un error al intentar exportar las facturas en ZIP',
      ),
    );
    faults.use(http.get(apiUrl('/ov/invoices/api/pdf/:id'), () => HttpResponse.json({}, { status: 500 })));
    const name = pdf.getAttribute('aria-label')!.replace('Descargar PDF de la factura ', '');
    await user.click(pdf);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveProperty(
        'textContent',
        `Ha ocurrido un error al intentar descargar la factura: ${name}`,
      ),
    );
  });

  it('blocks the exports past the limits with the full bulk-limit message', async () => {
    const answer = (count: number) => ({
      Invoice: invoices.slice(0, 10),
      Fullbilling: {
        total: [
          { line: 'Todas', count },
          { line: 'Electricidad', count },
          { line: 'Gas', count: 0 },
        ],
      },
    });
    // The demo data cannot reach 200 results inside the allowed ranges: the count comes from the network.
    faults.use(
      http.get(apiUrl('/ov/invoices/api/fullbilling'), ({ request }) =>
        new URL(request.url).searchParams.get('findUnicas') === 'true'
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json(answer(1001)),
      ),
    );
    await renderRoute('/allinvoices');
    expect(
      await screen.findByText(
        'La descarga masiva de facturas no es posible, ya que los resultados exceden los límites permitidos.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Resultados actuales 1001')).toBeInTheDocument();
    expect(screen.getByText('Límites incumplidos:')).toBeInTheDocument();
    expect(screen.getByText('EXCEL: 1,000 resultados')).toBeInTheDocument();
    expect(screen.getByText('PDF, ZIP: 200 resultados')).toBeInTheDocument();
    for (const format of ['Excel', 'PDF', 'ZIP']) {
      expect(screen.getByRole('button', { name: `${format} Electricidad` })).toBeDisabled();
    }
  });

  it('blocks only PDF and ZIP between 201 and 1000 results', async () => {
    faults.use(
      http.get(apiUrl('/ov/invoices/api/fullbilling'), ({ request }) =>
        new URL(request.url).searchParams.get('findUnicas') === 'true'
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json({
              Invoice: invoices.slice(0, 10),
              Fullbilling: { total: [{ count: 201 }, { count: 201 }, { count: 0 }] },
            }),
      ),
    );
    await renderRoute('/allinvoices');
    expect(await screen.findByText('Resultados actuales 201')).toBeInTheDocument();
    expect(screen.queryByText('EXCEL: 1,000 resultados')).not.toBeInTheDocument();
    expect(screen.getByText('PDF, ZIP: 200 resultados')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excel Electricidad' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'ZIP Electricidad' })).toBeDisabled();
  });

  it('a failed list says it is an error with Reintentar, not the empty text, and offers no export', async () => {
    faults.use(http.get(apiUrl('/ov/invoices/api/fullbilling'), () => HttpResponse.error()));
    const { user } = await renderRoute('/allinvoices');
    await waitFor(() =>
      expect(
        screen.getAllByText('Se ha producido un error al cargar las facturas.', { exact: false }),
      ).toHaveLength(2),
    );
    expect(
      screen.queryByText('No se han encontrado facturas en las fechas seleccionadas.'),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Excel Electricidad' })).not.toBeInTheDocument();
    faults.resetHandlers();
    await user.click(screen.getAllByRole('button', { name: 'Reintentar' })[0]);
    expect(await screen.findByRole('table', { name: 'Facturas Simples' })).toBeInTheDocument();
  });
});

describe('/allinvoices-gas against the reference server', () => {
  it('shows its tabs, Volver, Resultados: N and the page-keeping pager', async () => {
    localStorage.setItem('totalContractsElectricidad', '3');
    const { user } = await renderRoute('/allinvoices-gas');
    await bothSectionsShowLatest();
    expect(screen.getByRole('link', { name: 'Electricidad' })).toHaveAttribute('href', '/allinvoices');
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/');
    const gas = invoices.filter((i) => i.line === 'Gas' && !i.isUnica);
    const to = gas[0].launchDate;
    const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
    await setDates(user, from, to);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const [count] = await fullbillingCount(
      token,
      `startDate=${from}&endDate=${to}&lineRemover=Electricidad&findUnicas=false`,
    );
    expect(await screen.findByRole('heading', { name: `Resultados: ${count}` })).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Páginas de facturas simples' });
    expect(within(pager).getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() =>
      expect(within(pager).getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(screen.getByRole('heading', { name: `Resultados: ${count}` })).toBeInTheDocument();
    // The chart draws the page shown and says so: it neither sums nor ranks the other pages silently.
    const pages = Math.ceil(count / 10);
    expect(pages).toBeGreaterThan(1);
    expect(
      await screen.findByRole('figure', {
        name: `Gráfico: Importe de las facturas: Facturas Simples (facturas de la página 2 de ${pages})`,
      }),
    ).toBeInTheDocument();
  });

  it('shows the empty text for a range without invoices', async () => {
    const { user } = await renderRoute('/allinvoices-gas');
    await bothSectionsShowLatest();
    await setDates(user, '2010-01-01', '2010-06-30');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() =>
      expect(screen.getAllByText('No se han encontrado facturas en las fechas seleccionadas.')).toHaveLength(
        2,
      ),
    );
  });

  it('never shows the bulk-limit notice on opening, even when the default answer spans over a year', async () => {
    const gas = invoices.filter((i) => i.line === 'Gas' && !i.isUnica);
    const sparse = [
      gas[0],
      gas.find((i) => i.launchDate < `${Number(gas[0].launchDate.slice(0, 4)) - 1}-01-01`)!,
    ];
    faults.use(
      http.get(apiUrl('/ov/invoices/api/fullbilling'), () =>
        HttpResponse.json({
          Invoice: sparse,
          Fullbilling: { total: [{ count: 2 }, { count: 0 }, { count: 2 }] },
        }),
      ),
      http.get(
        apiUrl('/ov/invoices/api/fullbilling/unicas/gas'),
        () => new HttpResponse(null, { status: 204 }),
      ),
    );
    await renderRoute('/allinvoices-gas');
    // The screen fills the 12 months ending on the latest invoice: what an export would use.
    const latest = sparse[0].launchDate.slice(0, 10);
    await waitFor(() => expect(screen.getByLabelText('Hasta')).toHaveValue(formatLongDate(latest)));
    expect(screen.getByLabelText('Desde')).toHaveValue(formatLongDate(addMonths(latest, -12)));
    expect(screen.queryByText(/La descarga masiva de facturas no es posible/)).toBeNull();
    expect(screen.queryByText('Sólo se permite 1 Año como máximo para las exportaciones.')).toBeNull();
    for (const format of ['Excel', 'PDF', 'ZIP']) {
      expect(screen.getByRole('button', { name: `${format} Gas` })).toBeEnabled();
    }
  });

  it('shows each unified invoice with how many supplies it covers and its total kWh, never one supply', async () => {
    await renderRoute('/allinvoices');
    await bothSectionsShowLatest();
    const unified = within(screen.getByRole('table', { name: 'Facturas Unificadas' })).getAllByRole('row');
    const headers = within(unified[0])
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    const rows = unified.slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const cells = within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
      const cell = (header: string) => cells[headers.indexOf(header)];
      const invoice = invoices.find(
        (i) => i.isUnica && `${i.serieFacturaUnica}${i.numeroFacturaUnica}` === cell('Número'),
      )!;
      expect(invoice.cups).toBe('');
      expect(invoice.numeroSuministros).toBeGreaterThan(1);
      expect(cell('Suministros')).toBe(`${invoice.numeroSuministros} suministros`);
      expect(shownKwh(cell('Consumo (kWh)'))).toBeCloseTo(invoice.consumoKwh, 2);
    }
  });
});
