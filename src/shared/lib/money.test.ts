import { formatMoney, formatNumber, formatQuantity } from './money';

describe('es-ES numbers (spec 02 §9)', () => {
  it('groups thousands from four digits, with two decimals', () => {
    expect(formatMoney(9253.96)).toBe('9.253,96 €');
    expect(formatMoney(13623.64)).toBe('13.623,64 €');
    expect(formatNumber('1234.5')).toBe('1.234,50');
    expect(formatNumber(null)).toBe('0,00');
    expect(formatNumber('abc')).toBe('0,00');
  });

  it('shows integer quantities without decimals and the rest with two, grouped', () => {
    expect(formatQuantity(8970)).toBe('8.970');
    expect(formatQuantity(10465)).toBe('10.465');
    expect(formatQuantity(1234.5)).toBe('1.234,50');
    expect(formatQuantity('162.99')).toBe('162,99');
    expect(formatQuantity(null)).toBe('0');
    expect(formatQuantity(Number.NaN)).toBe('0');
  });
});
