import { type Static, Type } from 'typebox';

import { nullableString, oneOf } from './common';

/**
 * Data access and consent (issue 28): the state of the account's "Descargar todos mis datos" archive prepared in
 * the background. `ninguno` when none was asked for; `caduca` is the end of the e-mailed link (ISO 8601).
 */
export const dataArchiveStateAnswer = Type.Object({
  estado: oneOf(['ninguno', 'preparando', 'listo', 'caducado', 'error']),
  caduca: nullableString,
});
export type DataArchiveState = Static<typeof dataArchiveStateAnswer>;
