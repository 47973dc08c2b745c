/**
 * The characters no password may contain, in every flow that sets one (DECISIONS.md "Passwords across flows"):
 * the named password rule's `= _ & ? - / \ "` and the sign-up list's `+ - " '` (spec 01 §5, §9). One rule for
 * every form, so that no flow sets a password that another refuses later. The server holds the same list
 * (server/src/auth/passwordRule.ts).
 */
const NAMED_RULE_CHARACTERS = /[=_&?\-/\\"]/;
/** The sign-up list's characters that the named rule does not already refuse. */
const SIGNUP_LIST_ONLY_CHARACTERS = /[+']/;

/** Which list refuses the password: each list has its own message in the forms. */
export type ForbiddenPasswordCharacters = 'namedRule' | 'signupList';

export function forbiddenPasswordCharacters(password: string): ForbiddenPasswordCharacters | null {
  if (NAMED_RULE_CHARACTERS.test(password)) return 'namedRule';
  if (SIGNUP_LIST_ONLY_CHARACTERS.test(password)) return 'signupList';
  return null;
}
