import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bypass, http, HttpResponse } from 'msw';
import { formatLongDate } from '@/shared/lib/dates';
import { ERROR_SUMMARY_TITLE } from '@/shared/ui/formMessages';
import { expectErrorSummary } from '@/test/errorSummary';
import { signInAs } from '@/test/realSession';
import { renderRoute } from '@/test/renderRoute';
import { formatMoney } from '@/shared/lib/money';
import type { ProductInvoice } from './invoicesApi';
import {
  apiUrl,
  captureSavedFiles,
  allInvoices,
  faultServer,
  productInvoices,
  shownKwh,
  storeProduct,
  typed,
  type SavedFile,
} from './test/realInvoices';

jest.mock('@/shared/ui/Chart', () => ({
  __esModule: true,
  default: jest.requireActual('./test/realInvoices').StubChart,
}));

const faults = faultServer();

// Demo contract with simple invoices, Varios, proformas of a unified invoice and one invoice without PDF.
const PRODUCT = { line: 'Electricidad', cups: 'ES0022055804950627PZ', codAbonado: '100000174' };
let token: string;
let invoices: ProductInvoice[];
let saved: SavedFile[];

const fromInput = () => screen.getByLabelText('Desde');
const toInput = () => screen.getByLabelText('Hasta');

beforeEach(async () => {
  ({ accessToken: token } = await signInAs());
  invoices ??= await productInvoices(token, PRODUCT.line, PRODUCT.codAbonado);
  storeProduct(PRODUCT);
  saved = captureSavedFiles();
});
afterEach(() => jest.restoreAllMocks());

async function openPage() {
  const rendered = await renderRoute(`/invoices/${PRODUCT.codAbonado}`);
  await screen.findByRole('heading', { name: 'Últimas 10 facturas' });
  // The screen fills Desde and Hasta from its default answer; a user types after that.
  await waitFor(() => expect(toInput()).not.toHaveValue(''));
  return rendered;
}

async function setDates(user: Awaited<ReturnType<typeof openPage>>['user'], from: string, to: string) {
  await user.clear(fromInput());
  await user.type(fromInput(), from ? typed(from) : ' ');
  await user.tab();
  await user.clear(toInput());
  await user.type(toInput(), to ? typed(to) : ' ');
  await user.tab();
}

const number = (invoice: ProductInvoice) =>
  invoice.serieFactura === 'ENERGIA' ? invoice.factura : `${invoice.serieFactura}${invoice.factura}`;

