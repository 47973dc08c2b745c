import ranked from '@zxcvbn-ts/language-common/src/passwords.json';

import { ApiError } from '../http/errors';

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

/** Every flow that sets a password calls this after its own character and format rules. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new ApiError(COMMON_PASSWORD_STATUS, COMMON_PASSWORD_STATUS, COMMON_PASSWORD);
  }
}
