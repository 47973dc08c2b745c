import { brokenExportLimits, exportBlocked, validateDateRange } from './invoiceSchemas';

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
