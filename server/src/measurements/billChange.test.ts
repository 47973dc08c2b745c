import { billChange, type BillFigures } from './billChange';

const bill = (kwh: number[], price: number, total: number): BillFigures => ({
  days: 30,
  energy: kwh.map((value, i) => ({ period: `P${i + 1}`, label: `P${i + 1}`, kwh: value, price })),
  power: 20,
  other: 0.8,
  taxes: 12.34,
  total,
});

describe('billChange', () => {
  it('leaves out the periods with no kWh on either bill, and the parts still add up to the difference', () => {
    // A 3.0TD supply that uses P1..P3 only: P4..P6 are empty on both bills; P3 only on the new one.
    const before = bill([100, 80, 0, 0, 0, 0], 0.15, 60.12);
    const now = bill([120, 70, 15, 0, 0, 0], 0.16, 71.49);
    const change = billChange(before, now);
    expect(change.consumption.map((p) => p.period)).toEqual(['P1', 'P2', 'P3']);
    const cents = change.parts.reduce((sum, part) => sum + Math.round(part.euros * 100), 0);
    expect(cents).toBe(7149 - 6012);
  });
});
