import '@/test/chartEnvironment';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Options } from 'highcharts';
import { ChartFigure } from './ChartFigure';

const options: Options = {
  title: { text: 'Consumo de las facturas' },
  xAxis: { categories: ['F1', 'F2'] },
  tooltip: { valueSuffix: ' kWh' },
  plotOptions: { column: { stacking: 'normal' } },
  series: [
    { type: 'column', name: 'P1 Punta', data: [1265, 80] },
    { type: 'column', name: 'P2 Llano', data: [10, 20.5] },
  ],
};

const figure = (id = 'consumo') => (
  <ChartFigure
    id={id}
    options={options}
    ariaLabel="Gráfico: Consumo de las facturas"
    rowHeader="Factura"
    period={{ from: '05/01/2026', to: '05/02/2026' }}
  />
);

// The chart arrives through React.lazy: wait for it, so it does not land after the test.
const drawn = () => waitFor(() => expect(document.querySelector('.highcharts-container')).not.toBeNull());

describe('ChartFigure', () => {
  it('names the chart by its title and says in one line what it shows', async () => {
    render(figure());
    await drawn();
    const chart = screen.getByRole('figure', { name: 'Consumo de las facturas' });
    expect(chart).toHaveAccessibleDescription(
      'Del 05/01/2026 al 05/02/2026. Total 1.375,50 kWh, valor más alto 1.275 kWh (F1).',
    );
  });

  it('shows the same data as a table with units and totals, and remembers it while the page lives', async () => {
    const user = userEvent.setup();
    const { unmount } = render(figure('remembered'));
    await drawn();
    const toggle = screen.getByRole('button', { name: 'Ver como tabla' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: 'Consumo de las facturas (kWh)' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Factura', 'P1 Punta (kWh)', 'P2 Llano (kWh)', 'Total (kWh)'],
      ['F1', '1.265 kWh', '10 kWh', '1.275 kWh'],
      ['F2', '80 kWh', '20,50 kWh', '100,50 kWh'],
      ['Total', '1.345 kWh', '30,50 kWh', '1.375,50 kWh'],
    ]);
    unmount();
    render(figure('remembered'));
    await drawn();
    expect(screen.getByRole('button', { name: 'Ver como tabla' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('table')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver como tabla' }));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a table it is given instead of reading the options, without totals where nothing adds up', async () => {
    const user = userEvent.setup();
    render(
      <ChartFigure
        id="given"
        options={options}
        ariaLabel="Gráfico: Potencia"
        table={{
          rowHeader: 'Periodo',
          columns: ['Potencia máxima'],
          unit: 'kW',
          totalUnit: 'kW',
          rows: [
            { label: 'P1 Punta · Superada', values: [5.2] },
            { label: 'P2 Valle', values: [3] },
          ],
          totals: [],
          stacked: false,
        }}
        period={{ from: '01/10/2026', to: '31/10/2026' }}
      />,
    );
    await drawn();
    expect(screen.getByRole('figure', { name: 'Consumo de las facturas' })).toHaveAccessibleDescription(
      'Del 01/10/2026 al 31/10/2026. Valor más alto 5,20 kW (P1 Punta · Superada).',
    );
    await user.click(screen.getByRole('button', { name: 'Ver como tabla' }));
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Periodo', 'Potencia máxima (kW)'],
      ['P1 Punta · Superada', '5,20 kW'],
      ['P2 Valle', '3 kW'],
    ]);
  });
});
