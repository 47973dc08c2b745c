import { screen, waitFor } from '@testing-library/react';
import { http, passthrough } from 'msw';
import type { SupplyPoint } from '@/shared/session/product';
import { signInAs } from '@/test/realSession';
import { renderRoute } from '@/test/renderRoute';
import { DEMO_ADMIN } from '@/test/testConfig';
import { apiUrl, faultServer, productInvoices, storeProduct, typed } from './test/realInvoices';

jest.mock('@/shared/ui/Chart', () => ({
  __esModule: true,
  default: jest.requireActual('./test/realInvoices').StubChart,
}));

/**
 * A slow network (issue 24): the default query's answer is held while the person types Desde and Hasta. When it
 * lands it may fill only fields nobody touched, and Buscar searches what the person typed.
 */
const network = faultServer();

const LIST_PATHS = [
  '/ov/invoices/api/fullbilling',
  '/ov/invoices/api/fullbilling/unicas/gas',
  '/ov/invoices/api/filterfullbilling',
  '/ov/contracts/api/contractCode/invoices/',
  '/ov/contracts/api/contractCode/charts/invoices/',
];

/** Holds every list call until `release`, and records the query of each list call that leaves. */
function holdDefaultAnswers(admin = false) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const queries: URLSearchParams[] = [];
  network.use(
    ...LIST_PATHS.map((path) =>
      http.get(apiUrl(path, admin), async ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        await released;
        return passthrough();
      }),
    ),
  );
  return { release, queries };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

/** Types a range as a person does (blur commits each date) while the default answer is still held. */
async function typeRange(user: Awaited<ReturnType<typeof renderRoute>>['user'], from: string, to: string) {
  for (const [label, iso] of [
    ['Desde', from],
    ['Hasta', to],
  ]) {
    await user.clear(field(label));
    await user.type(field(label), typed(iso));
    await user.tab();
  }
}

/** What the default answer lands as: the list of the latest invoices, with rows. */
async function defaultAnswerShown() {
  const heading = await screen.findAllByRole('heading', { name: 'Últimas 10 facturas' });
  expect(heading.length).toBeGreaterThan(0);
  await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
  // The dates the answer brings are filled in the effects that follow it; let them run.
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** A contract of the demo customer with invoices on the per-product call, stored as the selected product. */
async function contractWithInvoices(token: string) {
  const answer = await fetch(apiUrl('/ov/cups/api/cupsMe'), {
    headers: { authorization: `Bearer ${token}` },
  });
  const select = (await answer.json()).cupsAsociados.select as SupplyPoint | SupplyPoint[];
  for (const point of Array.isArray(select) ? select : [select]) {
    if ((await productInvoices(token, point.line, point.codAbonado)).length >= 2) {
      storeProduct(point);
      return point.codAbonado;
    }
  }
  throw new Error('demo no tiene un contrato con facturas');
}

const FROM = '2026-03-01';
const TO = '2026-03-20';

describe.each([
  { route: '/allinvoices', admin: false },
  { route: '/allinvoices-gas', admin: false },
  { route: '/administrador-fincas', admin: true },
  { route: '/invoices/:id', admin: false },
])('$route on a slow network', ({ route, admin }) => {
  it('keeps the dates typed before the default answer, and Buscar searches them', async () => {
    const { accessToken } = await signInAs(admin ? DEMO_ADMIN : undefined);
    const path = route === '/invoices/:id' ? `/invoices/${await contractWithInvoices(accessToken)}` : route;
    const held = holdDefaultAnswers(admin);
    const { user } = await renderRoute(path);
    await screen.findByLabelText('Desde');
    await typeRange(user, FROM, TO);
    expect(held.queries.length).toBeGreaterThan(0);

    held.release();
    await defaultAnswerShown();
    expect(field('Desde').value).toBe('01 marzo 2026');
    expect(field('Hasta').value).toBe('20 marzo 2026');

    const before = held.queries.length;
    await user.click(screen.getAllByRole('button', { name: 'Buscar' })[0]);
    await waitFor(() => expect(held.queries.length).toBeGreaterThan(before));
    for (const query of held.queries.slice(before)) {
      expect(query.get('startDate')).toBe(FROM);
      expect(query.get('endDate')).toBe(TO);
    }
  });

  it('still fills both dates from the default answer when nobody touched them', async () => {
    const { accessToken } = await signInAs(admin ? DEMO_ADMIN : undefined);
    const path = route === '/invoices/:id' ? `/invoices/${await contractWithInvoices(accessToken)}` : route;
    const held = holdDefaultAnswers(admin);
    await renderRoute(path);
    await screen.findByLabelText('Desde');
    expect(field('Desde').value).toBe('');
    held.release();
    await waitFor(() => {
      expect(field('Desde').value).not.toBe('');
      expect(field('Hasta').value).not.toBe('');
    });
  });
});

describe('/allinvoices-gas with one date typed on a slow network', () => {
  it('keeps the typed Desde and fills only the untouched Hasta from the default answer', async () => {
    await signInAs();
    const held = holdDefaultAnswers();
    const { user } = await renderRoute('/allinvoices-gas');
    const from = await screen.findByLabelText('Desde');
    await user.type(from, typed(FROM));
    await user.tab();
    held.release();
    await defaultAnswerShown();
    expect(field('Desde').value).toBe('01 marzo 2026');
    await waitFor(() => expect(field('Hasta').value).not.toBe(''));
  });
});
