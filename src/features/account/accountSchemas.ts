import * as yup from 'yup';
import { isValidDocument } from '@contract/spanishDocuments';
import { addMonths, isValidIso } from '@/shared/lib/isoDates';
import { forbiddenPasswordCharacters } from '@/shared/lib/passwordCharacters';
import {
  ALLOWED_CHARACTERS_RULE,
  CHANGE_PASSWORD_FORBIDDEN,
  DOCUMENT_RULE,
  EMAIL_INVALID,
  EMAIL_TOO_LONG,
  LABELS,
  LINK_PASSWORD_RULE,
  LINK_PASSWORD_SHORT,
  PERMISSION_ERRORS,
  NEW_PASSWORD_SAME,
  PASSWORDS_DIFFER,
  PASSWORD_HAS_ACCOUNT_WORDS,
  PASSWORD_RULE,
  PHONE_RULE,
  SURNAMES_TOO_LONG,
  USERNAME_RULE,
  USERNAME_TOO_LONG,
  nameTooLong,
  required,
} from './accountMessages';

// Spec 01 §5 and §9.
export const NAME_MAX = 50;
export const EMAIL_MAX = 100;
const SPECIALS = /[!@#$%^*.]/;

/** At least 3 of: uppercase, lowercase, digit and, when given, a special character of that class. */
function classCount(password: string, special: RegExp): number {
  return [/[A-ZÁÉÍÓÚÜÑ]/, /[a-záéíóúüñ]/, /\d/, special].filter((rule) => rule.test(password)).length;
}

/** The named password rule: 8+ characters, 3 of 4 classes, none of = _ & ? - / \ ". */
export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= 8 &&
    classCount(password, SPECIALS) >= 3 &&
    forbiddenPasswordCharacters(password) !== 'namedRule'
  );
}

/**
 * The message for a password's forbidden characters, the same in every flow that sets one (DECISIONS.md
 * "Passwords across flows"): the named rule's own for = _ & ? - / \ ", the change-password 465 text for + and '.
 */
export function forbiddenCharactersMessage(password: string): string | null {
  const refused = forbiddenPasswordCharacters(password);
  if (refused === 'namedRule') return PASSWORD_RULE;
  if (refused === 'signupList') return CHANGE_PASSWORD_FORBIDDEN;
  return null;
}

/**
 * The e-mailed-link client rule: 8+ characters and 3 of 4 classes. Its specials are the named rule's, as the
 * server counts them: a comma counted here would set a password that /admin later refuses as the current one
 * (DECISIONS.md "Passwords across flows"), and the server would answer it as an expired link.
 */
export function meetsLinkPasswordRule(password: string): boolean {
  return password.length >= 8 && classCount(password, SPECIALS) >= 3;
}

