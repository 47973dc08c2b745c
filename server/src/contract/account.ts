import { type Static, Type } from 'typebox';

/** GET ov/user/api/userCups: the supplies a sign-up would reach (spec 01 §7). */
export const userCupsAnswer = Type.Object({
  cupsAsociados: Type.Object({
    select: Type.Array(Type.Object({ line: Type.String(), cups: Type.String() })),
  }),
  cupsElectricidad: Type.Integer(),
  cupsGas: Type.Integer(),
});
export type UserCupsAnswer = Static<typeof userCupsAnswer>;

/** POST /token?grant_type=client_credentials: a short token that may only call set-password. */
export const clientTokenAnswer = Type.Object({
  access_token: Type.String(),
  token_type: Type.String(),
  expires_in: Type.Integer(),
});
export type ClientTokenAnswer = Static<typeof clientTokenAnswer>;

/** GET ov/user/api/validateEmailToken/: 'Token válido' or the production backend's failure text. */
export const tokenCheckAnswer = Type.Object({ mensaje: Type.String() });
export type TokenCheckAnswer = Static<typeof tokenCheckAnswer>;

/** POST ov/user/api/changePasswordBackend: the notice and the tokens of the caller's new session. */
export const passwordChangedAnswer = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  access_token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Integer(),
});
export type PasswordChangedAnswer = Static<typeof passwordChangedAnswer>;
