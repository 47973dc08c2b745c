import { findDemoContract, selectDemoContract } from '@/test/demoContracts';
import { API_MESSAGES } from '@/shared/api/apiErrors';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addDays, formatLongDate, todayIso, toDashDate } from '@/shared/lib/dates';
import { saveBlob } from '@/shared/lib/download';
import { signInAs } from '@/test/realSession';
import { renderRoute } from '@/test/renderRoute';
import { testApiOrigin } from '@/test/testConfig';
import { NO_HOLDER_DATA, UNKNOWN_ERROR } from '@/shared/measurement/measurementMessages';
import { CONTRACT_LOOKUP_FAILED } from '@/shared/session/sessionMessages';
import { NO_MEASUREMENTS, REQUEST_FAILED } from './loadCurveMessages';

// Highcharts does not render under jsdom: the stub shows what the page hands to the chart.
jest.mock('@/shared/ui/Chart', () => ({
  __esModule: true,
  default: ({ options, ariaLabel }: { options: import('highcharts').Options; ariaLabel: string }) => (
    <div role="figure" aria-label={ariaLabel}>
      {(options.series as { name: string; data: [number, number][] }[]).map((series) => (
        <p key={series.name}>{`${series.name}: ${series.data.length} puntos`}</p>
      ))}
    </div>
  ),
}));

jest.mock('@/shared/lib/download', () => ({
  ...jest.requireActual('@/shared/lib/download'),
  saveBlob: jest.fn(() => true),
}));

const faults = setupServer();
beforeAll(() => faults.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => faults.resetHandlers());
afterAll(() => faults.close());

const curvesUrl = () => `${testApiOrigin()}/api/cliente/ov/cups/api/curvas`;

type User = ReturnType<typeof import('@testing-library/user-event').default.setup>;

async function typeDate(user: User, label: string, text: string) {
  const input = screen.getByRole('textbox', { name: label });
  await user.clear(input);
  await user.type(input, text);
  await user.tab();
}

/** The screen of a demo contract of `tariff`, once its opening chart is drawn. */
async function openCurve(tariff: string) {
  const point = await selectDemoContract(tariff);
  const { user } = await renderRoute(`/loadcurve/${point.codAbonado}`);
  await screen.findByRole('figure', { name: 'Curva de carga horaria' });
  return { point, user };
}

