import {
  BACKEND_UNAVAILABLE,
  CHANGE_PASSWORD_DONE,
  CHANGE_PASSWORD_FORBIDDEN,
  CHANGE_PASSWORD_OTHER,
  CHANGE_PASSWORD_WRONG_CURRENT,
  LINK_PASSWORD_EXPIRED,
  PASSWORD_FORBIDDEN_CHARACTERS,
  PASSWORD_TOO_COMMON,
  RECOVERY_NO_ACCOUNT,
  RECOVERY_NOT_FOUND,
  RECOVERY_SENT,
  RESEND_ALREADY_ACTIVE,
  RESEND_NO_USER,
  RESEND_SENT,
  RESEND_UNCONTROLLED,
  RESET_COULD_NOT_CHANGE,
  RESET_DATA_MISMATCH,
  RESET_EMAIL_MISMATCH,
  RESET_PHONE_MISMATCH,
  RESET_SENT,
  RESET_USERNAME_UNKNOWN,
  SET_PASSWORD_BAD_REQUEST,
  SET_PASSWORD_CODE_EXPIRED,
  SET_PASSWORD_DONE,
  SET_PASSWORD_FORMAT,
  SET_PASSWORD_PRECONDITION,
  SIGNUP_BLOCKING_STATUSES,
  SIGNUP_DOCUMENT_FAILED,
  SIGNUP_USERNAME_EXISTS,
  UNEXPECTED_ERROR,
  UNKNOWN_ERROR,
  changePasswordOutcome,
  linkPasswordOutcome,
  recoveryOutcome,
  resendOutcome,
  resetOutcome,
  setPasswordOutcome,
  signupOutcome,
  signupThanks,
} from './accountMessages';

