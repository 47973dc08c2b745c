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

/** The customer e-mails of issue 26, by the name the preferences answer and the unsubscribe links use. */
export const NOTIFICATION_KINDS = [
  'nuevaFactura',
  'consumoInusual',
  'potenciaSuperada',
  'solicitudActualizada',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

// `enum` without `type`: ajv's coercion would read "true", 1 or null as booleans; a switch is true or false.
const onOff = Type.Unsafe<boolean>({ enum: [true, false] });

/** GET/PUT ov/user/api/notifications: every kind on or off. */
export const notificationPreferences = Type.Object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, onOff])) as Record<
    NotificationKind,
    typeof onOff
  >,
  // Not `false`: Fastify's ajv would quietly drop an unknown switch; a body with one is refused.
  { additionalProperties: Type.Unsafe({ not: {} }) },
);
export type NotificationPreferences = Static<typeof notificationPreferences>;
