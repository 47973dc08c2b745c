import {
  ALLOWED_CHARACTERS_RULE,
  CHANGE_PASSWORD_FORBIDDEN,
  DOCUMENT_RULE,
  LINK_PASSWORD_RULE,
  LINK_PASSWORD_SHORT,
  NEW_PASSWORD_SAME,
  PASSWORDS_DIFFER,
  PASSWORD_HAS_ACCOUNT_WORDS,
  PASSWORD_RULE,
  PHONE_RULE,
  SURNAMES_TOO_LONG,
  USERNAME_RULE,
} from './accountMessages';
import {
  changePasswordSchema,
  changePasswordSchemaFor,
  containsAccountWords,
  initialSignupValues,
  linkPasswordSchema,
  meetsLinkPasswordRule,
  meetsPasswordRule,
  quotedLength,
  resendSchema,
  resetSchema,
  setPasswordSchema,
  signupSchema,
} from './accountSchemas';

async function errorOf(
  schema: { validateAt: (path: string, value: object) => Promise<unknown> },
  path: string,
  values: object,
) {
  try {
    await schema.validateAt(path, values);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const signup = (overrides: object) => ({
  ...initialSignupValues,
  firstName: 'Carmen',
  username: 'carmen',
  password: 'Segura2024!',
  confirmPassword: 'Segura2024!',
  email: 'alta@cliente.example',
  documentType: 'nif',
  documentNumber: '12345678Z',
  ownerCif: '12345678Z',
  ...overrides,
});

describe('the named rules of spec 01 §5, word for word', () => {
  it('password: 8 characters, 3 of 4 classes, none of = _ & ? - / \\ "', async () => {
    expect(meetsPasswordRule('Segura2024!')).toBe(true);
    expect(meetsPasswordRule('segura2024')).toBe(false);
    expect(meetsPasswordRule('Segura2024')).toBe(true);
    expect(meetsPasswordRule('Seg2024!')).toBe(true);
    expect(meetsPasswordRule('Se2024!')).toBe(false);
    for (const character of ['=', '_', '&', '?', '-', '/', '\\', '"']) {
      expect(meetsPasswordRule(`Segura2024${character}`)).toBe(false);
    }
    expect(await errorOf(signupSchema, 'password', signup({ password: 'corta' }))).toBe(PASSWORD_RULE);
    expect(PASSWORD_RULE).toBe(
      'La contraseña debe tener al menos 8 caracteres y cumplir al menos 3 de estos 4 requisitos: 1 mayúscula, 1 minúscula, 1 número, 1 carácter especial (!@#$%^*.). No puede contener los caracteres = _ & ? - / \\ "',
    );
  });

  // DECISIONS "Passwords across flows": every flow that sets a password refuses both lists, with the named
  // rule's message for its characters and the change-password 465 text for + and '.
  const flows: [string, (password: string) => Promise<string | null>][] = [
    ['sign-up', (password) => errorOf(signupSchema, 'password', signup({ password }))],
    ['set password', (password) => errorOf(setPasswordSchema, 'password', { password, confirmPassword: '' })],
    [
      'e-mailed link',
      (password) => errorOf(linkPasswordSchema, 'password', { password, confirmPassword: '' }),
    ],
    [
      '/admin',
      (password) =>
        errorOf(changePasswordSchema, 'newPassword', {
          currentPassword: 'Actual2024!',
          newPassword: password,
          confirmPassword: '',
        }),
    ],
  ];
  describe.each(flows)('%s', (_flow, passwordError) => {
    it.each(['=', '_', '&', '?', '-', '/', '\\', '"'])('%s shows the named rule', async (character) => {
      expect(await passwordError(`Segura${character}2024!`)).toBe(PASSWORD_RULE);
    });
    it.each(['+', "'"])('%s shows the change-password 465 text', async (character) => {
      expect(await passwordError(`Segura${character}2024!`)).toBe(CHANGE_PASSWORD_FORBIDDEN);
    });
    it('accepts a password of the named rule', async () => {
      expect(await passwordError('Segura2024!')).toBeNull();
    });
  });

  it("refuses a password with the user name or the e-mail's local part, ignoring case (sign-up and /admin)", async () => {
    for (const password of ['Carmen2024!', 'Xx1!CARMEN', 'Alta2024!x']) {
      expect(await errorOf(signupSchema, 'password', signup({ password }))).toBe(PASSWORD_HAS_ACCOUNT_WORDS);
    }
    expect(
      await errorOf(changePasswordSchemaFor('lucia88'), 'newPassword', {
        currentPassword: 'Actual2024!',
        newPassword: 'Mi.LUCIA88x',
        confirmPassword: '',
      }),
    ).toBe(PASSWORD_HAS_ACCOUNT_WORDS);
    expect(PASSWORD_HAS_ACCOUNT_WORDS).toBe(
      'La contraseña no puede contener su nombre de usuario ni la parte de su correo electrónico anterior a la @.',
    );
    // Words shorter than 3 characters do not count.
    expect(containsAccountWords('Ab1!xyzw', 'ab', 'x@y.example')).toBe(false);
  });

  it('user name: 3 to 30 letters or digits', async () => {
    expect(await errorOf(signupSchema, 'username', signup({ username: 'ab' }))).toBe(USERNAME_RULE);
    expect(await errorOf(signupSchema, 'username', signup({ username: 'carmen.ortega' }))).toBe(
      USERNAME_RULE,
    );
    expect(await errorOf(signupSchema, 'username', signup({ username: 'a'.repeat(31) }))).toBe(USERNAME_RULE);
    expect(await errorOf(signupSchema, 'username', signup({ username: 'Carmen2024' }))).toBeNull();
    expect(USERNAME_RULE).toBe(
      'El nombre de usuario debe tener entre 3 y 30 caracteres, y no debe incluir caracteres especiales (, . _ & ? etc)',
    );
  });

  it('allowed characters, name length with quotes counting twice, surnames together at most 50', async () => {
    expect(await errorOf(signupSchema, 'firstName', signup({ firstName: 'Ana<b>' }))).toBe(
      ALLOWED_CHARACTERS_RULE,
    );
    expect(
      await errorOf(signupSchema, 'firstName', signup({ firstName: "José Mª d'Ávila-Núñez, S.L." })),
    ).toBe(ALLOWED_CHARACTERS_RULE);
    expect(
      await errorOf(signupSchema, 'firstName', signup({ firstName: "José d'Ávila-Núñez, S.L." })),
    ).toBeNull();
    expect(quotedLength('a"b')).toBe(4);
    expect(await errorOf(signupSchema, 'firstName', signup({ firstName: 'a'.repeat(51) }))).toBe(
      'La longitud máxima del nombre o razón social debe de ser de 50 caracteres',
    );
    expect(
      await errorOf(
        signupSchema,
        'secondSurname',
        signup({ firstSurname: 'a'.repeat(25), secondSurname: 'b'.repeat(25) }),
      ),
    ).toBe(SURNAMES_TOO_LONG);
    expect(
      await errorOf(
        signupSchema,
        'secondSurname',
        signup({ firstSurname: 'a'.repeat(24), secondSurname: 'b'.repeat(25) }),
      ),
    ).toBeNull();
  });

  it('document number and owner CIF: 8 to 10 letters or digits', async () => {
    expect(await errorOf(signupSchema, 'documentNumber', signup({ documentNumber: '1234-567' }))).toBe(
      DOCUMENT_RULE,
    );
    expect(await errorOf(signupSchema, 'ownerCif', signup({ ownerCif: '1234567' }))).toBe(DOCUMENT_RULE);
    expect(
      await errorOf(signupSchema, 'ownerCif', signup({ isAdministradorFinca: true, ownerCif: '' })),
    ).toBeNull();
  });

  it('phone: optional at sign-up, required elsewhere; digits only, at least 9', async () => {
    expect(await errorOf(signupSchema, 'telephone', signup({ telephone: '' }))).toBeNull();
    expect(await errorOf(signupSchema, 'telephone', signup({ telephone: '60012345' }))).toBe(PHONE_RULE);
    expect(await errorOf(signupSchema, 'telephone', signup({ telephone: '600 123 456' }))).toBe(PHONE_RULE);
    expect(
      await errorOf(resendSchema, 'telephone', {
        isAdministradorFinca: false,
        username: 'demo',
        email: 'a@b.es',
        telephone: '',
      }),
    ).toBe('El campo Teléfono de contacto es obligatorio');
  });

  it('confirmation equality and a new password different from the current one', async () => {
    expect(await errorOf(signupSchema, 'confirmPassword', signup({ confirmPassword: 'Otra2024!' }))).toBe(
      PASSWORDS_DIFFER,
    );
    expect(
      await errorOf(changePasswordSchema, 'newPassword', {
        currentPassword: 'Segura2024!',
        newPassword: 'Segura2024!',
        confirmPassword: 'Segura2024!',
      }),
    ).toBe(NEW_PASSWORD_SAME);
  });

  it('an empty confirmation says it is required, in every password form (not that the passwords differ)', async () => {
    const typed = { password: 'Segura2024!', confirmPassword: '' };
    expect(await errorOf(signupSchema, 'confirmPassword', signup(typed))).toBe(
      'El campo Confirmar contraseña es obligatorio',
    );
    for (const schema of [setPasswordSchema, linkPasswordSchema]) {
      expect(await errorOf(schema, 'confirmPassword', typed)).toBe(
        'El campo Confirmar contraseña es obligatorio',
      );
    }
    expect(
      await errorOf(changePasswordSchema, 'confirmPassword', {
        currentPassword: 'Vieja2024!',
        newPassword: 'Segura2024!',
        confirmPassword: '',
      }),
    ).toMatch(/^El campo .* es obligatorio$/);
  });

  it('administrator mode of the reset form needs a valid confirm e-mail', async () => {
    expect(
      await errorOf(resetSchema, 'email', {
        isAdministradorFinca: true,
        username: 'a@b.es',
        email: 'no',
        telephone: '',
      }),
    ).toBe('Introduzca un correo electrónico válido');
    expect(
      await errorOf(resetSchema, 'email', {
        isAdministradorFinca: false,
        username: 'demo',
        email: 'libre',
        telephone: '600123456',
      }),
    ).toBeNull();
  });

  it('e-mailed-link rule: 8 characters first, then 3 of 4 classes', async () => {
    expect(await errorOf(linkPasswordSchema, 'password', { password: 'Ab1!', confirmPassword: '' })).toBe(
      LINK_PASSWORD_SHORT,
    );
    expect(await errorOf(linkPasswordSchema, 'password', { password: 'abcdefgh', confirmPassword: '' })).toBe(
      LINK_PASSWORD_RULE,
    );
    expect(meetsLinkPasswordRule('nueva.2024')).toBe(true);
    // A comma is no special for the server and /admin: the link form may not accept it as one.
    expect(meetsLinkPasswordRule('nueva,2024')).toBe(false);
    expect(
      await errorOf(linkPasswordSchema, 'password', { password: 'abcdefg,1', confirmPassword: '' }),
    ).toBe(LINK_PASSWORD_RULE);
    expect(
      await errorOf(linkPasswordSchema, 'confirmPassword', { password: 'Nueva2024', confirmPassword: 'x' }),
    ).toBe('Las contraseñas no coinciden.');
  });
});
