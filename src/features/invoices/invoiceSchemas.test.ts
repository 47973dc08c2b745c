import {
  brokenExportLimits,
  exportBlocked,
  filledDates,
  validateDateRange,
  type RangeRule,
} from './invoiceSchemas';

describe('date rules (spec 02 §5)', () => {
  it('requires both dates', () => {
    expect(validateDateRange({ from: '', to: '' }, 'twelveMonths')).toEqual({
      from: 'El campo Desde es obligatorio.',
      to: 'El campo Hasta es obligatorio.',
    });
  });

  // DECISIONS "Dates the screens fill": the field keeps text that is not a date, and a date after today.
  it('refuses text that is not a date and dates after today, with the date field messages', () => {
    expect(validateDateRange({ from: '2026-02-30', to: '2026-03-01' }, 'twelveMonths')).toEqual({
      from: 'Introduzca la fecha con el formato DD/MM/AAAA.',
    });
    expect(validateDateRange({ from: '2026-03-01', to: 'mañana' }, 'oneMonth')).toEqual({
      to: 'Introduzca la fecha con el formato DD/MM/AAAA.',
    });
    expect(validateDateRange({ from: '2026-03-01', to: '2999-01-01' }, 'oneMonth')).toEqual({
      to: 'La fecha no puede ser posterior a hoy.',
    });
  });

  it('wants Desde not after Hasta', () => {
    expect(validateDateRange({ from: '2026-03-02', to: '2026-03-01' }, 'twelveMonths')).toEqual({
      to: 'La fecha de inicio debe de ser anterior a la fecha de fin de la consulta.',
    });
    expect(validateDateRange({ from: '2026-03-01', to: '2026-03-01' }, 'twelveMonths')).toEqual({});
  });

  it('allows 12 months with the day of month on the product and gas screens', () => {
    expect(validateDateRange({ from: '2025-01-15', to: '2026-01-15' }, 'twelveMonths')).toEqual({});
    expect(validateDateRange({ from: '2025-01-15', to: '2026-01-16' }, 'twelveMonths')).toEqual({
      from: 'Sólo es posible realizar una consulta en un rango de 12 meses.',
    });
  });

  it('allows 1 month on the electricity list', () => {
    expect(validateDateRange({ from: '2026-01-15', to: '2026-02-15' }, 'oneMonth')).toEqual({});
    expect(validateDateRange({ from: '2026-01-15', to: '2026-02-16' }, 'oneMonth')).toEqual({
      from: 'Sólo es posible realizar una consulta en el rango de 1 mes.',
    });
  });

  it('allows 1 year on the administrator screen, with its own text', () => {
    expect(validateDateRange({ from: '2025-01-15', to: '2026-01-15' }, 'oneYear')).toEqual({});
    expect(validateDateRange({ from: '2024-12-31', to: '2026-01-15' }, 'oneYear')).toEqual({
      from: 'Sólo es posible realizar una consulta en el rango de 1 año.',
    });
  });

  it('does not go before 1 January 2004', () => {
    expect(validateDateRange({ from: '2003-12-31', to: '2004-01-10' }, 'twelveMonths').from).toBe(
      'Sólo es posible realizar una consulta en un rango de 12 meses.',
    );
  });
});

describe('export limits (spec 02 §5, §9)', () => {
  it('blocks Excel over 1000 and PDF/ZIP over 200 results', () => {
    expect(brokenExportLimits(200, '', '')).toEqual({ excel: false, pdfZip: false, range: false });
    const over200 = brokenExportLimits(201, '', '');
    expect(over200).toEqual({ excel: false, pdfZip: true, range: false });
    expect(exportBlocked('excel', over200)).toBe(false);
    expect(exportBlocked('pdf', over200)).toBe(true);
    expect(exportBlocked('zip', over200)).toBe(true);
    expect(brokenExportLimits(1000, '', '').excel).toBe(false);
    expect(brokenExportLimits(1001, '', '').excel).toBe(true);
  });

  it('blocks every export over a range of 1 year and the day of month', () => {
    expect(brokenExportLimits(5, '2025-01-15', '2026-01-15').range).toBe(false);
    const limits = brokenExportLimits(5, '2025-01-15', '2026-01-16');
    expect(limits.range).toBe(true);
    expect(['excel', 'pdf', 'zip'].map((f) => exportBlocked(f as 'excel', limits))).toEqual([
      true,
      true,
      true,
    ]);
  });
});