describe('LoadCurvePage', () => {
  it('runs the default query for the last 7 days ending yesterday and draws both series', async () => {
    const point = await selectDemoContract('2.1A');
    const seen: URLSearchParams[] = [];
    faults.events.on('request:start', ({ request }) => {
      if (request.url.startsWith(curvesUrl())) seen.push(new URL(request.url).searchParams);
    });
    await renderRoute(`/loadcurve/${point.codAbonado}`);
    expect(await screen.findByRole('heading', { name: 'Curva de carga' })).toBeInTheDocument();
    // Volver leads to the telemetry the curve is reached from; the home is in the main menu.
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute(
      'href',
      `/telemetry/${point.codAbonado}`,
    );
    expect(screen.getByText(point.cups)).toBeInTheDocument();
    expect(screen.getByText('Fecha de inicio')).toBeInTheDocument();
    const chart = await screen.findByRole('figure', { name: 'Curva de carga horaria' });
    expect(await within(chart).findByText(/^Energía activa: \d+ puntos/)).toBeInTheDocument();
    expect(within(chart).getByText(/^Excedentes: \d+ puntos/)).toBeInTheDocument();
    faults.events.removeAllListeners();
    const today = todayIso();
    expect(seen[0].get('DefaultQuery')).toBe('true');
    expect(seen[0].get('startDate')).toBe(toDashDate(addDays(today, -7)));
    expect(seen[0].get('endDate')).toBe(toDashDate(addDays(today, -1)));
    expect(seen[0].get('output')).toBe('json');
    // The chart reads the compact form of the answer (server/docs/load-curve-compact.md).
    expect(seen[0].get('shape')).toBe('compact');
    expect(screen.getByRole('textbox', { name: 'Desde' })).toHaveValue(formatLongDate(addDays(today, -7)));
  });

  it("asks the explorer for days under the spec's hourly chart (its totals only), for hours where it draws them", async () => {
    const point = await selectDemoContract('2.0TD');
    const asked: string[] = [];
    faults.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/curvas/explorar')) asked.push(url.searchParams.get('granularity') ?? '');
    });
    const { user } = await renderRoute(`/loadcurve/${point.codAbonado}`);
    await screen.findByRole('figure', { name: 'Curva de carga horaria' });
    // The period table under the spec's chart comes from those day sums.
    expect(await screen.findByRole('table', { name: 'Consumo por periodo tarifario' })).toBeInTheDocument();
    expect(asked).toEqual(['day']);
    // The explorer's own hourly view (by period) draws hours: it asks for them.
    await user.click(screen.getByRole('radio', { name: 'Por periodo' }));
    await screen.findByRole('figure', { name: 'Consumo horario por periodo tarifario' });
    faults.events.removeAllListeners();
    expect(asked).toEqual(['day', 'hour']);
  });

  it('shows a picked month without the default flag', async () => {
    const { user } = await openCurve('2.1A');
    await typeDate(user, 'Desde', '01/02/2026');
    await typeDate(user, 'Hasta', '28/02/2026');
    await user.click(screen.getByRole('button', { name: 'Visualizar' }));
    expect(await screen.findByText('Energía activa: 672 puntos')).toBeInTheDocument();
    expect(screen.getByText('Mediciones del 01/02/2026 al 28/02/2026')).toBeInTheDocument();
  });

  it('says when there are no measurements for the CUPS', async () => {
    const { user } = await openCurve('2.1A');
    await typeDate(user, 'Desde', '01/02/2010');
    await typeDate(user, 'Hasta', '28/02/2010');
    await user.click(screen.getByRole('button', { name: 'Visualizar' }));
    expect(await screen.findByText(NO_MEASUREMENTS)).toBeInTheDocument();
  });

  it.each([
    [
      'the error field',
      () => HttpResponse.json({ error: 'CUPS sin telemedida' }, { status: 400 }),
      'CUPS sin telemedida',
    ],
    [
      'Error desconocido for a body without it',
      () => new HttpResponse('<html></html>', { status: 500 }),
      UNKNOWN_ERROR,
    ],
    ['Error al procesar la solicitud. without an answer', () => HttpResponse.error(), REQUEST_FAILED],
  ])('shows %s', async (_, answer, text) => {
    const point = await selectDemoContract('2.1A');
    faults.use(http.get(curvesUrl(), answer));
    await renderRoute(`/loadcurve/${point.codAbonado}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('downloads CurvasCarga-{contract}.xlsx', async () => {
    const { point, user } = await openCurve('2.1A');
    await user.click(screen.getByRole('button', { name: 'Descargar curva' }));
    await waitFor(() =>
      expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), `CurvasCarga-${point.codAbonado}.xlsx`, 150),
    );
  });

  it('downloads CurvasCarga-{contract}.csv of the range in the form, with the period and time zone columns', async () => {
    const { point, user } = await openCurve('2.0TD');
    await typeDate(user, 'Desde', '01/02/2026');
    await typeDate(user, 'Hasta', '02/02/2026');
    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() =>
      expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), `CurvasCarga-${point.codAbonado}.csv`, 150),
    );
    const blob = jest.mocked(saveBlob).mock.calls.at(-1)![0];
    const lines = (await blob.text()).replace(/^\uFEFF/, '').split('\r\n');
    const header = lines.findIndex((line) => line.includes('Periodo tarifario'));
    expect(lines[header].split(';')).toEqual(
      expect.arrayContaining(['Fecha', 'Zona horaria', 'Periodo tarifario', 'Energía activa (kWh)']),
    );
    // The hours of the two days asked for, and only those.
    const rows = lines.slice(header + 1).filter(Boolean);
    expect(rows).toHaveLength(48);
    expect(rows[0]).toMatch(/^01\/02\/2026;1;00:00;Europe\/Madrid \(UTC\+01:00\);P3 Valle;/);
    expect(rows[47]).toMatch(/^02\/02\/2026;24;23:00;/);
  });

  it('says a failed CSV download in Spanish, and the page stays', async () => {
    const { user } = await openCurve('2.1A');
    faults.use(
      http.get(curvesUrl(), ({ request }) =>
        new URL(request.url).searchParams.get('output') === 'csv' ? HttpResponse.error() : undefined,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REQUEST_FAILED);
    expect(screen.getByRole('figure', { name: 'Curva de carga horaria' })).toBeInTheDocument();
  });

  it('says so when the contract is not among the products of the session', async () => {
    await signInAs();
    await renderRoute('/loadcurve/999999999');
    expect(await screen.findByText(NO_HOLDER_DATA)).toBeInTheDocument();
  });

  it('opens from a link with nothing of the contract in the session (a new tab): looks it up and draws it', async () => {
    const point = await findDemoContract('2.0TD');
    expect(localStorage.getItem('cups')).toBeNull();
    await renderRoute(`/loadcurve/${point.codAbonado}`);
    await screen.findByRole('figure', { name: 'Curva de carga horaria' });
    expect(screen.getByText(point.cups)).toBeInTheDocument();
    expect(screen.queryByText(NO_HOLDER_DATA)).not.toBeInTheDocument();
  });

  it('says why when looking the contract up fails, in Spanish', async () => {
    const point = await findDemoContract('2.0TD');
    faults.use(http.get(`${testApiOrigin()}/api/cliente/ov/cups/api/cupsMe`, () => HttpResponse.error()));
    await renderRoute(`/loadcurve/${point.codAbonado}`);
    expect(
      await screen.findByText(`${CONTRACT_LOOKUP_FAILED} ${API_MESSAGES.NO_CONNECTION}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Curva de carga' })).toBeInTheDocument();
  });
});

