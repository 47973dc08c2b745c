/**
 * The date field's own messages, the same on every date screen (DECISIONS "Dates the screens fill"). Each screen's
 * catalogue maps the problem codes of `dateRangeProblems` to its texts and takes these two from here.
 */
export const DATE_FIELD_MESSAGES = {
  format: 'Introduzca la fecha con el formato DD/MM/AAAA.',
  future: 'La fecha no puede ser posterior a hoy.',
} as const;

/** The texts of a Desde/Hasta pair (spec 02 §5), shared by the invoice and the measurement screens. */
export const FROM_REQUIRED = 'El campo Desde es obligatorio.';
export const TO_REQUIRED = 'El campo Hasta es obligatorio.';
export const FROM_AFTER_TO = 'La fecha de inicio debe de ser anterior a la fecha de fin de la consulta.';
export const RANGE_12_MONTHS = 'Sólo es posible realizar una consulta en un rango de 12 meses.';
