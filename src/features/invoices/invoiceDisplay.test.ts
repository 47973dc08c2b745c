import {
  asList,
  categoryText,
  contractedPowers,
  hasProformas,
  invoiceFileStem,
  invoiceNumberText,
  invoiceTypeText,
  launchDateSpan,
  readInvoiceCounts,
  suppliesOf,
  tariffPeriodCount,
} from './invoiceDisplay';

describe('invoice display rules (spec 02 §2.1, §2.5)', () => {
  it('shows the bare number for series ENERGIA and series plus number otherwise', () => {
    expect(invoiceNumberText({ series: 'ENERGIA', number: '26004512', unified: false })).toBe('26004512');
    expect(invoiceNumberText({ series: 'RE', number: '26000123', unified: false })).toBe('RE26000123');
    expect(invoiceNumberText({ series: null, number: '77', unified: false })).toBe('77');
  });

  it('shows the unified series plus number for unified invoices, even with series ENERGIA', () => {
    expect(
      invoiceNumberText({
        series: 'ENERGIA',
        number: '1',
        unified: true,
        unifiedSeries: 'FU',
        unifiedNumber: '2600042',
      }),
    ).toBe('FU2600042');
    expect(invoiceNumberText({ series: 'ENERGIA', number: '55', unified: true })).toBe('ENERGIA55');
  });

  it('shows No disponible when the number is missing', () => {
    expect(invoiceNumberText({ series: 'RE', number: null, unified: false })).toBe('No disponible');
    expect(invoiceNumberText({ series: 'FU', number: '', unified: true })).toBe('No disponible');
  });

  it('names files with series and number as documented', () => {
    expect(`Factura-${invoiceFileStem('RE', '26000123')}.pdf`).toBe('Factura-RE26000123.pdf');
    // ENERGIA means no prefix, on screen and in the file name (DECISIONS "Downloads").
    expect(`Factura-${invoiceFileStem('ENERGIA', '26000274')}.pdf`).toBe('Factura-26000274.pdf');
    expect(invoiceFileStem(null, '26000274')).toBe('26000274');
  });

  it('labels type Proforma when isUnificada is 1, otherwise Factura', () => {
    expect(invoiceTypeText(1)).toBe('Proforma');
    expect(invoiceTypeText('1')).toBe('Proforma');
    expect(invoiceTypeText(true)).toBe('Proforma');
    expect(invoiceTypeText(0)).toBe('Factura');
    expect(invoiceTypeText(null)).toBe('Factura');
  });

  it('labels category VA as Varios', () => {
    expect(categoryText('VA')).toBe('Varios');
    expect(categoryText('NO')).toBeNull();
  });

  it('offers proformas only from one upwards', () => {
    expect(hasProformas(0)).toBe(false);
    expect(hasProformas(null)).toBe(false);
    expect(hasProformas(1)).toBe(true);
    expect(hasProformas(3)).toBe(true);
  });

  it('bills six periods only for the listed tariffs, defaulting to 6.1TD', () => {
    for (const tariff of ['6.1TDVE', '3.0TDVE', '6.4TD', '6.3TD', '6.2TD', '6.1TD', '3.0TD']) {
      expect(tariffPeriodCount(tariff)).toBe(6);
    }
    expect(tariffPeriodCount('2.0TD')).toBe(3);
    expect(tariffPeriodCount('RL.1')).toBe(3);
    expect(tariffPeriodCount(null)).toBe(6);
  });

  it('reads Fullbilling.total by index, a missing entry counting 0', () => {
    expect(
      readInvoiceCounts([
        { line: 'Todas', count: 37 },
        { line: 'Electricidad', count: 25 },
        { line: 'Gas', count: 12 },
      ]),
    ).toEqual({ overall: 37, electricity: 25, gas: 12 });
    expect(readInvoiceCounts([{ count: 4 }, { count: 4 }])).toEqual({ overall: 4, electricity: 4, gas: 0 });
    expect(readInvoiceCounts(undefined)).toEqual({ overall: 0, electricity: 0, gas: 0 });
  });

  it('accepts one invoice as an object or several as a list', () => {
    expect(asList({ a: 1 })).toEqual([{ a: 1 }]);
    expect(asList([1, 2])).toEqual([1, 2]);
    expect(asList(null)).toEqual([]);
  });

  it('spans the earliest and latest launch dates', () => {
    expect(launchDateSpan(['2026-03-05', null, '2025-11-05', '2026-01-05'])).toEqual({
      from: '2025-11-05',
      to: '2026-03-05',
    });
    expect(launchDateSpan([])).toBeNull();
  });

  it('keeps only non-empty, non-zero contracted powers', () => {
    expect(
      contractedPowers({
        PotenciaContratadaP1: 4.6,
        PotenciaContratadaP2: 0,
        PotenciaContratadaP3: null,
        PotenciaContratadaP4: '',
        PotenciaContratadaP5: '3.3',
      }),
    ).toEqual([
      { period: 'P1', value: 4.6 },
      { period: 'P5', value: 3.3 },
    ]);
  });

  it('counts the supplies of a list invoice, from hasProformas where a backend sends no numeroSuministros', () => {
    expect(suppliesOf({ isUnica: 1, numeroSuministros: 3, hasProformas: 3 })).toBe(3);
    expect(suppliesOf({ isUnica: 1, hasProformas: 4 })).toBe(4);
    expect(suppliesOf({ isUnica: '1', hasProformas: null })).toBe(1);
    expect(suppliesOf({ isUnica: 0, hasProformas: 0 })).toBe(1);
  });
});
