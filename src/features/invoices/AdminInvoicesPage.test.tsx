import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { formatLongDate } from '@/shared/lib/dates';
import { signInAs } from '@/test/realSession';
import { renderRoute } from '@/test/renderRoute';
import { DEMO_ADMIN } from '@/test/testConfig';
import type { Invoice } from './invoicesApi';
import {
  allInvoices,
  apiUrl,
  captureSavedFiles,
  faultServer,
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
  ({ accessToken: token } = await signInAs(DEMO_ADMIN));
  invoices ??= await allInvoices(token, true);
  saved = captureSavedFiles();
});
afterEach(() => jest.restoreAllMocks());

async function openPage() {
  const rendered = await renderRoute('/administrador-fincas');
  await screen.findByRole('heading', { name: 'Últimas 10 facturas' });
  return rendered;
}

const table = () => screen.getByRole('table', { name: 'Listado de facturas' });

describe('/administrador-fincas against the reference server', () => {
  it('lists the latest invoices of the managed clients with every column and fills the dates', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Facturas' })).toBeInTheDocument();
    for (const label of ['Línea', 'Comunidad', 'CUPS', 'Contrato', 'Número de factura', 'Desde', 'Hasta']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(
      within(screen.getByLabelText('Línea'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Gas', 'Electricidad', 'Todo']);
    const rows = within(table()).getAllByRole('row');
    expect(rows).toHaveLength(11);
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Línea',
      'NIF',
      'CUPS',
      'Contrato',
      'Número',
      'Dirección',
      'Fecha de Factura',
      'Lectura Desde',
      'Lectura Hasta',
      'Consumo (kWh)',
      'Importe Total',
      'Factura',
      // The phone's Detalles column (issue 24), which wider screens do not show (table.css).
      'Detalles',
    ]);
    const dates = invoices
      .slice(0, 10)
      .map((i) => i.launchDate)
      .sort();
    await waitFor(() => expect(screen.getByLabelText('Desde')).toHaveValue(formatLongDate(dates[0])));
    expect(
      await screen.findByRole('figure', { name: 'Gráfico: Importe de las facturas' }),
    ).toBeInTheDocument();
  });

  it('offers the communities to choose from, with name, CIF and number of supplies', async () => {
    await openPage();
    const community = screen.getByLabelText('Comunidad');
    await waitFor(() => expect(within(community).getAllByRole('option')).toHaveLength(5));
    const options = within(community).getAllByRole('option');
    expect(options[0]).toHaveTextContent('Todas las comunidades');
    for (const option of options.slice(1)) {
      expect(option.textContent).toMatch(/^Comunidad de Propietarios .+ · H\d{8} · \d+ suministros?$/);
      expect(option.textContent).toContain(option.getAttribute('value'));
    }
  });

  it('filters one line by community and shows the 1-year message', async () => {
    const { user } = await openPage();
    const gasInvoice = invoices.find((i) => i.line === 'Gas')!;
    await user.selectOptions(screen.getByLabelText('Línea'), 'Gas');
    await waitFor(() =>
      expect(screen.getByRole('option', { name: new RegExp(gasInvoice.nif) })).toBeInTheDocument(),
    );
    await user.selectOptions(screen.getByLabelText('Comunidad'), gasInvoice.nif);
    const from = screen.getByLabelText('Desde');
    await user.clear(from);
    await user.type(from, '01/01/2020');
    await user.tab();
    expect(
      await screen.findByText('Sólo es posible realizar una consulta en el rango de 1 año.'),
    ).toBeInTheDocument();
    const to = gasInvoice.launchDate;
    await user.clear(from);
    await user.type(from, typed(`${Number(to.slice(0, 4)) - 1}${to.slice(4)}`));
    await user.tab();
    await user.clear(screen.getByLabelText('Hasta'));
    await user.type(screen.getByLabelText('Hasta'), typed(to));
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await screen.findByRole('heading', { name: /^Resultados \(\d+\)$/ });
    await waitFor(() =>
      within(table())
        .getAllByRole('row')
        .slice(1)
        .forEach((row) => {
          expect(within(row).getByRole('img')).toHaveAccessibleName(/Gas/);
          expect(row).toHaveTextContent(gasInvoice.nif);
        }),
    );
    expect(screen.queryByRole('button', { name: 'Excel Electricidad' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excel Gas' })).toBeEnabled();
  });

  it('opens Detalles del Contrato, toggles on the same contract, reloads on another, closes', async () => {
    const { user } = await openPage();
    const codes = [...new Set(invoices.slice(0, 10).map((i) => i.contractCode))];
    const first = invoices.find((i) => i.contractCode === codes[0])!;
    await user.click(
      within(table()).getAllByRole('button', { name: `Ver detalles del contrato ${codes[0]}` })[0],
    );
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del Contrato' });
    await within(dialog).findByText(first.cups);
    expect(document.body).toHaveClass('modal-open');
    for (const label of [
      'Contrato',
      'Razón Social',
      'NIF',
      'Dirección',
      'Ciudad',
      'Provincia',
      'Código Postal',
      'CUPS',
      'Tarifa',
      'Desde',
      'Hasta',
    ]) {
      expect(within(dialog).getByText(label, { selector: 'dt' })).toBeInTheDocument();
    }
    // Downloads are disabled while the pop-up is open.
    within(table())
      .queryAllByRole('button', { name: /^Descargar PDF/ })
      .forEach((button) => expect(button).toBeDisabled());
    screen
      .getAllByRole('button', { name: /^(Excel|PDF|ZIP) / })
      .forEach((button) => expect(button).toBeDisabled());

    // The same contract again closes it.
    await user.click(
      within(table()).getAllByRole('button', { name: `Ver detalles del contrato ${codes[0]}` })[0],
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body).not.toHaveClass('modal-open');
    within(table())
      .queryAllByRole('button', { name: /^Descargar PDF/ })
      .forEach((button) => expect(button).toBeEnabled());

    await user.click(
      within(table()).getAllByRole('button', { name: `Ver detalles del contrato ${codes[0]}` })[0],
    );
    await screen.findByRole('dialog');
    const other = invoices.find((i) => i.contractCode === codes[1])!;
    await user.click(
      within(table()).getAllByRole('button', { name: `Ver detalles del contrato ${codes[1]}` })[0],
    );
    await within(screen.getByRole('dialog')).findByText(other.cups);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows only non-zero powers in kW, and Caudal for gas in kWh/día (DECISIONS "Units")', async () => {
    const { user } = await openPage();
    const code = invoices[0].contractCode;
    faults.use(
      http.get(apiUrl('/ov/contracts/api/administrador-fincas', true), () =>
        HttpResponse.json({
          Contrato: {
            codigoContrato: code,
            RazonSocial: 'Comunidad de Propietarios',
            CUPS: 'ES0230000000000001AB',
            Desde: '2019-04-12',
            Hasta: null,
            PotenciaContratadaP1: 25.4,
            PotenciaContratadaP2: 0,
            PotenciaContratadaP3: null,
            PotenciaContratadaP4: '',
            PotenciaContratadaP5: 10,
            CaudalContrato: 1234.5,
          },
        }),
      ),
    );
    const gasRow = within(table())
      .getAllByRole('row')
      .find(
        (row) =>
          within(row).queryByRole('img', { name: 'Gas' }) &&
          within(row).queryByRole('button', { name: /Ver detalles/ }),
      );
    await user.click(within(gasRow!).getByRole('button', { name: /Ver detalles del contrato/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('P1: 25,40 kW · P5: 10,00 kW')).toBeInTheDocument();
    expect(within(dialog).getByText('1.234,50 kWh/día')).toBeInTheDocument();
    expect(within(dialog).getByText('12/04/2019')).toBeInTheDocument();
  });

  it('closes the pop-up with the error text when the details fail', async () => {
    const { user } = await openPage();
    const code = invoices[0].contractCode;
    faults.use(
      http.get(apiUrl('/ov/contracts/api/administrador-fincas', true), () =>
        HttpResponse.json({}, { status: 500 }),
      ),
    );
    await user.click(
      within(table()).getAllByRole('button', { name: `Ver detalles del contrato ${code}` })[0],
    );
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      `Se ha producido un error al intentar obtener la información del contrato ${code}`,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('exports a line, the reference server’s ZIP saved as .zip, and downloads one PDF', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'ZIP Electricidad' }));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['facturas Electricidad.zip']));
    const pdf = within(table()).getAllByRole('button', { name: /^Descargar PDF de la factura/ })[0];
    await user.click(pdf);
    await waitFor(() => expect(saved).toHaveLength(2));
    // Named after the number exactly as the list shows it (ENERGIA left out).
    const shown = pdf.getAttribute('aria-label')!.replace('Descargar PDF de la factura ', '');
    expect(saved[1].name).toBe(`Factura-${shown}.pdf`);
  });

  it('shows a unified invoice as its supplies and total kWh, with no contract, address or CUPS of one', async () => {
    await openPage();
    const rows = within(table()).getAllByRole('row');
    const headers = within(rows[0])
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    const unifiedRows = rows.filter((row) => within(row).queryByRole('img', { name: /^Factura unificada/ }));
    expect(unifiedRows.length).toBeGreaterThan(0);
    for (const row of unifiedRows) {
      const cells = within(row).getAllByRole('cell');
      const cell = (header: string) => cells[headers.indexOf(header)];
      const invoice = invoices.find(
        (i) => i.isUnica && `${i.serieFacturaUnica}${i.numeroFacturaUnica}` === cell('Número').textContent,
      )!;
      expect(cell('CUPS').textContent).toBe(`${invoice.numeroSuministros} suministros`);
      expect(cell('Contrato')).toBeEmptyDOMElement();
      expect(cell('Dirección')).toBeEmptyDOMElement();
      expect(shownKwh(cell('Consumo (kWh)').textContent)).toBeCloseTo(invoice.consumoKwh, 2);
    }
    const simple = rows.slice(1).find((row) => !unifiedRows.includes(row))!;
    const simpleCells = within(simple).getAllByRole('cell');
    expect(simpleCells[headers.indexOf('CUPS')].textContent).toMatch(/^ES\d{16}[A-Z]{2}/);
    expect(within(simple).getByRole('button', { name: /^Ver detalles del contrato/ })).toBeInTheDocument();
  });
});
