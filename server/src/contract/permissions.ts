import { type Static, Type } from 'typebox';

import { nullableString, oneOf } from './common';

/**
 * Permissions for someone you trust (issue 28, DECISIONS "Data access and consent"): the holder's list, form
 * and revocation, and the grantee's "Suministros autorizados".
 */

export const grantScope = oneOf(['consumo', 'consumo_facturas']);

const isoDate = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });

/** A supply as the form and the lists show it: picked by CUPS and address. */
export const grantSupply = Type.Object({
  codigoContrato: Type.String(),
  cups: Type.String(),
  direccion: Type.String(),
  linea: Type.String(),
});
export type GrantSupply = Static<typeof grantSupply>;

/** A new permission: every supply of the account (`todos`), or the chosen contracts. */
export const grantRequest = Type.Object({
  documento: Type.String({ minLength: 1, maxLength: 20 }),
  todos: Type.Boolean(),
  contratos: Type.Array(Type.String({ maxLength: 20 }), { maxItems: 5000 }),
  desde: isoDate,
  hasta: isoDate,
  alcance: grantScope,
});
export type GrantRequest = Static<typeof grantRequest>;

/** One of the holder's permissions. */
export const grantItem = Type.Object({
  id: Type.Integer(),
  /** Masked: "***4567Z". */
  documento: Type.String(),
  todos: Type.Boolean(),
  suministros: Type.Array(grantSupply),
  desde: Type.String(),
  hasta: Type.String(),
  alcance: grantScope,
  estado: oneOf(['vigente', 'pendiente', 'revocado', 'caducado']),
  revocado: nullableString,
});
export type GrantItem = Static<typeof grantItem>;

/** The holder's screen: its permissions (newest first) and the supplies it may grant. */
export const grantListAnswer = Type.Object({
  hoy: Type.String(),
  permisos: Type.Array(grantItem),
  suministros: Type.Array(grantSupply),
});
export type GrantListAnswer = Static<typeof grantListAnswer>;

/** A permission the account holds for another holder's supplies ("Suministros autorizados"). */
export const grantedItem = Type.Object({
  id: Type.Integer(),
  /** The holder's initials only: "A. G.". */
  titular: Type.String(),
  suministros: Type.Array(grantSupply),
  desde: Type.String(),
  hasta: Type.String(),
  alcance: grantScope,
});

export const grantedListAnswer = Type.Object({ autorizados: Type.Array(grantedItem) });
export type GrantedListAnswer = Static<typeof grantedListAnswer>;
