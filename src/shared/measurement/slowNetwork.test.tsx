import { screen, waitFor } from '@testing-library/react';
import { http, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import { formatLongDate, toDashDate } from '@/shared/lib/dates';
import { selectDemoContract } from '@/test/demoContracts';
import { renderRoute } from '@/test/renderRoute';
import { testApiOrigin } from '@/test/testConfig';

jest.mock('@/shared/ui/Chart', () => ({
  __esModule: true,
  default: ({ ariaLabel }: { ariaLabel: string }) => <div role="figure" aria-label={ariaLabel} />,
}));
jest.mock('@/shared/lib/download', () => ({
  ...jest.requireActual('@/shared/lib/download'),
  saveBlob: jest.fn(() => true),
}));

const network = setupServer();
beforeAll(() => network.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => network.resetHandlers());
afterAll(() => network.close());

/** Holds every answer of the customer API until `release`, recording the query of each call that leaves. */
function holdEveryAnswer() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const calls: URL[] = [];
  network.use(
    http.all(`${testApiOrigin()}/api/cliente/*`, async ({ request }) => {
      calls.push(new URL(request.url));
      await released;
      return passthrough();
    }),
  );
  return { release, calls };
}

const FROM = '2026-02-01';
const TO = '2026-02-10';
const typed = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * Issue 24 on the measurement screens: dates typed while every answer is still held stay as typed once the answers
 * land, and the screen's button asks for them.
 */
describe.each([
  { screen: 'telemetry', path: '/telemetry', button: 'Visualizar', call: '/ov/cups/api/telemetry' },
  { screen: 'load curve', path: '/loadcurve', button: 'Visualizar', call: '/ov/cups/api/curvas' },
  {
    screen: 'certificate',
    path: '/certificate',
    button: 'Obtener Certificado',
    call: '/ov/contracts/api/consumptionsCertified',
  },
])('the $screen screen on a slow network', ({ path, button, call }) => {
  it('keeps the dates typed before the answers arrive and asks for them', async () => {
    const point = await selectDemoContract('2.0TD');
    const held = holdEveryAnswer();
    const { user } = await renderRoute(`${path}/${point.codAbonado}`);
    for (const [label, iso] of [
      ['Desde', FROM],
      ['Hasta', TO],
    ]) {
      const field = await screen.findByRole('textbox', { name: label });
      await user.clear(field);
      await user.type(field, typed(iso));
      await user.tab();
    }
    held.release();
    await waitFor(() => expect(screen.queryByText(/^Cargando/)).toBeNull());
    // What the answers fill follows them in effects; let those run.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByRole('textbox', { name: 'Desde' })).toHaveValue(formatLongDate(FROM));
    expect(screen.getByRole('textbox', { name: 'Hasta' })).toHaveValue(formatLongDate(TO));

    const before = held.calls.length;
    await user.click(screen.getByRole('button', { name: button }));
    await waitFor(() => {
      const asked = held.calls.slice(before).find((url) => url.pathname.endsWith(call));
      expect(asked?.searchParams.get('startDate')).toBe(toDashDate(FROM));
      expect(asked?.searchParams.get('endDate')).toBe(toDashDate(TO));
    });
  });
});
