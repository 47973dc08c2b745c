import { madridHourStart } from '@/shared/lib/dates';
import { chartSummary } from '@/shared/ui/chartTable';
import { alignComparison, buildExplorerTable } from './explorerTable';
import type { ExplorerComparison, Granularity } from './explorerTypes';
import { PERIODS_20TD, answerOf, dailySeries, hourlySeries, view } from './explorerTestData';

/** Buckets of a granularity starting on `dates`, with the given kWh. */
function buckets(granularity: Granularity, dates: string[]) {
  const answer = answerOf(dailySeries(dates));
  answer.granularity = granularity;
  return answer;
}

/** The earlier year's buckets on `dates`, drawn at `shifted` (this year's dates), with the given kWh. */
function earlier(dates: string[], shifted: string[], active: number[]): ExplorerComparison {
  const series = dailySeries(dates);
  return {
    from: dates[0],
    to: dates[dates.length - 1],
    cutoff: null,
    series: { ...series, active, shiftedStart: shifted.map((date) => madridHourStart(date, 1)) },
    currentKwh: 0,
    previousKwh: 0,
    differenceKwh: 0,
    differencePercent: null,
  };
}

describe('buildExplorerTable', () => {
  it('names each hour by its Madrid time and, by period, its tariff period; estimated hours say so', () => {
    const answer = answerOf(hourlySeries([{ date: '2026-10-25', hours: 25 }]));
    const table = buildExplorerTable(answer, view({ mode: 'periods' }));
    expect(table.rowHeader).toBe('Fecha y hora');
    expect(table.columns).toEqual(['Energía activa']);
    expect(table.unit).toBe('kW');
    expect(table.totalUnit).toBe('kWh');
    expect(table.rows.slice(1, 4)).toEqual([
      { label: '25/10/2026, 01:00 · P3 Valle', values: [0.2] },
      { label: '25/10/2026, 02:00 · P3 Valle · Dato estimado', values: [0.3] },
      { label: '25/10/2026, 02:00 · P3 Valle', values: [0.4] },
    ]);
    expect(table.rows).toHaveLength(25);
    expect(table.totals).toEqual([32.5]);
  });

  it('gives the energy view import, surplus and, with self-consumption, net', () => {
    const answer = answerOf(dailySeries(['2026-10-24', '2026-10-25']));
    answer.contract.selfConsumption = true;
    const table = buildExplorerTable(answer, view({ granularity: 'day' }));
    expect(table.rowHeader).toBe('Día');
    expect(table.columns).toEqual(['Energía activa', 'Excedentes', 'Energía neta']);
    expect(table.rows).toEqual([
      { label: '24/10/2026', values: [6, 1, 5] },
      { label: '25/10/2026', values: [7, 1, 6] },
    ]);
    expect(table.totals).toEqual([13, 2, 11]);
    expect(table.unit).toBe('kWh');
  });

  it('has a column per tariff period and their total for days and longer, without the joints of the lines', () => {
    const table = buildExplorerTable(
      buckets('month', ['2026-01-01', '2026-02-01']),
      view({ granularity: 'month', mode: 'periods' }),
    );
    expect(table.rowHeader).toBe('Mes');
    expect(table.columns).toEqual(['P1 Punta', 'P2 Llano', 'P3 Valle', 'Total']);
    expect(table.rows).toEqual([
      { label: 'enero de 2026', values: [1, 2, 3, 6] },
      { label: 'febrero de 2026', values: [2, 2, 3, 7] },
    ]);
    expect(table.stacked).toBe(false);
  });

  it('names weeks by their first day and years by their number', () => {
    expect(buildExplorerTable(buckets('week', ['2026-10-19']), view()).rows[0].label).toBe(
      'Semana del 19/10/2026',
    );
    expect(buildExplorerTable(buckets('year', ['2025-11-24']), view()).rows[0].label).toBe('2025');
  });

  it('puts the earlier year beside the bucket it is drawn in', () => {
    const answer = buckets('week', ['2026-10-19', '2026-10-26']);
    // Last year's weeks started on Monday 20 and 27 October 2025, drawn on Tuesdays of this year's axis.
    answer.comparison = earlier(['2025-10-20', '2025-10-27'], ['2026-10-20', '2026-10-27'], [4, 5]);
    const table = buildExplorerTable(answer, view({ granularity: 'week', compare: true }));
    expect(table.columns[table.columns.length - 1]).toBe('Año anterior');
    expect(table.rows.map((row) => row.values[2])).toEqual([4, 5]);
    expect(buildExplorerTable(answer, view({ granularity: 'week' })).columns).not.toContain('Año anterior');
  });

  it('adds both 28 and 29 February of a leap year to this year’s 28th', () => {
    const starts = ['2025-02-27', '2025-02-28', '2025-03-01'].map((date) => madridHourStart(date, 1));
    const comparison = earlier(
      ['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01'],
      ['2025-02-27', '2025-02-28', '2025-02-28', '2025-03-01'],
      [1, 2, 3, 4],
    );
    expect(alignComparison(starts, comparison)).toEqual([1, 5, 4]);
  });

  it('shows the highest power per period beside the contracted one, marks the exceeded ones, adds nothing up', () => {
    const answer = answerOf(dailySeries(['2026-10-26']), {
      power: PERIODS_20TD.map(({ code, label }, index) => ({
        code,
        label,
        maxKw: [5.2, 3, 1.5][index],
        maxDate: '2026-10-26',
        maxHour: 20,
        maxStart: madridHourStart('2026-10-26', 20),
        contractedKw: 4.6,
        exceeded: index === 0,
      })),
    });
    const table = buildExplorerTable(answer, view({ mode: 'power' }));
    expect(table.rowHeader).toBe('Periodo');
    expect(table.columns).toEqual(['Potencia máxima', 'Potencia contratada']);
    expect(table.rows[0]).toEqual({ label: 'P1 Punta · Superada', values: [5.2, 4.6] });
    expect(table.totals).toEqual([]);
    expect(chartSummary(table, { from: '26/10/2026', to: '26/10/2026' })).toBe(
      'El 26/10/2026. Potencia máxima: valor más alto 5,20 kW (P1 Punta · Superada); ' +
        'Potencia contratada: valor más alto 4,60 kW (P1 Punta · Superada).',
    );
  });
});
