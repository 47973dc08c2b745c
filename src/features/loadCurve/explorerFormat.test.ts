import type { ExplorerAnswer } from './explorerTypes';
import { bucketLabel, explorerSummary } from './explorerFormat';

const answer = (changes: Partial<ExplorerAnswer> = {}) =>
  ({
    totals: { active: 1234.5, surplus: 0, net: 1234.5, hours: 720, estimated: 0 },
    periods: [
      { code: 'P1', label: 'P1 Punta', kwh: 300, share: 24.3 },
      { code: 'P2', label: 'P2 Llano', kwh: 400, share: 32.4 },
      { code: 'P3', label: 'P3 Valle', kwh: 534.5, share: 43.3 },
    ],
    ...changes,
  }) as ExplorerAnswer;

const comparison = (differenceKwh: number, differencePercent: number | null) =>
  ({ cutoff: '2026-11-23', differenceKwh, differencePercent }) as ExplorerAnswer['comparison'];

describe('explorerSummary', () => {
  it('says the total and the period with most consumption, in Spanish numbers', () => {
    expect(explorerSummary(answer())).toBe(
      'Consumo total: 1.234,50 kWh; el periodo con más consumo es P3 Valle (43,3 %).',
    );
  });

  it('adds the change against last year up to the cut-off, with its sign', () => {
    expect(explorerSummary(answer({ comparison: comparison(-61.2, -4.7) }))).toBe(
      'Consumo total: 1.234,50 kWh; -4,7 % (-61,20 kWh) respecto al año anterior, hasta el 23/11/2026; el periodo con más consumo es P3 Valle (43,3 %).',
    );
    expect(explorerSummary(answer({ comparison: comparison(1200, 1500) }))).toContain(
      '+1.500,0 % (+1.200,00 kWh) respecto al año anterior',
    );
    expect(explorerSummary(answer({ comparison: comparison(10, null) }))).toContain(
      'sin consumo el año anterior con el que comparar',
    );
  });
});

describe('bucketLabel', () => {
  const at = (granularity: ExplorerAnswer['granularity']) =>
    ({
      granularity,
      series: { date: ['2026-02-02'], start: [Date.parse('2026-02-01T23:00:00Z')] },
    }) as ExplorerAnswer;
  const start = Date.parse('2026-02-01T23:00:00Z');

  it.each([
    ['day', '02/02/2026'],
    ['week', 'Semana del 02/02/2026'],
    ['month', 'febrero 2026'],
    ['year', '2026'],
    ['hour', '02/02/2026, 00:00'],
  ] as const)('names a %s bucket %s', (granularity, label) => {
    expect(bucketLabel(at(granularity), start)).toBe(label);
  });
});
