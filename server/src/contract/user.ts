import { type Static, Type } from 'typebox';

/** GET ov/user/api/checkConnection: the server is up, and its time. */
export const connectionAnswer = Type.Object({ status: Type.String(), serverTime: Type.String() });
export type ConnectionAnswer = Static<typeof connectionAnswer>;

/** POST ov/user/api/privateToken: the session's tokens (spec 01 §7). */
export const loginAnswer = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  email: Type.String(),
  isAdministrador: Type.Boolean(),
  token_type: Type.String(),
  expires_in: Type.Integer(),
});
export type LoginAnswer = Static<typeof loginAnswer>;

/** GET ov/user/api/me: the signed-in user's profile. */
export const profileAnswer = Type.Object({
  username: Type.String(),
  ownercif: Type.String(),
  email: Type.String(),
  telephoneNumber: Type.String(),
  given_name: Type.String(),
  family_name: Type.String(),
  lastName: Type.String(),
});
export type ProfileAnswer = Static<typeof profileAnswer>;
