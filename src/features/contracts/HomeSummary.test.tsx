import { screen, waitFor, within } from '@testing-library/react';
import { http, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import * as download from '@/shared/lib/download';
import { renderRoute } from '@/test/renderRoute';
import { signInAs } from '@/test/realSession';
import { testApiOrigin } from '@/test/testConfig';
import type { HomeSummaryAnswer } from './contractsApi';
import {
  CONSUMPTION_TITLE,
  LATEST_INVOICE_TITLE,
  NO_PRODUCTS,
  NO_PRODUCTS_HELP,
  PRODUCTS_CARD_TITLE,
  REQUESTS_CARD_TITLE,
} from './contractsMessages';

const network = setupServer();
beforeAll(() => network.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  network.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => network.close());

const api = (path: string) => `${testApiOrigin()}/api/cliente${path}`;
const NO_PRODUCTS_USER = { username: 'sinproductos', password: 'Demo2024!' };

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

    const consumption = card(CONSUMPTION_TITLE);
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
