import { groupedAxisLabels } from './chartLabels';

describe('groupedAxisLabels', () => {
  let Highcharts: typeof import('highcharts');
  beforeAll(async () => {
    // Highcharts asks for CSS.supports as it loads, which jsdom lacks.
    Object.assign(window.CSS, { supports: () => false });
    Highcharts = (await import('highcharts')).default;
    // The separators Chart.tsx gives Highcharts.
    Highcharts.setOptions({ lang: { decimalPoint: ',', thousandsSep: '.' } });
  });
  const label = (format: string, value: number) => Highcharts.format(format, { value });

  it('groups four-digit values, keeps their decimals and adds the unit', () => {
    expect(label(groupedAxisLabels('kWh').format, 8970)).toBe('8.970 kWh');
    expect(label(groupedAxisLabels('€').format, 2.5)).toBe('2,5 €');
    expect(label(groupedAxisLabels().format, 1500)).toBe('1.500');
    expect(label(groupedAxisLabels().format, 0.25)).toBe('0,25');
  });
});
