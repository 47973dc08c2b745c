import { ApiError } from '../../http/errors';
import type { MailFailure } from '../../mail/mailer';

// Body codes and texts of the account calls (spec 01 §8; the table is in server/README.md).
export const SIGNUP_CREATED = 'Usuario registrado. Le hemos enviado un correo para activar la cuenta.';
export const SIGNUP_RESENT = 'El usuario ya estaba registrado y pendiente de validar: correo reenviado.';
export const USERNAME_TAKEN = 'Ya existe una cuenta con ese nombre de usuario o correo electrónico.';
export const NO_CONTRACT = 'No se ha encontrado ningún contrato con esos datos.';
export const DOCUMENT_MISMATCH = 'Los datos no coinciden con los del titular registrado.';
export const MISSING_FIELDS = 'Faltan datos obligatorios o no son válidos.';
export const FORBIDDEN_PASSWORD = 'La contraseña contiene caracteres no permitidos o no cumple la política.';
export const FORBIDDEN_NAME = 'Los nombres o el nombre de usuario contienen caracteres no permitidos.';
export const WRONG_REALM = 'Esta operación no existe en este ámbito.';
export const USER_NOT_FOUND = 'No existe ningún usuario con esos datos.';
export const ALREADY_ACTIVE = 'El usuario ya está activo.';
export const MAIL_SENT = 'Correo enviado.';
export const RESET_USERNAME_UNKNOWN = 'El nombre de usuario no está registrado.';
export const RESET_EMAIL_MISMATCH = 'El correo electrónico no coincide con el registrado.';
export const RESET_PHONE_MISMATCH = 'El teléfono no coincide con el registrado.';
export const RESET_NOT_VALIDATED = 'La cuenta todavía no está validada: no se puede cambiar la contraseña.';
export const TOKEN_INVALID = 'El enlace o el código de confirmación ha caducado o no es válido.';
export const PASSWORD_FORMAT = 'La contraseña no tiene el formato requerido.';
export const CLIENT_TOKEN_REQUIRED = 'Falta un token de cliente válido.';
export const CLIENT_CREDENTIAL_WRONG = 'Credencial de cliente no válida.';
export const CURRENT_PASSWORD_WRONG = 'La contraseña actual no es correcta.';
export const SAME_PASSWORD = 'La nueva contraseña debe ser distinta de la actual.';
export const PASSWORD_CHANGED = 'Contraseña cambiada.';
export const TOKEN_VALID_MESSAGE = 'Token válido';
/** The production backend's text for an invalid e-mail token; the SPA compares with it (spec 01 §7). */
export const TOKEN_INVALID_MESSAGE = 'Error al validar usuario.';
export const TOO_MANY_REQUESTS = 'Demasiadas peticiones. Espere un minuto e inténtelo de nuevo.';
export const MAIL_FAILED: Record<MailFailure, ApiError> = {
  unavailable: new ApiError(503, 503, 'El servicio de correo no está disponible.'),
  rejected: new ApiError(502, 502, 'El servidor de correo ha rechazado el mensaje.'),
  timeout: new ApiError(504, 504, 'El servidor de correo no ha respondido a tiempo.'),
};

export const SIGNUP_CODES = { usernameTaken: 103, passwordFormat: 176, tokenInvalid: 147 } as const;
export const RESET_CODES = { emailMismatch: 169, phoneMismatch: 170, usernameUnknown: 174 } as const;
