import type { Options } from 'highcharts';
import { measurementChartOptions } from '@/shared/measurement/measurementChart';
import { chartSummary, chartTable } from './chartTable';

const bars = (stacking?: 'normal'): Options => ({
  title: { text: 'Importe de las facturas' },
  xAxis: { categories: ['F1 · 05/01/2026', 'F2 · 05/02/2026', 'F3 · 05/03/2026'] },
  tooltip: { valueDecimals: 2, valueSuffix: ' €' },
  plotOptions: stacking ? { column: { stacking } } : {},
  series: [
    { type: 'column', name: 'P1 Punta', data: [13623, 101.5, 99] },
    ...(stacking ? [{ type: 'column' as const, name: 'P2 Llano', data: [1, 2, 3] }] : []),
  ],
});

describe('chartTable', () => {
  it('has one row per bar whose values are the series, and the totals', () => {
    const options = bars('normal');
    const table = chartTable(options, 'Factura');
    expect(table.columns).toEqual(['P1 Punta', 'P2 Llano']);
    expect(table.unit).toBe('€');
    expect(table.rows.map((row) => row.label)).toEqual(
      (options.xAxis as { categories: string[] }).categories,
    );
    table.rows.forEach((row, index) =>
      expect(row.values).toEqual(options.series!.map((line) => (line as { data: number[] }).data[index])),
    );
    expect(table.totals).toEqual([13823.5, 6]);
    expect(table.stacked).toBe(true);
  });

  it('has one row per instant of a time chart, in Madrid time', () => {
    const at = (iso: string) => Date.parse(iso);
    const options = measurementChartOptions({
      title: 'Gráfica de datos',
      valueDecimals: 2,
      series: [
        {
          name: 'Energía Activa',
          color: '#000',
          data: [
            [at('2026-01-05T00:00:00+01:00'), 1.5],
            [at('2026-01-05T01:00:00+01:00'), 2],
          ],
        },
        {
          name: 'Energía Reactiva',
          color: '#000',
          tooltip: { valueSuffix: ' kVAr' },
          data: [
            [at('2026-01-05T00:00:00+01:00'), 0.25],
            [at('2026-01-05T01:00:00+01:00'), 0],
          ],
        },
      ],
    });
    const table = chartTable(options);
    expect(table.rowHeader).toBe('Fecha y hora');
    expect(table.rows).toEqual([
      { label: '05/01/2026, 00:00', x: at('2026-01-05T00:00:00+01:00'), values: [1.5, 0.25] },
      { label: '05/01/2026, 01:00', x: at('2026-01-05T01:00:00+01:00'), values: [2, 0] },
    ]);
    expect(chartSummary(table)).toBe(
      'Del 05/01/2026, 00:00 al 05/01/2026, 01:00. Energía Activa: total 3,50 kWh, valor más alto 2 kW (05/01/2026, 01:00); Energía Reactiva: total 0,25 kVArh, valor más alto 0,25 kVAr (05/01/2026, 00:00).',
    );
    // Rows that are no span of time (a bill's parts) get no "Del … al …".
    expect(chartSummary(table, null)).toBe(
      'Energía Activa: total 3,50 kWh, valor más alto 2 kW (05/01/2026, 01:00); Energía Reactiva: total 0,25 kVArh, valor más alto 0,25 kVAr (05/01/2026, 00:00).',
    );
  });
  it('reads plain values placed from pointStart every pointInterval, the repeated October hour twice', () => {
    const options = measurementChartOptions({
      title: 'Curva de carga horaria',
      valueDecimals: 3,
      series: [
        {
          name: 'Energía activa',
          color: '#000',
          pointStart: Date.UTC(2026, 9, 24, 23),
          pointInterval: 3_600_000,
          data: [1, 2, 3, 4],
        },
        {
          name: 'Excedentes',
          color: '#000',
          pointStart: Date.UTC(2026, 9, 24, 23),
          pointInterval: 3_600_000,
          data: [0, 0.5, null, 0],
        },
      ],
    });
    const table = chartTable(options);
    const start = Date.UTC(2026, 9, 24, 23);
    expect(table.rows).toEqual([
      { label: '25/10/2026, 01:00', x: start, values: [1, 0] },
      { label: '25/10/2026, 02:00', x: start + 3_600_000, values: [2, 0.5] },
      { label: '25/10/2026, 02:00', x: start + 7_200_000, values: [3, 0] },
      { label: '25/10/2026, 03:00', x: start + 10_800_000, values: [4, 0] },
    ]);
    expect(table.totals).toEqual([10, 0.5]);
  });

  it('keeps apart the instants of series placed differently', () => {
    const table = chartTable({
      tooltip: { valueSuffix: ' kWh' },
      series: [
        {
          type: 'column',
          name: 'Este año',
          pointStart: Date.UTC(2026, 0, 1),
          pointInterval: 3_600_000,
          data: [1, 2],
        },
        { type: 'column', name: 'Año anterior', data: [[Date.UTC(2026, 0, 1, 1), 5]] },
      ],
    });
    expect(table.rows).toEqual([
      { label: '01/01/2026, 01:00', x: Date.UTC(2026, 0, 1), values: [1, 0] },
      { label: '01/01/2026, 02:00', x: Date.UTC(2026, 0, 1, 1), values: [2, 5] },
    ]);
  });

  it('leaves out the joints a line borrows, and gives no total to values that do not add up', () => {
    const table = chartTable({
      tooltip: { valueSuffix: ' kW' },
      series: [
        {
          type: 'line',
          name: 'P3 Valle',
          data: [[Date.UTC(2026, 0, 1), 1], { x: Date.UTC(2026, 0, 1, 1), y: 2, custom: { joint: true } }],
        },
        { type: 'line', name: 'P2 Llano', data: [[Date.UTC(2026, 0, 1, 1), 2]] },
        { type: 'line', name: 'Contratada', data: [[Date.UTC(2026, 0, 1), 5]], custom: { additive: false } },
      ],
    });
    expect(table.rows.map((row) => row.values)).toEqual([
      [1, 0, 5],
      [0, 2, 0],
    ]);
    expect(table.totals).toEqual([1, 2, null]);
    expect(table.stacked).toBe(false);
    expect(chartSummary(table)).toContain('Contratada: valor más alto 5 kW');
  });
});

