import {
  FROM_AFTER_TO,
  FROM_REQUIRED,
  RANGE_12_MONTHS,
  TO_REQUIRED,
  UNKNOWN_ERROR,
  telemetryFileName,
} from './telemetryMessages';
import { defaultTelemetryRange, telemetryErrorText, validateTelemetryRange } from './telemetryRange';

describe('telemetry range', () => {
  it('defaults to the 7 days from a week ago to yesterday', () => {
    expect(defaultTelemetryRange('2026-03-02')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
  });

  it('accepts up to 12 months back from Hasta, and a single day', () => {
    expect(validateTelemetryRange({ from: '2025-01-15', to: '2026-01-15' })).toEqual({});
    expect(validateTelemetryRange({ from: '2026-01-15', to: '2026-01-15' })).toEqual({});
  });

  it('answers the spec messages', () => {
    expect(validateTelemetryRange({ from: '2025-01-14', to: '2026-01-15' })).toEqual({
      from: RANGE_12_MONTHS,
    });
    expect(validateTelemetryRange({ from: '', to: '2026-01-15' })).toEqual({ from: FROM_REQUIRED });
    expect(validateTelemetryRange({ from: '2026-01-15', to: '' })).toEqual({ to: TO_REQUIRED });
    expect(validateTelemetryRange({ from: '2026-01-16', to: '2026-01-15' })).toEqual({ to: FROM_AFTER_TO });
    expect(RANGE_12_MONTHS).toBe('Sólo es posible realizar una consulta en un rango de 12 meses.');
    expect(FROM_AFTER_TO).toBe('La fecha de inicio debe de ser anterior a la fecha de fin de la consulta.');
  });

  it("shows the answer's error text, else Error desconocido", () => {
    expect(telemetryErrorText({ status: 400, data: { error: 'Fecha no válida' } })).toBe('Fecha no válida');
    expect(telemetryErrorText({ status: 500, data: '<html>' })).toBe(UNKNOWN_ERROR);
    expect(telemetryErrorText({ status: 'FETCH_ERROR', error: 'x' })).toBe('Error desconocido');
  });

  it('names the spreadsheet Telemedida-{contract}.xlsx', () => {
    expect(telemetryFileName('100000123')).toBe('Telemedida-100000123.xlsx');
  });
});
