import { loadCurveErrorText } from './loadCurveErrors';
import { loadCurveFileName } from './loadCurveMessages';

// The range rule and its messages are tested once, in shared/measurement/measurementRange.test.ts.
describe('load curve errors and file', () => {
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

  it('shows the Spanish text of a refusal (a revoked permission)', () => {
    const message = 'La persona titular ha revocado su permiso para consultar este suministro.';
    expect(loadCurveErrorText({ status: 403, data: { code: 403, message } })).toBe(message);
  });

  it('names the spreadsheet CurvasCarga-{contract}.xlsx', () => {
    expect(loadCurveFileName('100000123')).toBe('CurvasCarga-100000123.xlsx');
  });
});
