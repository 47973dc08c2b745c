import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import { selectDemoContract } from '@/test/demoContracts';
import { renderRoute } from '@/test/renderRoute';
import { testApiOrigin } from '@/test/testConfig';

jest.mock('@/shared/ui/Chart', () => ({
  __esModule: true,
  default: ({ ariaLabel }: { ariaLabel: string }) => <div role="figure" aria-label={ariaLabel} />,
}));

const network = setupServer();
beforeAll(() => network.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => network.resetHandlers());
afterAll(() => network.close());

/** Holds every load-curve answer (the spec's and the explorer's) until `release`. */
function holdCurveAnswers() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  network.use(
    http.get(`${testApiOrigin()}/api/cliente/ov/cups/api/curvas*`, async () => {
      await released;
      return passthrough();
    }),
  );
  return release;
}

/**
 * Issue 24: two view changes in quick succession both survive, even when the second is made before the first has
 * redrawn and before any answer has arrived, and the URL carries both.
 */
describe('the load-curve explorer on a slow network', () => {
  it('keeps a scale change and the comparison made right after it, in the toolbar and the URL', async () => {
    const point = await selectDemoContract('2.0TD');
    const release = holdCurveAnswers();
    const { router, store } = await renderRoute(`/loadcurve/${point.codAbonado}`);
    const day = await screen.findByRole('radio', { name: 'Día' });
    const compare = screen.getByRole('checkbox', { name: 'Comparar con el año anterior' });

    // Both clicks land before React redraws the toolbar, as on a slow phone.
    act(() => {
      fireEvent.click(day);
      fireEvent.click(compare);
    });
    const bothKept = () => {
      expect(screen.getByRole('radio', { name: 'Día' })).toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'Comparar con el año anterior' })).toBeChecked();
      const search = new URLSearchParams(router.state.location.search);
      expect(search.get('escala')).toBe('dia');
      expect(search.get('comparar')).toBe('1');
    };
    await waitFor(bothKept);

    release();
    await screen.findByRole('figure', {
      name: 'Gráfica del consumo de energía activa por escala, periodo tarifario y año',
    });
    bothKept();
    await waitFor(() => expect(store.getState().loadCurve.status).toBe('ready'));
    // Each change is its own history entry: back shows the scale alone.
    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Comparar con el año anterior' })).not.toBeChecked(),
    );
    expect(screen.getByRole('radio', { name: 'Día' })).toBeChecked();
  });

  it('keeps the comparison ticked while the scale change before it is still being answered', async () => {
    const point = await selectDemoContract('2.0TD');
    const release = holdCurveAnswers();
    const { router, user } = await renderRoute(`/loadcurve/${point.codAbonado}`);
    await user.click(await screen.findByRole('radio', { name: 'Semana' }));
    await user.click(screen.getByRole('checkbox', { name: 'Comparar con el año anterior' }));
    release();
    await screen.findByRole('figure', {
      name: 'Gráfica del consumo de energía activa por escala, periodo tarifario y año',
    });
    expect(screen.getByRole('radio', { name: 'Semana' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Comparar con el año anterior' })).toBeChecked();
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('escala')).toBe('semana');
    expect(search.get('comparar')).toBe('1');
  });
});