describe('the dates a screen fills after its default query (DECISIONS "Dates the screens fill")', () => {
  // [screen's rule, results' earliest and latest launch dates, the dates the screen fills]
  const cases: [RangeRule, string, string, string][] = [
    // /allinvoices: 1 month.
    ['oneMonth', '2025-11-03', '2026-05-09', '2026-04-09'],
    ['oneMonth', '2026-04-01', '2026-05-01', '2026-04-01'],
    ['oneMonth', '2026-01-02', '2026-03-31', '2026-02-28'],
    ['oneMonth', '2023-11-05', '2024-03-31', '2024-02-29'],
    ['oneMonth', '2023-11-05', '2024-02-29', '2024-01-29'],
    // /invoices/:id and /allinvoices-gas: 12 months (a gas contract billed every two months spans ~16).
    ['twelveMonths', '2025-01-04', '2026-05-09', '2025-05-09'],
    ['twelveMonths', '2024-12-01', '2026-01-01', '2025-01-01'],
    ['twelveMonths', '2022-09-09', '2024-02-29', '2023-02-28'],
    ['twelveMonths', '2023-01-31', '2025-02-28', '2024-02-28'],
    // /administrador-fincas: 1 year.
    ['oneYear', '2019-03-07', '2026-03-08', '2025-03-08'],
    ['oneYear', '2023-01-01', '2024-02-29', '2023-02-28'],
    ['oneYear', '2021-06-30', '2022-06-30', '2021-06-30'],
  ];

  it.each(cases)('%s: results %s to %s fill Desde %s, Hasta the latest date', (rule, from, to, filled) => {
    expect(filledDates({ from, to }, rule)).toEqual({ from: filled, to });
  });

  it.each(cases)(
    "%s: the filled %s to %s passes the screen's rule and the export range",
    (rule, from, to) => {
      const dates = filledDates({ from, to }, rule);
      expect(validateDateRange(dates, rule)).toEqual({});
      expect(brokenExportLimits(10, dates.from, dates.to).range).toBe(false);
    },
  );

  it('keeps a narrower span as it is, one day included', () => {
    expect(filledDates({ from: '2026-05-09', to: '2026-05-09' }, 'oneMonth')).toEqual({
      from: '2026-05-09',
      to: '2026-05-09',
    });
    expect(filledDates({ from: '2025-06-01', to: '2026-05-31' }, 'twelveMonths')).toEqual({
      from: '2025-06-01',
      to: '2026-05-31',
    });
  });

  it('fills from a window ending on every day of a leap year, always passing its rule', () => {
    for (const rule of ['oneMonth', 'twelveMonths', 'oneYear'] as const) {
      for (let day = 0; day < 366; day += 1) {
        const to = new Date(Date.UTC(2024, 0, 1 + day)).toISOString().slice(0, 10);
        const dates = filledDates({ from: '2020-01-01', to }, rule);
        expect(validateDateRange(dates, rule)).toEqual({});
        expect(brokenExportLimits(10, dates.from, dates.to).range).toBe(false);
        // The window is as wide as the rule allows: one day earlier breaks it.
        const dayBefore = new Date(Date.parse(dates.from) - 86_400_000).toISOString().slice(0, 10);
        expect(validateDateRange({ from: dayBefore, to }, rule).from).toBeDefined();
      }
    }
  });
});
