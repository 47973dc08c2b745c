import { render, screen } from '@testing-library/react';
import { CHART_UNAVAILABLE, LazyChart } from './LazyChart';

// The chart chunk failing to load, as after a lost connection or a deploy in between.
jest.mock('./Chart', () => {
  throw new Error('ChunkLoadError: Loading chunk chart failed.');
});

describe('LazyChart', () => {
  it('shows the Spanish message in place of a chart that cannot load, and keeps what is around it', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <main>
        <h1>Facturas</h1>
        <LazyChart options={{ series: [] }} ariaLabel="Importe de las facturas" />
      </main>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(CHART_UNAVAILABLE);
    expect(screen.getByRole('heading', { name: 'Facturas' })).toBeInTheDocument();
    consoleError.mockRestore();
  });
});
