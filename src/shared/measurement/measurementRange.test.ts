import { addDays, todayIso } from '@/shared/lib/dates';
import { lastWeekRange, validateMeasurementRange } from './measurementRange';

// The spec's wording (spec 02 §5, DECISIONS "Dates the screens fill"), typed out rather than imported.
const RANGE_12_MONTHS = 'Sólo es posible realizar una consulta en un rango de 12 meses.';
const FROM_REQUIRED = 'El campo Desde es obligatorio.';
const TO_REQUIRED = 'El campo Hasta es obligatorio.';
const FROM_AFTER_TO = 'La fecha de inicio debe de ser anterior a la fecha de fin de la consulta.';
const FORMAT = 'Introduzca la fecha con el formato DD/MM/AAAA.';
const FUTURE = 'La fecha no puede ser posterior a hoy.';

describe('lastWeekRange', () => {
  it('opens on the 7 days ending yesterday, across a month and a year', () => {
    expect(lastWeekRange('2026-03-02')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(lastWeekRange('2026-01-03')).toEqual({ from: '2025-12-27', to: '2026-01-02' });
  });
});

describe.each([
  ['telemetry and certificate', false],
  ['load curve (strict)', true],
])('validateMeasurementRange, %s', (_, strict) => {
  const validate = (from: string, to: string) => validateMeasurementRange({ from, to }, { strict });

  it('accepts a single day and anything under 12 months back from Hasta', () => {
    expect(validate('2026-01-15', '2026-01-15')).toEqual({});
    expect(validate('2025-01-16', '2026-01-15')).toEqual({});
  });

  it('refuses more than 12 months back from Hasta under Desde', () => {
    expect(validate('2025-01-14', '2026-01-15')).toEqual({ from: RANGE_12_MONTHS });
  });

  it('gives Desde before 2004 the same range message', () => {
    expect(validate('2003-12-31', '2004-06-01')).toEqual({ from: RANGE_12_MONTHS });
    expect(validate('2004-01-01', '2004-06-01')).toEqual({});
  });

  it('refuses Hasta before Desde under Hasta', () => {
    expect(validate('2026-01-16', '2026-01-15')).toEqual({ to: FROM_AFTER_TO });
  });

  it('asks for both dates, each under its field', () => {
    expect(validate('', '2026-01-15')).toEqual({ from: FROM_REQUIRED });
    expect(validate('2026-01-15', '')).toEqual({ to: TO_REQUIRED });
    expect(validate('', '')).toEqual({ from: FROM_REQUIRED, to: TO_REQUIRED });
  });

  it('refuses text that is not a date and a date after today', () => {
    expect(validate('31/02/2026', '2026-03-01')).toEqual({ from: FORMAT });
    const tomorrow = addDays(todayIso(), 1);
    expect(validate('2026-01-15', tomorrow)).toEqual({ to: FUTURE });
    expect(validate(tomorrow, 'mañana')).toEqual({ from: FUTURE, to: FORMAT });
  });
});

it('takes Desde exactly 12 months before Hasta, except on the load curve', () => {
  expect(validateMeasurementRange({ from: '2025-01-15', to: '2026-01-15' })).toEqual({});
  expect(validateMeasurementRange({ from: '2025-01-15', to: '2026-01-15' }, { strict: true })).toEqual({
    from: RANGE_12_MONTHS,
  });
});

it('validateMeasurementRange with a longer limit: 5 years with its own message', () => {
  const longRange = { months: 60, message: 'Cinco años como máximo.' };
  expect(
    validateMeasurementRange({ from: '2021-01-15', to: '2026-01-15' }, { strict: true, longRange }),
  ).toEqual({});
  expect(
    validateMeasurementRange({ from: '2021-01-14', to: '2026-01-15' }, { strict: true, longRange }),
  ).toEqual({
    from: 'Cinco años como máximo.',
  });
});