describe('Buscar Facturas against the reference server', () => {
  it('shows the product, the latest 10 invoices and then fills Desde and Hasta from them', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Buscar Facturas' })).toBeInTheDocument();
    expect(screen.getByText(PRODUCT.cups)).toBeInTheDocument();
    expect(screen.getByText(PRODUCT.codAbonado)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/');
    const table = screen.getByRole('table', { name: 'Facturas' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const latest = invoices.slice(0, 10).map((invoice) => invoice.fechaFactura);
    await waitFor(() => expect(fromInput()).toHaveValue(formatLongDate(latest[9])));
    expect(toInput()).toHaveValue(formatLongDate(latest[0]));
    expect(screen.getByText('Número máximo de meses de consulta 12')).toBeInTheDocument();
    // Spec 02 §2.1: the additional invoices follow the list (shown once the list has come, see the page).
    const additional = screen.getByRole('region', { name: 'Facturas Adicionales' });
    expect(additional).toHaveTextContent('No hay facturas adicionales para este contrato.');
  });

  it('searches a date range: Resultados (n), a pager that keeps the query, and page 1 on a new search', async () => {
    const { user } = await openPage();
    const to = invoices[0].fechaFactura;
    const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
    const expected = invoices.filter((i) => i.fechaFactura >= from && i.fechaFactura <= to);
    await setDates(user, from, to);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(
      await screen.findByRole('heading', { name: `Resultados (${expected.length})` }),
    ).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Páginas de facturas' });
    await user.click(within(pager).getByRole('button', { name: 'Página 2' }));
    await waitFor(() =>
      expect(within(pager).getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page'),
    );
    const secondPage = screen.getByRole('table', { name: 'Facturas' });
    await waitFor(() => expect(within(secondPage).getByText(number(expected[10]))).toBeInTheDocument());
    // The pressed button is now the disabled current page: the focus goes to the list's results heading.
    expect(screen.getByRole('heading', { name: `Resultados (${expected.length})` })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() =>
      expect(within(pager).getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page'),
    );
  });

  it('sums and ranks the whole search in the chart, not only the page shown', async () => {
    const { user } = await openPage();
    const to = invoices[0].fechaFactura;
    const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
    const expected = invoices.filter((i) => i.fechaFactura >= from && i.fechaFactura <= to);
    expect(expected.length).toBeGreaterThan(10);
    await setDates(user, from, to);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await screen.findByRole('heading', { name: `Resultados (${expected.length})` });
    await user.click(screen.getByRole('radio', { name: 'Importes' }));
    const amounts = expected.map((invoice) => Math.round(Number(invoice.total.importe) * 100) / 100);
    await screen.findByRole('figure', { name: 'Gráfico: Importe de las facturas' });
    await waitFor(() =>
      // The summary line under the chart's title.
      expect(document.querySelector('.chart-figure__summary')).toHaveTextContent(
        `Total ${formatMoney(amounts.reduce((sum, amount) => sum + amount, 0))}, valor más alto ${formatMoney(Math.max(...amounts))}`,
      ),
    );
  });

  it('keeps the rows, the toolbar and the chart in place while the next page loads', async () => {
    const { user } = await openPage();
    const to = invoices[0].fechaFactura;
    const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
    const expected = invoices.filter((i) => i.fechaFactura >= from && i.fechaFactura <= to);
    await setDates(user, from, to);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await screen.findByRole('heading', { name: `Resultados (${expected.length})` });
    await screen.findByRole('figure', { name: 'Gráfico: Consumo de las facturas' });
    // The real answers of page 2 are held back until the page has been looked at while it loads.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    for (const path of [
      '/ov/contracts/api/contractCode/invoices/',
      '/ov/contracts/api/contractCode/charts/invoices/',
    ]) {
      faults.use(
        http.get(apiUrl(path), async ({ request }) => {
          await held;
          // Node's fetch has already decoded the compressed answer: hand on its JSON, not its encoding header.
          const answer = await fetch(bypass(request));
          return HttpResponse.json(await answer.json(), { status: answer.status });
        }),
      );
    }
    const rowTexts = () =>
      within(screen.getByRole('table', { name: 'Facturas' }))
        .getAllByRole('row')
        .map((row) => row.textContent);
    const firstPage = rowTexts();
    const pager = screen.getByRole('navigation', { name: 'Páginas de facturas' });
    await user.click(within(pager).getByRole('button', { name: 'Página 2' }));
    const section = screen.getByRole('heading', { level: 2, name: 'Facturas' }).closest('section')!;
    await waitFor(() => expect(section).toHaveAttribute('aria-busy', 'true'));
    expect(rowTexts()).toEqual(firstPage);
    expect(screen.getByRole('button', { name: 'Descargar ZIP' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar consumos' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Tipo de gráfico' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Gráfico: Consumo de las facturas' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `Resultados (${expected.length})` })).toBeInTheDocument();
    release();
    await waitFor(() => expect(rowTexts()).toHaveLength(expected.length - 10 + 1));
    await waitFor(() => expect(section).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByRole('button', { name: 'Descargar ZIP' })).toBeInTheDocument();
  });

  it('shows every date message of section 5 and searches only when the dates pass', async () => {
    const { user } = await openPage();
    await setDates(user, '2024-01-10', '2025-01-11');
    expect(
      await screen.findByText('Sólo es posible realizar una consulta en un rango de 12 meses.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByRole('heading', { name: 'Últimas 10 facturas' })).toBeInTheDocument();
    await setDates(user, '2025-02-10', '2025-01-11');
    // After a refused Buscar the error summary repeats each field's message (issue 14): read them on the fields.
    await waitFor(() =>
      expect(toInput()).toHaveAccessibleDescription(
        'La fecha de inicio debe de ser anterior a la fecha de fin de la consulta.',
      ),
    );
    await setDates(user, '', '');
    await waitFor(() => expect(fromInput()).toHaveAccessibleDescription('El campo Desde es obligatorio.'));
    expect(toInput()).toHaveAccessibleDescription('El campo Hasta es obligatorio.');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByRole('heading', { name: 'Últimas 10 facturas' })).toBeInTheDocument();
  });

  it('a refused Buscar focuses the error summary; a search that runs moves the focus to its results (issue 14)', async () => {
    const { user } = await openPage();
    await setDates(user, '2024-01-10', '2025-01-11');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await expectErrorSummary(user, [
      ['Desde', 'Sólo es posible realizar una consulta en un rango de 12 meses.'],
    ]);

    const date = invoices[0].fechaFactura;
    await setDates(user, date, date);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const results = await screen.findByRole('heading', { name: /^Resultados \(\d+\)$/ });
    await waitFor(() => expect(results).toHaveFocus());
    expect(screen.queryByRole('group', { name: ERROR_SUMMARY_TITLE })).not.toBeInTheDocument();
  });

  it('applies the display rules: type, number, Varios, PDF No disponible and proformas', async () => {
    const { user } = await openPage();
    const proforma = invoices.find((i) => i.isUnificada === 1)!;
    const varios = invoices.find((i) => i.facturaCategoria === 'VA' && i.canDownload)!;
    const withoutPdf = invoices.find((i) => !i.canDownload)!;
    for (const invoice of [proforma, varios, withoutPdf]) {
      const date = invoice.fechaFactura;
      await setDates(user, date, date);
      const field = screen.getByLabelText('Número de factura');
      await user.clear(field);
      await user.type(field, invoice.factura);
      await user.click(screen.getByRole('button', { name: 'Buscar' }));
      await screen.findByRole('heading', { name: 'Resultados (1)' });
      await waitFor(() =>
        expect(
          within(screen.getByRole('table', { name: 'Facturas' })).getAllByRole('row')[1],
        ).toHaveTextContent(typed(invoice.fechaFactura)),
      );
      const row = within(screen.getByRole('table', { name: 'Facturas' })).getAllByRole('row')[1];
      const cells = within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
      if (invoice === proforma) {
        expect(cells[0]).toBe('Proforma');
        expect(cells[1]).toBe(`${proforma.serieFacturaUnica}${proforma.numeroFacturaUnica}`);
        // Each button's visible label starts its accessible name (axe label-content-name-mismatch).
        for (const label of ['ZIP', 'XLSX']) {
          expect(
            within(row).getByRole('button', {
              name: `${label}: descargar proforma de la factura ${cells[1]}`,
            }),
          ).toHaveTextContent(label);
        }
      } else if (invoice === varios) {
        expect(cells[0]).toBe('Factura');
        expect(within(row).getByRole('button', { name: /^Varios/ })).toHaveTextContent('Varios');
        expect(cells[5]).toBe(formatMoney(varios.total.importe));
      } else {
        expect(cells[6]).toBe('PDF No disponible');
        expect(within(row).queryByRole('button', { name: /Descargar PDF/ })).not.toBeInTheDocument();
        expect(cells[7]).toBe('');
      }
      // Dates in lists are DD/MM/YYYY.
      expect(cells[2]).toBe(typed(invoice.fechaFactura));
    }
  });

  it('keeps the two amount sliders apart by one euro', async () => {
    await openPage();
    const min = screen.getByRole('slider', { name: /Min/ });
    const max = screen.getByRole('slider', { name: /Max/ });
    await waitFor(() => expect(Number(min.getAttribute('min'))).toBeGreaterThan(-10000));
    fireEvent.change(max, { target: { value: '100' } });
    fireEvent.change(min, { target: { value: '100' } });
    expect(min).toHaveValue('99');
    expect(min).toHaveAttribute('aria-valuetext', '99,00 €');
    fireEvent.change(max, { target: { value: '50' } });
    expect(max).toHaveValue('100');
    fireEvent.change(max, { target: { value: '99' } });
    expect(max).toHaveValue('100');
  });

  it('falls back to -10000..10000 when the price limits fail', async () => {
    faults.use(
      http.get(apiUrl('/ov/contracts/api/getPriceMinAndMaxInvoices'), () =>
        HttpResponse.json({}, { status: 500 }),
      ),
    );
    await openPage();
    const min = screen.getByRole('slider', { name: /Min/ });
    expect(min).toHaveAttribute('min', '-10000');
    expect(min).toHaveAttribute('max', '10000');
  });

  it('downloads a PDF, the ZIP and the consumption sheet with their documented names', async () => {
    const { user } = await openPage();
    const first = invoices.slice(0, 10).find((i) => i.canDownload && i.isUnificada === 0)!;
    await user.click(screen.getByRole('button', { name: `Descargar PDF de la factura ${number(first)}` }));
    await waitFor(() => expect(saved.map((file) => file.name)).toContain(`Factura-${number(first)}.pdf`));
    await user.click(screen.getByRole('button', { name: 'Descargar ZIP' }));
    await waitFor(() =>
      expect(saved.map((file) => file.name)).toContain(`facturas ${PRODUCT.codAbonado}.zip`),
    );
    await user.click(screen.getByRole('button', { name: 'Exportar consumos' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toContain('consumos Electricidad.xlsx'));
    expect(saved.every((file) => file.size >= 150)).toBe(true);
  });

  it('treats a failed or too small PDF as an error', async () => {
    const { user } = await openPage();
    const first = invoices.slice(0, 10).find((i) => i.canDownload && i.isUnificada === 0)!;
    faults.use(http.get(apiUrl('/ov/invoices/api/pdf/:id'), () => new HttpResponse('x'.repeat(149))));
    await user.click(screen.getByRole('button', { name: `Descargar PDF de la factura ${number(first)}` }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Ha ocurrido un error al intentar descargar el PDF de la factura.',
    );
    faults.use(
      http.get(apiUrl('/ov/contracts/api/contractCode/fullbilling'), () =>
        HttpResponse.json({}, { status: 500 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Descargar ZIP' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveProperty(
        'textContent',
        'Ha ocurrido un error al intentar descargar el ZIP de la factura',
      ),
    );
    expect(saved).toHaveLength(0);
  });

  it('wants 300 bytes for proforma files', async () => {
    const { user } = await openPage();
    const proforma = invoices.find((i) => i.isUnificada === 1)!;
    await setDates(user, proforma.fechaFactura, proforma.fechaFactura);
    await user.type(screen.getByLabelText('Número de factura'), proforma.factura);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await screen.findByRole('heading', { name: 'Resultados (1)' });
    faults.use(http.get(apiUrl('/ov/invoices/api/proforma'), () => new HttpResponse('x'.repeat(299))));
    await user.click(screen.getByRole('button', { name: /^ZIP: descargar proforma/ }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Ha ocurrido un error al intentar descargar el archivo solicitado.',
    );
    faults.resetHandlers();
    await user.click(screen.getByRole('button', { name: /^XLSX: descargar proforma/ }));
    await waitFor(() =>
      expect(saved.map((file) => file.name)).toContain(
        `proformas ${proforma.serieFacturaUnica}${proforma.numeroFacturaUnica}.xlsx`,
      ),
    );
  });

  it('switches between the consumption and the amount chart', async () => {
    const { user } = await openPage();
    const consumption = await screen.findByRole('figure', { name: 'Gráfico: Consumo de las facturas' });
    const options = JSON.parse(consumption.getAttribute('data-options')!);
    // The contract, signed on 2.1A, is billed on 2.0TD (issue 24): its three periods with their names.
    expect(options.series.map((series: { name: string }) => series.name)).toEqual([
      'P1 Punta',
      'P2 Llano',
      'P3 Valle',
    ]);
    await user.click(screen.getByRole('radio', { name: 'Importes' }));
    const amounts = await screen.findByRole('figure', { name: 'Gráfico: Importe de las facturas' });
    const amountOptions = JSON.parse(amounts.getAttribute('data-options')!);
    expect(amountOptions.series[0].color).toBe('#f28c28');
    const dates = invoices
      .slice(0, 10)
      .map((i) => i.fechaFactura)
      .sort();
    expect(amountOptions.xAxis.categories[0]).toContain(typed(dates[0]));
    expect(screen.getByRole('button', { name: 'Descargar gráfico' })).toBeInTheDocument();
  });

  it('says a failed or HTML answer is an error, with Reintentar that loads the list', async () => {
    faults.use(
      http.get(
        apiUrl('/ov/contracts/api/contractCode/invoices/'),
        () => HttpResponse.html('<html>proxy</html>'),
        { once: true },
      ),
    );
    const { user } = await renderRoute(`/invoices/${PRODUCT.codAbonado}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Se ha producido un error al cargar las facturas.',
    );
    expect(
      screen.queryByText('No se han encontrado facturas en las fechas seleccionadas.'),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Facturas' })).toBeInTheDocument();
  });

  it('finds the product in the stored CUPS list when it is not the selected one', async () => {
    localStorage.removeItem('selectedProduct');
    localStorage.setItem(
      'cups',
      JSON.stringify({ Electricidad: { [PRODUCT.codAbonado]: { ...PRODUCT, line: 'Electricidad' } } }),
    );
    await openPage();
    expect(screen.getByText(PRODUCT.cups)).toBeInTheDocument();
  });

  it('looks the contract up when nothing of it is in the session (a link opened in a new tab)', async () => {
    localStorage.removeItem('selectedProduct');
    localStorage.removeItem('cups');
    await openPage();
    expect(screen.getByText(PRODUCT.cups)).toBeInTheDocument();
  });

  it('says so when the contract is not among the stored products', async () => {
    await renderRoute('/invoices/999999999');
    expect(
      await screen.findByText(
        'No se ha encontrado el contrato seleccionado. Vuelva al inicio y elija un producto.',
      ),
    ).toBeInTheDocument();
  });

  it('shows each invoice’s kWh in es-ES, grouped from four digits', async () => {
    // A supply with a simple invoice of a four-digit kWh figure (es-ES leaves those ungrouped by default).
    const fourDigits = (kwh: number) => kwh >= 1000 && kwh < 10000;
    const big = (await allInvoices(token)).find((i) => !i.isUnica && fourDigits(i.consumoKwh ?? 0))!;
    storeProduct({ line: big.line, cups: big.cups, codAbonado: big.contractCode });
    const listed = await productInvoices(token, big.line, big.contractCode);
    await renderRoute(`/invoices/${big.contractCode}`);
    await screen.findByRole('heading', { name: 'Últimas 10 facturas' });
    const rows = within(screen.getByRole('table', { name: 'Facturas' })).getAllByRole('row');
    const headers = within(rows[0])
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    // The rows are the list call's latest ten, in its order.
    const shown = rows.slice(1).map((row, index) => {
      const cell = within(row).getAllByRole('cell')[headers.indexOf('Consumo (kWh)')];
      const kwh = shownKwh(cell.textContent);
      expect(kwh).toBeCloseTo(listed[index].TotalConsumoEnergiaActiva ?? listed[index].consumoKwh ?? 0, 2);
      return kwh;
    });
    expect(shown.some(fourDigits)).toBe(true);
  });
});
