import { findDemoContract, selectDemoContract } from '@/test/demoContracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addDays, formatLongDate, todayIso } from '@/shared/lib/dates';
import { saveBlob } from '@/shared/lib/download';
import { signInAs } from '@/test/realSession';
import { expectErrorSummary } from '@/test/errorSummary';
import { renderRoute } from '@/test/renderRoute';
import { testApiOrigin } from '@/test/testConfig';
import { NO_HOLDER_DATA, RANGE_12_MONTHS, UNKNOWN_ERROR } from '@/shared/measurement/measurementMessages';
import { NO_MEASUREMENTS, NO_MEASUREMENTS_HINT } from './telemetryMessages';

// Highcharts does not render under jsdom: the stub shows what the page hands to the chart.
jest.mock('@/shared/ui/Chart', () => ({
  __esModule: true,
  default: ({ options, ariaLabel }: { options: import('highcharts').Options; ariaLabel: string }) => (
    <div role="figure" aria-label={ariaLabel}>
      <p>{options.title?.text}</p>
      {(options.series as { name: string; data: [number, number][]; pointStart?: number }[]).map((series) => (
        // Evenly spaced hours start at pointStart; others carry their instants.
        <p key={series.name}>
          {`${series.name}: ${series.data.length} puntos desde ${series.pointStart ?? series.data[0]?.[0]}`}
        </p>
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

const telemetryUrl = () => `${testApiOrigin()}/api/cliente/ov/cups/api/telemetry`;

async function typeDate(
  user: ReturnType<typeof import('@testing-library/user-event').default.setup>,
  label: string,
  text: string,
) {
  const input = screen.getByRole('textbox', { name: label });
  await user.clear(input);
  await user.type(input, text);
  await user.tab();
}

describe('TelemetryPage', () => {
  it('opens on the last 7 days to yesterday and draws Energía Activa and Energía Reactiva', async () => {
    const product = await selectDemoContract('2.1A');
    await renderRoute(`/telemetry/${product.codAbonado}`);
    expect(await screen.findByRole('heading', { name: 'Buscar telemedida' })).toBeInTheDocument();
    expect(screen.getByText(product.cups)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Curva de carga' })).toHaveAttribute(
      'href',
      `/loadcurve/${product.codAbonado}`,
    );
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/');
    const today = todayIso();
    expect(screen.getByRole('textbox', { name: 'Desde' })).toHaveValue(formatLongDate(addDays(today, -7)));
    expect(screen.getByRole('textbox', { name: 'Hasta' })).toHaveValue(formatLongDate(addDays(today, -1)));
    const chart = await screen.findByRole('figure', { name: 'Gráfica de datos' });
    expect(within(chart).getByText('Gráfica de datos')).toBeInTheDocument();
    // 7 days of hours (one more or less across a daylight-saving change), from local midnight 7 days ago.
    const active = (await within(chart).findByText(/^Energía Activa: \d+ puntos/)).textContent;
    const [, count, first] = /: (\d+) puntos desde (\d+)/.exec(active)!;
    expect(Math.abs(Number(count) - 168)).toBeLessThanOrEqual(1);
    const firstHour = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Madrid',
      dateStyle: 'short',
      timeStyle: 'short',
      hourCycle: 'h23',
    }).format(new Date(Number(first)));
    expect(firstHour).toBe(`${addDays(today, -7)}, 00:00`);
    expect(within(chart).getByText(/^Energía Reactiva: \d+ puntos/)).toBeInTheDocument();
  });

  it('shows the empty state for dates without measurements', async () => {
    const product = await selectDemoContract('2.1A');
    const { user } = await renderRoute(`/telemetry/${product.codAbonado}`);
    await screen.findByRole('figure', { name: 'Gráfica de datos' });
    await typeDate(user, 'Desde', '01/01/2010');
    await typeDate(user, 'Hasta', '07/01/2010');
    await user.click(screen.getByRole('button', { name: 'Visualizar' }));
    expect(await screen.findByText(NO_MEASUREMENTS)).toBeInTheDocument();
    expect(screen.getByText(NO_MEASUREMENTS_HINT)).toBeInTheDocument();
  });

  it('refuses a range longer than 12 months back from Hasta without calling', async () => {
    const product = await selectDemoContract('2.1A');
    const { user } = await renderRoute(`/telemetry/${product.codAbonado}`);
    await screen.findByRole('figure', { name: 'Gráfica de datos' });
    let calls = 0;
    faults.use(
      http.get(telemetryUrl(), () => {
        calls += 1;
        return HttpResponse.json({ Telemetry: { select: [], total: { countTotal: 0 } } });
      }),
    );
    await typeDate(user, 'Desde', '01/01/2025');
    await typeDate(user, 'Hasta', '02/01/2026');
    await user.click(screen.getByRole('button', { name: 'Visualizar' }));
    await waitFor(() => expect(screen.getByLabelText('Desde')).toHaveAccessibleDescription(RANGE_12_MONTHS));
    // The error summary takes the focus and leads to Desde (issue 14).
    await expectErrorSummary(user, [['Desde', RANGE_12_MONTHS]]);
    expect(calls).toBe(0);
  });

  it("shows the answer's error text, or Error desconocido, in a danger notification", async () => {
    const product = await selectDemoContract('2.1A');
    faults.use(
      http.get(telemetryUrl(), () =>
        HttpResponse.json({ error: 'Servicio de medidas no disponible' }, { status: 503 }),
      ),
    );
    await renderRoute(`/telemetry/${product.codAbonado}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Servicio de medidas no disponible');

    faults.resetHandlers();
    faults.use(http.get(telemetryUrl(), () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    await renderRoute(`/telemetry/${product.codAbonado}`);
    await waitFor(() => expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent(UNKNOWN_ERROR));
  });

  it('downloads the spreadsheet as Telemedida-{contract}.xlsx', async () => {
    const product = await selectDemoContract('2.1A');
    const { user } = await renderRoute(`/telemetry/${product.codAbonado}`);
    await screen.findByRole('figure', { name: 'Gráfica de datos' });
    await user.click(screen.getByRole('button', { name: 'Descargar curva' }));
    await waitFor(() =>
      expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), `Telemedida-${product.codAbonado}.xlsx`, 150),
    );
    const blob = (saveBlob as jest.Mock).mock.calls.at(-1)[0] as Blob;
    expect(blob.size).toBeGreaterThan(150);
  });

  it('says so when the contract is not among the products of the session', async () => {
    await signInAs();
    await renderRoute('/telemetry/999999999');
    expect(await screen.findByText(NO_HOLDER_DATA)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/');
  });

  it('opens from a link with nothing of the contract in the session (a new tab): looks it up and draws it', async () => {
    const point = await findDemoContract('2.1A');
    await renderRoute(`/telemetry/${point.codAbonado}`);
    await screen.findByRole('figure', { name: 'Gráfica de datos' });
    expect(screen.getByText(point.cups)).toBeInTheDocument();
  });
});
