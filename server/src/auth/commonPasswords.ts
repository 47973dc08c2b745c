import ranked from '@zxcvbn-ts/language-common/src/passwords.json';

import { ApiError } from '../http/errors';
import { containsContextWord, type PasswordContext } from './passwordRule';

/**
 * The 10,000 most common passwords: the head of the frequency-ranked `passwords-common` dictionary of
 * @zxcvbn-ts/language-common (MIT; see server/README.md). Its entries are lower case, so the check is too:
 * "Password1" is as guessable as "password1".
 */
export const COMMON_PASSWORD_COUNT = 10_000;
const COMMON = new Set(ranked.slice(0, COMMON_PASSWORD_COUNT));

export const COMMON_PASSWORD_STATUS = 466;
export const COMMON_PASSWORD =
  'Esta contraseña es de las más usadas y fáciles de adivinar. Elija otra menos común.';

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.normalize('NFC').toLowerCase());
}

export const CONTEXT_PASSWORD_STATUS = 467;
export const CONTEXT_PASSWORD =
  'La contraseña no puede contener su nombre de usuario ni la parte de su correo electrónico anterior a la @.';

/**
 * Every flow that sets a password calls this after its own character and format rules: no common password
 * (466) and none containing the account's user name or e-mail local part (467).
 */
export function refuseGuessablePassword(password: string, context: PasswordContext): void {
  if (isCommonPassword(password)) {
    throw new ApiError(COMMON_PASSWORD_STATUS, COMMON_PASSWORD_STATUS, COMMON_PASSWORD);
  }
  if (containsContextWord(password, context)) {
    throw new ApiError(CONTEXT_PASSWORD_STATUS, CONTEXT_PASSWORD_STATUS, CONTEXT_PASSWORD);
  }
}
