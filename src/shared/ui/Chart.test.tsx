import '@/test/chartEnvironment';
import { render } from '@testing-library/react';
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
    expect(spoken).not.toMatch(/Bar chart|Show |End of interactive chart|Reset zoom|Chart with|Created with/);
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
});
