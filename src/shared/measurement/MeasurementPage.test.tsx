import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { MeasurementPage } from './MeasurementPage';
import type { RangeValues } from './measurementRange';

// The frame's own logic: the download checks the dates first and shows what it answers. The rest of the
// frame is exercised by the telemetry, load curve and certificate page tests against the real server.
function renderFrame(run: (values: RangeValues) => Promise<string | null>, onSubmit = jest.fn()) {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <MeasurementPage
        title="Pantalla"
        back="/"
        facts={[{ label: 'CUPS', value: 'ES0001' }]}
        idPrefix="frame"
        initialRange={{ from: '2026-01-01', to: '2026-01-31' }}
        onSubmit={onSubmit}
        download={{ busy: false, run }}
      >
        <p>La respuesta</p>
      </MeasurementPage>
    </MemoryRouter>,
  );
  return { user, onSubmit };
}

async function typeDate(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const input = screen.getByRole('textbox', { name: label });
  await user.clear(input);
  await user.type(input, text);
  await user.tab();
}

describe('MeasurementPage', () => {
  it('downloads the range in the form, and shows the error text the download answers', async () => {
    const run = jest.fn(async () => 'Servicio no disponible');
    const { user } = renderFrame(run);
    await user.click(screen.getByRole('button', { name: 'Descargar curva' }));
    expect(run).toHaveBeenCalledWith({ from: '2026-01-01', to: '2026-01-31' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Servicio no disponible');
  });

  it('does not download a range the 12-month rule refuses, and shows why under the field', async () => {
    const run = jest.fn(async () => null);
    const { user } = renderFrame(run);
    await typeDate(user, 'Desde', '01/01/2024');
    await user.click(screen.getByRole('button', { name: 'Descargar curva' }));
    expect(
      await screen.findByText('Sólo es posible realizar una consulta en un rango de 12 meses.'),
    ).toBeInTheDocument();
    expect(run).not.toHaveBeenCalled();
  });

  it('clears the download error on a new search, which gets the range', async () => {
    const { user, onSubmit } = renderFrame(jest.fn(async () => 'Servicio no disponible'));
    await user.click(screen.getByRole('button', { name: 'Descargar curva' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Visualizar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ from: '2026-01-01', to: '2026-01-31' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('moves the focus to the answer below the form once a range is sent, not before (issue 14)', async () => {
    const { user, onSubmit } = renderFrame(jest.fn(async () => null));
    const answer = screen.getByText('La respuesta').parentElement!;
    expect(answer).not.toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Visualizar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    await waitFor(() => expect(answer).toHaveFocus());
  });
});