describe('spec 01 §8 tables', () => {
  it('sign-up: every status and code to its message; submit blocked for 0, 403, 461, 500 and 203', () => {
    const text = (status: number, code: number | null = null) =>
      signupOutcome(status, code, 'alta@cliente.example', '900 100 200').text;
    expect(text(200)).toBe(SIGNUP_USERNAME_EXISTS);
    expect(text(500, 103)).toBe(SIGNUP_USERNAME_EXISTS);
    for (const status of [201, 204, 207]) expect(text(status)).toBe(signupThanks('alta@cliente.example'));
    expect(text(201)).toContain('alta@cliente.example');
    expect(text(0)).toContain('Atención al Cliente en el 900 100 200');
    expect(text(403)).toBe(text(0));
    expect(text(461)).toBe(SIGNUP_DOCUMENT_FAILED);
    const own = [500, 465, 464, 470, 404, 405, 408, 499, 502, 503, 504].map((status) => text(status));
    expect(new Set(own).size).toBe(own.length);
    expect(own).not.toContain(UNKNOWN_ERROR);
    expect(text(418)).toBe(UNKNOWN_ERROR);
    expect(text(203)).toBe(UNKNOWN_ERROR);
    expect([...SIGNUP_BLOCKING_STATUSES].sort()).toEqual([0, 203, 403, 461, 500].sort());
  });

  it('change password (/admin) by status, with the exact texts', () => {
    expect(changePasswordOutcome(200)).toEqual({ kind: 'success', text: CHANGE_PASSWORD_DONE });
    for (const status of [400, 403, 500]) {
      expect(changePasswordOutcome(status).text).toBe(
        'La contraseña actual no es correcta, inténtalo nuevamente',
      );
    }
    expect(CHANGE_PASSWORD_WRONG_CURRENT).toBe('La contraseña actual no es correcta, inténtalo nuevamente');
    expect(changePasswordOutcome(465).text).toBe(
      'Se ha detectado uso de caracteres especiales no permitidos. Lista de caracteres que no debe incluir en su contraseña [+, -, ", \']',
    );
    expect(CHANGE_PASSWORD_FORBIDDEN).toBe(changePasswordOutcome(465).text);
    expect(changePasswordOutcome(502).text).toBe(
      'Ha ocurrido un error. Por favor, inténtelo de nuevo más tarde.',
    );
    expect(CHANGE_PASSWORD_OTHER).toBe(changePasswordOutcome(502).text);
  });

  it('resend validation, including a "no user" message under another status', () => {
    for (const status of [200, 202, 204]) expect(resendOutcome(status, null).text).toBe(RESEND_SENT);
    expect(resendOutcome(404, null).text).toBe(RESEND_NO_USER);
    expect(resendOutcome(400, 'No se ha encontrado ningún usuario con esos datos').text).toBe(RESEND_NO_USER);
    expect(resendOutcome(409, null)).toMatchObject({ text: RESEND_ALREADY_ACTIVE, loginLink: true });
    expect(resendOutcome(500, null).text).toBe(RESEND_UNCONTROLLED);
    expect(resendOutcome(503, null).text).toBe(BACKEND_UNAVAILABLE);
    expect(BACKEND_UNAVAILABLE).toBe('Backend no disponible');
  });

  it('password reset: body codes first, then statuses, else the unexpected-error text', () => {
    expect(resetOutcome(400, 169).text).toBe(RESET_EMAIL_MISMATCH);
    expect(resetOutcome(400, 170).text).toBe(RESET_PHONE_MISMATCH);
    expect(resetOutcome(400, 174).text).toBe(RESET_USERNAME_UNKNOWN);
    expect(resetOutcome(202, null).text).toBe(RESET_SENT);
    expect(resetOutcome(204, null).text).toBe(RESET_SENT);
    expect(resetOutcome(400, 400).text).toBe(RESET_DATA_MISMATCH);
    expect(resetOutcome(464, 464).text).toBe(RESET_COULD_NOT_CHANGE);
    expect(resetOutcome(465, null).text).toBe('Ha introducido caracteres no permitidos.');
    expect(resetOutcome(418, null).text).toBe('Ha ocurrido un error inesperado.');
    expect(UNEXPECTED_ERROR).toBe('Ha ocurrido un error inesperado.');
  });

  it('set password by confirmation code: 202, 400 with 147 and 176, 412, 465', () => {
    expect(setPasswordOutcome(202, null).text).toBe(SET_PASSWORD_DONE);
    expect(setPasswordOutcome(400, 147).text).toBe(SET_PASSWORD_CODE_EXPIRED);
    expect(setPasswordOutcome(400, 176).text).toBe(SET_PASSWORD_FORMAT);
    expect(setPasswordOutcome(400, 400).text).toBe(SET_PASSWORD_BAD_REQUEST);
    expect(setPasswordOutcome(412, null).text).toBe(SET_PASSWORD_PRECONDITION);
    expect(setPasswordOutcome(465, null).text).toBe(PASSWORD_FORBIDDEN_CHARACTERS);
  });

  it('recover user name and the e-mailed links', () => {
    expect(recoveryOutcome(200).text).toBe(RECOVERY_SENT);
    expect(recoveryOutcome(204).text).toBe(RECOVERY_NO_ACCOUNT);
    expect(recoveryOutcome(400).text).toBe(RECOVERY_NOT_FOUND);
    expect(linkPasswordOutcome(465).text).toBe(PASSWORD_FORBIDDEN_CHARACTERS);
    // The 465 of any flow names every character no flow accepts (DECISIONS "Passwords across flows").
    expect(PASSWORD_FORBIDDEN_CHARACTERS).toBe(
      'La contraseña contiene caracteres no permitidos. No puede incluir los caracteres = _ & ? - / \\ " + \'',
    );
    expect(linkPasswordOutcome(400).text).toBe(LINK_PASSWORD_EXPIRED);
    expect(LINK_PASSWORD_EXPIRED.startsWith('El enlace para cambiar su contraseña ha caducado')).toBe(true);
  });
});

describe('a common password (466) in every flow that sets one', () => {
  it('shows the same Spanish message', () => {
    expect(signupOutcome(466, 466, 'a@b.example', '900').text).toBe(PASSWORD_TOO_COMMON);
    expect(changePasswordOutcome(466).text).toBe(PASSWORD_TOO_COMMON);
    expect(setPasswordOutcome(466, 466).text).toBe(PASSWORD_TOO_COMMON);
    expect(linkPasswordOutcome(466).text).toBe(PASSWORD_TOO_COMMON);
  });
});
