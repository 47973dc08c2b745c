/** The production backend's answer for an invalid e-mail token (spec 01 §7); any other mensaje means valid. */
export const TOKEN_INVALID_MESSAGE = 'Error al validar usuario.';
