import { type Static, Type } from 'typebox';

import {
  clientTokenAnswer,
  passwordChangedAnswer,
  tokenCheckAnswer,
  userCupsAnswer,
} from '../../contract/account';
import { codeAndMessage, noContent } from '../../contract/common';
import { errorBody } from '../../http/errors';

// Server side of the spec 01 §5 rules the SPA checks first.
export const USERNAME_RULE = /^[A-Za-z0-9]{3,30}$/;
export const ALLOWED_NAME_CHARACTERS = /^[A-Za-z0-9ÁÉÍÓÚÜÑáéíóúüñ .,'-]*$/;
export const DOCUMENT_RULE = /^[A-Za-z0-9]{8,10}$/;
export const EMAIL_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (maxLength: number) => Type.String({ maxLength });
const optionalText = (maxLength: number) => Type.Optional(text(maxLength));
/** The SPA sends a telephone as text or as a number (0 for none). */
const phone = Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Integer()]));

/** Which realm the SPA believes it is calling; a call to the other one is refused. */
const adminQuery = Type.Object({ isAdministradorFinca: Type.Optional(Type.Boolean()) });

const signupBody = Type.Object({
  username: text(100),
  password: text(128),
  nif: text(20),
  email: text(100),
  telefono: phone,
  firstName: text(200),
  lastName: optionalText(200),
  language: text(5),
  /** Spec 01 §3: the signer's own document, the holder's CIF and the role, always access. */
  identification: Type.Optional(Type.Object({ typeDoc: optionalText(5), idDoc: optionalText(20) })),
  ownerCif: optionalText(20),
  role: optionalText(20),
});
export type SignupBody = Static<typeof signupBody>;

export const signupSchema = {
  querystring: adminQuery,
  body: signupBody,
  response: { '2xx': errorBody, '4xx': errorBody, '5xx': errorBody },
};

export const userCupsSchema = {
  querystring: Type.Object({
    nif: text(20),
    email: text(100),
    telefono: optionalText(20),
    isAdministradorFinca: Type.Optional(Type.Boolean()),
  }),
  response: { 200: userCupsAnswer, '4xx': errorBody },
};

/** The e-mailed validation link: it always answers a redirect to an SPA page. */
export const validationLinkSchema = { querystring: Type.Object({ token: optionalText(200) }), response: {} };

/** What the calls that may send an e-mail answer when it does not leave (503, 502, 504). */
const mailFailure = { '5xx': errorBody };

export const resendSchema = {
  querystring: adminQuery,
  body: Type.Object({ username: text(100), email: text(100), telefono: phone }),
  // 202 with a notice (resendEmailVerification), 204 (resendPasswordVerification).
  response: { 202: codeAndMessage, 204: noContent, '4xx': errorBody, ...mailFailure },
};

export const recoverySchema = {
  querystring: adminQuery,
  body: Type.Object({
    email: Type.String({ minLength: 3, maxLength: 100, pattern: EMAIL_RULE.source }),
  }),
  // 200 with a notice when a message left, 204 when no account has that address.
  response: { 200: codeAndMessage, 204: noContent, '4xx': errorBody, ...mailFailure },
};

export const tokenHeaderSchema = {
  headers: Type.Object({ token: optionalText(200) }),
  // 200 with the check's text (validateEmailToken), 204 (verifyUserEmail).
  response: { 200: tokenCheckAnswer, 204: noContent, '4xx': errorBody },
};

export const updatePasswordSchema = {
  headers: Type.Object({ token: text(200), newpassword: text(128) }),
  response: { 204: noContent, '4xx': errorBody },
};

export const setPasswordSchema = {
  body: Type.Object({ token: text(200), password: text(128) }),
  response: { 202: codeAndMessage, '4xx': errorBody },
};

export const clientTokenSchema = {
  querystring: Type.Object({ grant_type: optionalText(50) }),
  response: { 200: clientTokenAnswer, '4xx': errorBody },
};

export const changePasswordSchema = {
  body: Type.Object({ username: text(100), password: text(128), newPassword: text(128) }),
  response: { 200: passwordChangedAnswer, '4xx': errorBody },
};
