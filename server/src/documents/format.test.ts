import {
  dailyFlow,
  euros,
  integer,
  kilowatts,
  kwhMeasured,
  kwhWhole,
  listDate,
  longDate,
  maskedIban,
  monthLabel,
  percent,
  unitPrice,
} from './format';

describe('document number formats (spec 02 §9)', () => {
  it('groups thousands always, four-digit numbers included', () => {
    expect(euros(9253.96)).toBe('9.253,96 €');
    expect(euros(13623.64)).toBe('13.623,64 €');
    expect(euros(1234567.891)).toBe('1.234.567,89 €');
    expect(kwhWhole(8970)).toBe('8.970 kWh');
    expect(integer(10465.4)).toBe('10.465');
    expect(kwhMeasured(1234.567)).toBe('1.234,57');
  });

  it('gives money 2 decimals, prices 6, power and flow 2 with their units', () => {
    expect(euros(5)).toBe('5,00 €');
    expect(euros(-12.5)).toBe('-12,50 €');
    expect(euros(-0)).toBe('0,00 €');
    expect(unitPrice(0.1234564)).toBe('0,123456');
    expect(unitPrice(0.0449)).toBe('0,044900');
    expect(kilowatts(4.6)).toBe('4,60 kW');
    expect(dailyFlow(25)).toBe('25,00 kWh/día');
  });

  it('prints rates with the decimals they have', () => {
    expect(percent(0.21)).toBe('21 %');
    expect(percent(0.0511269632)).toBe('5,11269632 %');
    expect(percent(0.1)).toBe('10 %');
  });

  it('writes dates as lists and sentences do', () => {
    expect(listDate('2026-03-05')).toBe('05/03/2026');
    expect(listDate(null)).toBe('—');
    expect(longDate('2026-03-05')).toBe('5 de marzo de 2026');
    expect(monthLabel('2026-09')).toBe('Septiembre 2026');
  });

  it('masks an IBAN but its last four digits', () => {
    expect(maskedIban('ES9121000418450200051332')).toBe('ES** **** **** **** **** 1332');
    expect(maskedIban('es91 2100 0418 4502 0005 1332')).toBe('ES** **** **** **** **** 1332');
  });
});
