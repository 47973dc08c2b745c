import '@/test/chartEnvironment';
import { render, waitFor } from '@testing-library/react';
import type { Chart as HighchartsChart } from 'highcharts';
import Chart from './Chart';

const column = {
  title: { text: 'Importe de las facturas' },
  xAxis: { categories: Array.from({ length: 10 }, (_, index) => `F${index + 1}`) },
  series: [
    { type: 'column' as const, name: 'P1 Punta', data: [13623, 101, 99, 102, 98, 97, 103, 100, 96, 104] },
    { type: 'column' as const, name: 'P2 Llano', data: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
  ],
  chart: { zooming: { type: 'x' as const } },
};

describe('Chart', () => {
  it('speaks Spanish to screen readers: chart type, legend, end marker', () => {
    const { container } = render(<Chart options={column} ariaLabel="Gráfico: Importe de las facturas" />);
    const text = container.textContent ?? '';
    const labels = Array.from(container.querySelectorAll('[aria-label]'), (node) =>
      node.getAttribute('aria-label'),
    );
    const spoken = `${text} ${labels.join(' ')}`;
    expect(spoken).toContain('Gráfico de barras con 2 series de datos.');
    expect(spoken).toContain('Fin del gráfico interactivo.');
    expect(labels).toContain('Mostrar P1 Punta');
    // The value axis' range is grouped es-ES, as on the axis itself.
    expect(spoken).toContain('Los datos van de 1 a 13.623.');
    expect(spoken).not.toMatch(/Bar chart|Show |End of interactive chart|Reset zoom|Chart with|Created with/);
  });

  it('reads a time axis as dates and a value axis with es-ES decimals, and adds no heading to the page', () => {
    const { container } = render(
      <Chart
        ariaLabel="Gráfico: Energía"
        options={{
          title: { text: 'Energía' },
          xAxis: { type: 'datetime' },
          series: [
            {
              type: 'line',
              name: 'Energía Activa',
              data: [
                [Date.UTC(2026, 0, 1), 0.5],
                [Date.UTC(2026, 0, 2), 1234.5],
              ],
            },
          ],
        }}
      />,
    );
    const text = container.textContent ?? '';
    expect(text).toMatch(/Los datos van de 2026-01-01 \S+ a 2026-01-02 \S+\./);
    expect(text).toContain('Los datos van de 0,5 a 1.234,5.');
    // The figure around the chart names it; a hidden heading of Highcharts' own would break the page's outline.
    expect(container.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
  });

  it('offers to reset the zoom in Spanish, and groups numbers the es-ES way', () => {
    let drawn: HighchartsChart | undefined;
    const { container } = render(
      <Chart options={column} ariaLabel="Gráfico" onReady={(chart) => (drawn = chart)} />,
    );
    drawn!.showResetZoom();
    expect(container.textContent).toContain('Restablecer zoom');
    expect(
      container.querySelector('[title="Restablecer el zoom al nivel 1:1"], [aria-label="Restablecer zoom"]'),
    ).not.toBeNull();
    expect(drawn!.numberFormatter(13623.5, 2)).toBe('13.623,50');
  });

  it('draws a chart of thousands of points in a task of its own, keeping its height meanwhile', async () => {
    const year = {
      chart: { height: 420 },
      xAxis: { type: 'datetime' as const },
      series: [
        {
          type: 'line' as const,
          name: 'Energía activa',
          pointStart: 0,
          data: new Array<number>(8784).fill(1),
        },
      ],
    };
    const { container } = render(<Chart options={year} ariaLabel="Gráfico" />);
    expect(container.querySelector('.highcharts-container')).toBeNull();
    expect((container.querySelector('.chart > div') as HTMLElement).style.height).toBe('420px');
    await waitFor(() => expect(container.querySelector('.highcharts-container')).not.toBeNull());
  });

  it('lets the arrow keys step through a year of days, and through a year of hours by series', () => {
    let drawn: HighchartsChart | undefined;
    const days = { series: [{ type: 'column' as const, name: 'P1', data: new Array<number>(366).fill(1) }] };
    render(<Chart options={days} ariaLabel="Gráfico" onReady={(chart) => (drawn = chart)} />);
    // Up to 1,000 points a series (a year of days, whose bars drill down on Enter) the keys go point by point.
    expect(
      drawn!.options.accessibility?.keyboardNavigation?.seriesNavigation?.pointNavigationEnabledThreshold,
    ).toBe(1000);
  });

  it('draws it after the next frame, once the page around it is laid out and painted', async () => {
    const frames: FrameRequestCallback[] = [];
    const frame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    try {
      const year = {
        xAxis: { type: 'datetime' as const },
        series: [{ type: 'line' as const, pointStart: 0, data: new Array<number>(8784).fill(1) }],
      };
      const { container } = render(<Chart options={year} ariaLabel="Gráfico" />);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(container.querySelector('.highcharts-container')).toBeNull();
      expect(frames).toHaveLength(1);
      frames[0](performance.now());
      await waitFor(() => expect(container.querySelector('.highcharts-container')).not.toBeNull());
    } finally {
      frame.mockRestore();
    }
  });
});