describe('chartSummary', () => {
  it('states the period, the total and the largest bar with its invoice', () => {
    expect(chartSummary(chartTable(bars(), 'Factura'), { from: '05/01/2026', to: '05/03/2026' })).toBe(
      'Del 05/01/2026 al 05/03/2026. Total 13.823,50 €, valor más alto 13.623,00 € (F1 · 05/01/2026).',
    );
  });

  it('adds up the stacked periods of each bar', () => {
    expect(
      chartSummary(chartTable(bars('normal'), 'Factura'), { from: '05/01/2026', to: '05/03/2026' }),
    ).toBe('Del 05/01/2026 al 05/03/2026. Total 13.829,50 €, valor más alto 13.624,00 € (F1 · 05/01/2026).');
  });
});

describe('chartTable of evenly spaced values', () => {
  it('places plain numbers from pointStart every pointInterval', () => {
    const start = Date.parse('2026-01-05T00:00:00+01:00');
    const table = chartTable({
      tooltip: { valueSuffix: ' kW' },
      series: [
        {
          type: 'line',
          name: 'Energía activa',
          pointStart: start,
          pointInterval: 3_600_000,
          data: [1.5, null, 2],
        },
      ],
    });
    expect(table.rows).toEqual([
      { label: '05/01/2026, 00:00', x: start, values: [1.5] },
      { label: '05/01/2026, 02:00', x: start + 7_200_000, values: [2] },
    ]);
  });
});

describe('chartSummary of a year of hours', () => {
  it('writes only the labels it shows: the first, the last and the peak, not one per hour', () => {
    const start = Date.UTC(2026, 0, 1);
    const values = Array.from({ length: 8760 }, (_, index) => (index === 4000 ? 9 : 1));
    const options = measurementChartOptions({
      title: 'Curva',
      valueDecimals: 3,
      series: [
        { name: 'Energía activa', color: '#000', pointStart: start, pointInterval: 3_600_000, data: values },
      ],
    });
    const timeLabel = jest.fn((time: number) => String(time));
    const summary = chartSummary(chartTable(options, undefined, timeLabel));
    expect(summary).toContain(`(${start + 4000 * 3_600_000})`);
    expect(timeLabel.mock.calls.length).toBeLessThanOrEqual(3);
  });
});

describe('chartSummary of stacked bars with a line over them', () => {
  it('adds up only the bars, and gives the line its own total', () => {
    const table = chartTable({
      chart: { type: 'column' },
      xAxis: { categories: ['Ene', 'Feb'] },
      tooltip: { valueSuffix: ' kWh' },
      plotOptions: { column: { stacking: 'normal' } },
      series: [
        { type: 'column', name: 'P1', data: [10, 20] },
        { type: 'column', name: 'P2', data: [5, 5] },
        { type: 'line', name: 'Año anterior', data: [12, 30] },
      ],
    });
    expect(table.inStack).toEqual([true, true, false]);
    expect(chartSummary(table, { from: '01/01/2026', to: '28/02/2026' })).toBe(
      'Del 01/01/2026 al 28/02/2026. Total 40 kWh, valor más alto 25 kWh (Feb); Año anterior: total 42 kWh, valor más alto 30 kWh (Feb).',
    );
  });
});

it("a series drawn on this year's axis names its own year in the summary (last year's peak)", () => {
  const thisYear = Date.UTC(2026, 10, 21, 12);
  const lastYear = Date.UTC(2025, 10, 21, 12);
  const table = chartTable({
    tooltip: { valueSuffix: ' kW' },
    series: [
      { type: 'line', name: 'Energía activa', data: [[thisYear, 0.5]] },
      {
        type: 'line',
        name: 'Año anterior',
        data: [[thisYear, 0.91]],
        custom: { realTime: (x: number) => (x === thisYear ? lastYear : x) },
      },
    ],
  });
  expect(table.totalUnits).toEqual(['kWh', 'kWh']);
  expect(chartSummary(table)).toContain(
    'Año anterior: total 0,91 kWh, valor más alto 0,91 kW (21/11/2025, 13:00)',
  );
});

it('chartTable reads a point given as an object by its y', () => {
  const table = chartTable({
    xAxis: { categories: ['P1', 'P2'] },
    tooltip: { valueSuffix: ' kW' },
    series: [{ type: 'column', name: 'Potencia máxima', data: [{ y: 6.11, color: '#b3261e' }, 3.5] }],
  });
  expect(table.rows.map((row) => row.values)).toEqual([[6.11], [3.5]]);
});
