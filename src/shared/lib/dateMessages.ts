/**
 * The date field's own messages, the same on every date screen (DECISIONS "Dates the screens fill"). Each screen's
 * catalogue maps the problem codes of `dateRangeProblems` to its texts and takes these two from here.
 */
export const DATE_FIELD_MESSAGES = {
  format: 'Introduzca la fecha con el formato DD/MM/AAAA.',
  future: 'La fecha no puede ser posterior a hoy.',
} as const;
