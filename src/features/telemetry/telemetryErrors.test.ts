import { UNKNOWN_ERROR } from '@/shared/measurement/measurementMessages';
import { telemetryErrorText } from './telemetryErrors';
import { telemetryFileName } from './telemetryMessages';

// The range rule and its messages are tested once, in shared/measurement/measurementRange.test.ts.
describe('telemetry errors and file', () => {
  it("shows the answer's error text, else Error desconocido", () => {
    expect(telemetryErrorText({ status: 400, data: { error: 'Fecha no válida' } })).toBe('Fecha no válida');
    expect(telemetryErrorText({ status: 500, data: '<html>' })).toBe(UNKNOWN_ERROR);
    expect(telemetryErrorText({ status: 'FETCH_ERROR', error: 'x' })).toBe('Error desconocido');
  });

  it('names the spreadsheet Telemedida-{contract}.xlsx', () => {
    expect(telemetryFileName('100000123')).toBe('Telemedida-100000123.xlsx');
  });
});