describe('LoadCurvePage, the explorer', () => {
  const search = (router: { state: { location: { search: string } } }) =>
    new URLSearchParams(router.state.location.search);

  it('restores the view from the URL: range in the form, scale, view, the details under the chart', async () => {
    const point = await selectDemoContract('2.0TD');
    await renderRoute(
      `/loadcurve/${point.codAbonado}?desde=2026-02-01&hasta=2026-02-28&escala=dia&vista=periodos`,
    );
    expect(await screen.findByText('Datos hasta el 28/02/2026 a las 24:00')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Día' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Por periodo' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Desde' })).toHaveValue(formatLongDate('2026-02-01'));
    expect(screen.getByRole('textbox', { name: 'Hasta' })).toHaveValue(formatLongDate('2026-02-28'));
    const periods = screen.getByRole('table', { name: 'Consumo por periodo tarifario' });
    const labels = within(periods)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(labels).toEqual(['P1 Punta', 'P2 Llano', 'P3 Valle', 'Total']);
    expect(
      screen.getByText(
        /^Consumo total: \d{1,3}(\.\d{3})*,\d\d kWh; el periodo con más consumo es P\d \w+ \(\d+,\d %\)\.$/,
      ),
    ).toBeVisible();
  });

  it('puts a scale change in the URL as a new history entry', async () => {
    const point = await selectDemoContract('2.0TD');
    const { user, router } = await renderRoute(
      `/loadcurve/${point.codAbonado}?desde=2026-01-01&hasta=2026-06-30&escala=mes`,
    );
    await screen.findByText(/^Datos hasta el 30\/06\/2026/);
    await user.click(screen.getByRole('radio', { name: 'Semana' }));
    expect(search(router).get('escala')).toBe('semana');
    expect(router.state.historyAction).toBe('PUSH');
    await user.click(screen.getByRole('checkbox', { name: 'Comparar con el año anterior' }));
    expect(search(router).get('comparar')).toBe('1');
  });

  it('drills from a month into its days with the keyboard, and back goes up again', async () => {
    const point = await selectDemoContract('2.0TD');
    const { user, router } = await renderRoute(
      `/loadcurve/${point.codAbonado}?desde=2026-01-01&hasta=2026-06-30&escala=mes&tabla=1`,
    );
    const february = await screen.findByRole('button', { name: 'Ver el detalle de febrero 2026' });
    february.focus();
    await user.keyboard('{Enter}');
    expect(search(router).toString()).toBe('desde=2026-02-01&hasta=2026-02-28&escala=dia&tabla=1');
    expect(await screen.findByText('Datos hasta el 28/02/2026 a las 24:00')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Desde' })).toHaveValue(formatLongDate('2026-02-01'));
    await user.click(screen.getByRole('button', { name: 'Subir a la vista por meses' }));
    const yearEnd = addDays(todayIso(), -1) < '2026-12-31' ? addDays(todayIso(), -1) : '2026-12-31';
    expect(search(router).toString()).toBe(`desde=2026-01-01&hasta=${yearEnd}&escala=mes&tabla=1`);
    await act(() => router.navigate(-1));
    expect(search(router).get('escala')).toBe('dia');
  });

  it('says the change against last year, like for like, when comparing', async () => {
    const point = await selectDemoContract('2.0TD');
    await renderRoute(
      `/loadcurve/${point.codAbonado}?desde=2026-03-01&hasta=2026-03-31&escala=dia&comparar=1`,
    );
    expect(
      await screen.findByText(
        /^Consumo total: [\d.]+,\d\d kWh; [+-]?[\d.]+,\d % \([+-]?[\d.]+,\d\d kWh\) respecto al año anterior, hasta el 31\/03\/2026; el periodo con más consumo es P\d \w+ \([\d,]+ %\)\.$/,
        {},
      ),
    ).toBeVisible();
  });

  it('corrects a bad parameter in place, keeping the good ones', async () => {
    const point = await selectDemoContract('2.0TD');
    const { router } = await renderRoute(
      `/loadcurve/${point.codAbonado}?escala=decada&vista=periodos&comparar=si`,
    );
    await waitFor(() => expect(search(router).toString()).toBe('vista=periodos'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('radio', { name: 'Hora' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Comparar con el año anterior' })).not.toBeChecked();
  });
});
