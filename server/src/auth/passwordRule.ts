/**
 * The one password rule of every flow that sets a password (sign-up, set-password, updatePassword,
 * changePasswordBackend), so that no flow sets a password another refuses later (DECISIONS.md "Passwords across
 * flows"). Forbidden: the named rule's `= _ & ? - / \ "` and the sign-up list's `+ - " '` (spec 01 §5, §9); the
 * SPA refuses the same list (src/shared/lib/passwordCharacters.ts). Strength: 8 characters and 3 of 4 classes,
 * the specials being the named rule's `!@#$%^*.`.
 */
const FORBIDDEN_PASSWORD_CHARACTERS = /[=_&?\-/\\"+']/;
const PASSWORD_CLASSES = [/\p{Lu}/u, /\p{Ll}/u, /\d/, /[!@#$%^*.]/];
const MIN_LENGTH = 8;
const MIN_CLASSES = 3;

export type PasswordProblem = 'forbidden' | 'weak' | null;

export function passwordProblem(password: string): PasswordProblem {
  if (FORBIDDEN_PASSWORD_CHARACTERS.test(password)) return 'forbidden';
  const classes = PASSWORD_CLASSES.filter((rule) => rule.test(password)).length;
  return password.length < MIN_LENGTH || classes < MIN_CLASSES ? 'weak' : null;
}

/** The words of the account a password must not contain (NIST SP 800-63B §3.1.1.2 context-specific words). */
export interface PasswordContext {
  username?: string | null;
  email?: string | null;
}

/** Shorter words would refuse half of all passwords for a one- or two-letter name. */
const MIN_CONTEXT_WORD = 3;
const folded = (text: string) => text.normalize('NFKC').trim().toLowerCase();

/** Whether the password contains the user name or the e-mail's local part, ignoring case. */
export function containsContextWord(password: string, context: PasswordContext): boolean {
  const text = folded(password);
  const words = [context.username, context.email?.split('@')[0]]
    .map((word) => folded(word ?? ''))
    .filter((word) => word.length >= MIN_CONTEXT_WORD);
  return words.some((word) => text.includes(word));
}
