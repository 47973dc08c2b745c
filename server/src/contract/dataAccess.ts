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

/** One read of a holder's supply by someone else, as "Registro de accesos" lists it. */
export const accessRecordItem = Type.Object({
  /** When, ISO 8601 (UTC). */
  fecha: Type.String(),
  quien: Type.Object({ tipo: Type.String(), iniciales: Type.String(), documento: Type.String() }),
  cups: Type.String(),
  datos: Type.String(),
});
export type AccessRecordItem = Static<typeof accessRecordItem>;

/** A page of the record, newest first. */
export const accessRecordAnswer = Type.Object({
  total: Type.Integer(),
  pagina: Type.Integer(),
  porPagina: Type.Integer(),
  registros: Type.Array(accessRecordItem),
});
export type AccessRecordAnswer = Static<typeof accessRecordAnswer>;
