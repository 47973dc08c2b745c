import { FROM_AFTER_TO, FROM_REQUIRED, RANGE_12_MONTHS, loadCurveFileName } from './loadCurveMessages';
import { defaultLoadCurveRange, loadCurveErrorText, validateLoadCurveRange } from './loadCurveRange';

describe('load curve range', () => {
  it('opens on the 7 days ending yesterday', () => {
    expect(defaultLoadCurveRange('2026-01-03')).toEqual({ from: '2025-12-27', to: '2026-01-02' });
  });

  it('needs Desde after Hasta minus 12 months, and Hasta not before Desde', () => {
    expect(validateLoadCurveRange({ from: '2025-01-16', to: '2026-01-15' })).toEqual({});
    expect(validateLoadCurveRange({ from: '2025-01-15', to: '2026-01-15' })).toEqual({
      from: RANGE_12_MONTHS,
    });
    expect(validateLoadCurveRange({ from: '2026-01-16', to: '2026-01-15' })).toEqual({ to: FROM_AFTER_TO });
    expect(validateLoadCurveRange({ from: '', to: '2026-01-15' })).toEqual({ from: FROM_REQUIRED });
  });

  it('shows the error field, Error desconocido, or Error al procesar la solicitud. without a body', () => {
    expect(loadCurveErrorText({ status: 400, data: { error: 'Sin acceso al CUPS' } })).toBe(
      'Sin acceso al CUPS',
    );
    expect(loadCurveErrorText({ status: 500, data: { code: 500, message: 'Error interno' } })).toBe(
      'Error desconocido',
    );
    expect(
      loadCurveErrorText({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: '' }),
    ).toBe('Error desconocido');
    expect(loadCurveErrorText({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe(
      'Error al procesar la solicitud.',
    );
    expect(loadCurveErrorText({ status: 500, data: '' })).toBe('Error al procesar la solicitud.');
  });

  it('names the spreadsheet CurvasCarga-{contract}.xlsx', () => {
    expect(loadCurveFileName('100000123')).toBe('CurvasCarga-100000123.xlsx');
  });
});