export const isValidUsername = (value: string) => /^[A-Za-z0-9]{3,30}$/.test(value);
export const hasOnlyAllowedCharacters = (value: string) => /^[A-Za-z0-9ÁÉÍÓÚÜÑáéíóúüñ .,'-]*$/.test(value);
export const isValidDocumentNumber = (value: string) => /^[A-Za-z0-9]{8,10}$/.test(value);
/** Name limits count each double quote twice (it is stored escaped). */
export const quotedLength = (value: string) => value.length + (value.match(/"/g)?.length ?? 0);

const text = () => yup.string().default('');

/** A password a flow sets: forbidden characters first, then the flow's own length and classes rule. */
const newPasswordField = (label: string) =>
  text()
    .required(required(label))
    .test('characters', (value, context) => {
      const message = forbiddenCharactersMessage(value);
      return message ? context.createError({ message }) : true;
    });
/** Shorter words would refuse half of all passwords for a one- or two-letter name (as the server does). */
const MIN_ACCOUNT_WORD = 3;
const folded = (value: string) => value.normalize('NFKC').trim().toLowerCase();

/**
 * Whether a password contains the user name or the e-mail's local part, ignoring case (NIST SP 800-63B
 * context-specific words); the server refuses the same with status 467 in every flow.
 */
export function containsAccountWords(password: string, username: string, email: string): boolean {
  const text = folded(password);
  return [username, email.split('@')[0]]
    .map(folded)
    .some((word) => word.length >= MIN_ACCOUNT_WORD && text.includes(word));
}

/** Sign-up, set password by confirmation code and /admin: the named rule of spec 01 §5. */
const namedRulePasswordField = (label: string) =>
  newPasswordField(label).test('rule', PASSWORD_RULE, meetsPasswordRule);
export const usernameField = () =>
  text().required(required(LABELS.username)).test('rule', USERNAME_RULE, isValidUsername);
export const emailField = (label: string = LABELS.email) =>
  text().trim().required(required(label)).email(EMAIL_INVALID).max(EMAIL_MAX, EMAIL_TOO_LONG);
export const phoneField = (label: string = LABELS.contactPhone) =>
  text()
    .trim()
    .required(required(label))
    .matches(/^\d{9,}$/, PHONE_RULE);
export const documentField = (label: string) =>
  text().trim().required(required(label)).test('document', DOCUMENT_RULE, isValidDocumentNumber);
/** yup checks `oneOf` before `required`, so an empty confirmation would read "no coinciden": compare only
 * what was typed, and let `required` speak for an empty field. */
export const confirmationField = (of: string, label: string = LABELS.confirmPassword) =>
  text()
    .required(required(label))
    .test(
      'same',
      PASSWORDS_DIFFER,
      (value, context) => !value || value === (context.parent as Record<string, unknown>)[of],
    );

export interface SignupValues {
  isAdministradorFinca: boolean;
  firstName: string;
  firstSurname: string;
  secondSurname: string;
  username: string;
  password: string;
  confirmPassword: string;
  email: string;
  documentType: string;
  documentNumber: string;
  isHolder: 'si' | 'no';
  ownerCif: string;
  telephone: string;
  language: string;
}

export const initialSignupValues: SignupValues = {
  isAdministradorFinca: false,
  firstName: '',
  firstSurname: '',
  secondSurname: '',
  username: '',
  password: '',
  confirmPassword: '',
  email: '',
  documentType: '',
  documentNumber: '',
  isHolder: 'si',
  ownerCif: '',
  telephone: '',
  language: 'es',
};

const forCustomers = (schema: yup.AnySchema) =>
  yup
    .string()
    .default('')
    .when('isAdministradorFinca', {
      is: true,
      then: (optional) => optional.notRequired(),
      otherwise: () => schema,
    });

/** Spec 01 §5 "Sign-up". Administrators have no user name, telephone or owner field (spec 01 §2). */
export const signupSchema = yup.object({
  isAdministradorFinca: yup.boolean().default(false),
  firstName: text()
    .trim()
    .required(required(LABELS.firstName))
    .test('length', nameTooLong(NAME_MAX), (value) => quotedLength(value) <= NAME_MAX)
    .test('characters', ALLOWED_CHARACTERS_RULE, hasOnlyAllowedCharacters),
  firstSurname: text()
    .test('characters', ALLOWED_CHARACTERS_RULE, hasOnlyAllowedCharacters)
    .test(
      'length',
      SURNAMES_TOO_LONG,
      (value, context) =>
        quotedLength(`${value} ${(context.parent as SignupValues).secondSurname}`.trim()) <= NAME_MAX,
    ),
  secondSurname: text()
    .test('characters', ALLOWED_CHARACTERS_RULE, hasOnlyAllowedCharacters)
    .test(
      'length',
      SURNAMES_TOO_LONG,
      (value, context) =>
        quotedLength(`${(context.parent as SignupValues).firstSurname} ${value}`.trim()) <= NAME_MAX,
    ),
  username: forCustomers(usernameField()),
  password: namedRulePasswordField(LABELS.password).test(
    'account-words',
    PASSWORD_HAS_ACCOUNT_WORDS,
    (value, context) => {
      const { username, email } = context.parent as SignupValues;
      return !containsAccountWords(value, username, email);
    },
  ),
  confirmPassword: confirmationField('password'),
  email: emailField(),
  documentType: text().required(required(LABELS.documentType)),
  documentNumber: documentField(LABELS.documentNumber),
  isHolder: text(),
  ownerCif: forCustomers(documentField(LABELS.ownerCif)),
  telephone: text()
    .trim()
    .test('phone', PHONE_RULE, (value) => value === '' || /^\d{9,}$/.test(value)),
  language: text().required(required(LABELS.language)),
});

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Spec 01 §5 "Change password (/admin)", for the signed-in user's name and e-mail. */
export const changePasswordSchemaFor = (username: string, email = '') =>
  yup.object({
    currentPassword: text()
      .required(required(LABELS.currentPassword))
      .test('rule', PASSWORD_RULE, meetsPasswordRule),
    newPassword: namedRulePasswordField(LABELS.newPassword)
      .test(
        'different',
        NEW_PASSWORD_SAME,
        (value, context) => value !== (context.parent as ChangePasswordValues).currentPassword,
      )
      .test(
        'account-words',
        PASSWORD_HAS_ACCOUNT_WORDS,
        (value) => !containsAccountWords(value, username, email),
      ),
    confirmPassword: confirmationField('newPassword', LABELS.confirmNewPassword),
  });
export const changePasswordSchema = changePasswordSchemaFor('');

export interface ContactValues {
  isAdministradorFinca: boolean;
  username: string;
  email: string;
  telephone: string;
}

type ContactFieldSchema = yup.StringSchema<string, yup.AnyObject, '', 'd'>;

/** A contact field that administrators and customers fill with different rules. */
function adminOrCustomer(admin: () => ContactFieldSchema, customer: () => ContactFieldSchema) {
  return yup
    .string()
    .default('')
    .when('isAdministradorFinca', { is: true, then: admin, otherwise: customer });
}

/** The contact form as the API takes it; administrators give no telephone ('0'). */
export function contactRequest(values: ContactValues) {
  const admin = values.isAdministradorFinca;
  return {
    admin,
    body: {
      username: values.username.trim(),
      email: values.email.trim(),
      telefono: admin ? '0' : values.telephone.trim(),
    },
  };
}

export const initialContactValues: ContactValues = {
  isAdministradorFinca: false,
  username: '',
  email: '',
  telephone: '',
};

/** Spec 01 §5 "Resend validation": administrators give only their e-mail, typed in both fields. */
export const resendSchema = yup.object({
  isAdministradorFinca: yup.boolean().default(false),
  username: adminOrCustomer(
    () => emailField(LABELS.adminEmail),
    () => usernameField(),
  ),
  email: emailField(),
  telephone: forCustomers(phoneField()),
});

/** Spec 01 §5 "Password reset"; in administrator mode the second e-mail must be a valid e-mail. */
export const resetSchema = yup.object({
  isAdministradorFinca: yup.boolean().default(false),
  username: adminOrCustomer(
    () => emailField(LABELS.adminEmail),
    () => text().trim().required(required(LABELS.username)).max(EMAIL_MAX, USERNAME_TOO_LONG),
  ),
  email: adminOrCustomer(
    () => emailField(LABELS.confirmEmail),
    () => text().trim().required(required(LABELS.email)).max(EMAIL_MAX, EMAIL_TOO_LONG),
  ),
  telephone: forCustomers(phoneField()),
});

export const recoverySchema = yup.object({
  isAdministradorFinca: yup.boolean().default(false),
  email: emailField(),
});

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/** Spec 01 §5 "Set password with confirmation code". */
export const setPasswordSchema = yup.object({
  password: namedRulePasswordField(LABELS.password),
  confirmPassword: confirmationField('password'),
});

/** Spec 01 §5 "E-mailed-link change password (client rules)", with the characters every flow refuses. */
export const linkPasswordSchema = yup.object({
  password: newPasswordField(LABELS.newPassword)
    .min(8, LINK_PASSWORD_SHORT)
    .test('rule', LINK_PASSWORD_RULE, meetsLinkPasswordRule),
  confirmPassword: confirmationField('password'),
});

/** "Permisos de acceso": the grant form (issue 28); the server checks the same rules again. */
export interface PermissionValues {
  documento: string;
  todos: boolean;
  contratos: string[];
  desde: string;
  hasta: string;
  alcance: 'consumo' | 'consumo_facturas';
}

/** Two years after an ISO date, as the server counts them (DECISIONS "Data access and consent"). */
const twoYearsAfter = (iso: string) => addMonths(iso, 24);

export const permissionSchema = yup.object({
  documento: text()
    .trim()
    .required(PERMISSION_ERRORS.document)
    .test('document', PERMISSION_ERRORS.document, (value) => isValidDocument(value ?? '')),
  todos: yup.boolean().default(false),
  contratos: yup
    .array(yup.string().required())
    .default([])
    .when('todos', {
      is: false,
      then: (schema) => schema.min(1, PERMISSION_ERRORS.supplies),
    }),
  desde: text()
    .required(PERMISSION_ERRORS.date)
    .test('iso', PERMISSION_ERRORS.date, (value) => isValidIso(value)),
  hasta: text()
    .required(PERMISSION_ERRORS.date)
    .test('iso', PERMISSION_ERRORS.date, (value) => isValidIso(value))
    .test('after', PERMISSION_ERRORS.endBeforeStart, function after(value) {
      const { desde } = this.parent as PermissionValues;
      return !isValidIso(desde) || value > desde;
    })
    .test('two years', PERMISSION_ERRORS.overTwoYears, function twoYears(value) {
      const { desde } = this.parent as PermissionValues;
      return !isValidIso(desde) || value <= twoYearsAfter(desde);
    }),
  alcance: yup.mixed<PermissionValues['alcance']>().oneOf(['consumo', 'consumo_facturas']).required(),
});
