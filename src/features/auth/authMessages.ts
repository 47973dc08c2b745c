import { pathTo } from '@/shared/config/routes';

export const LOGIN_BAD_CREDENTIALS = 'El usuario y/o contraseña no son correctos para ingresar.';
export const LOGIN_NOT_VALIDATED =
  'Su cuenta todavía no ha sido validada. Revise su correo electrónico o solicite un nuevo enlace de validación.';
export const LOGIN_NOT_VALIDATED_LINK = 'Solicitar un nuevo enlace de validación';
export const LOGIN_VERIFICATION_SENT = 'El correo electrónico de verificación se ha enviado correctamente.';
export const LOGIN_INTERNAL_ERROR = 'Se ha producido un error interno. Por favor, inténtelo más tarde.';
export const LOGIN_SESSION_EXPIRED = 'Su sesión ha caducado. Por favor, vuelva a iniciar sesión.';
export const LOGIN_CANNOT_CONNECT =
  'No ha sido posible conectar con la Oficina Virtual. Por favor, inténtelo más tarde.';
export const LOGIN_VERIFICATION_SEND_FAILED =
  'Se ha producido un error al enviar el correo electrónico de verificación.';
export const LOGIN_TOO_MANY_ATTEMPTS =
  'Ha realizado demasiados intentos de acceso. Por favor, espere un minuto y vuelva a intentarlo.';
export const LOGIN_ACCOUNT_DELAYED =
  'Se han producido demasiados intentos fallidos con este usuario. Por seguridad, espere unos minutos y vuelva a intentarlo.';
export const LOGIN_UNKNOWN_ERROR = 'Ha ocurrido un error desconocido. Por favor, inténtelo más tarde.';

export const USERNAME_LABEL = 'Usuario';
export const PASSWORD_LABEL = 'Contraseña';
export const ADMIN_REALM_LABEL = 'Administrador de finca';
export const USERNAME_REQUIRED = 'El campo Usuario es obligatorio';
export const PASSWORD_REQUIRED = 'El campo Contraseña es obligatorio';

export const CONNECTION_CHECK_BUTTON = 'Comprobar conexión';
export const CONNECTION_OK = 'La conexión se ha verificado correctamente.';
export const connectionFailed = (phone: string) =>
  `No hay conexión con la Oficina Virtual. Llame a Atención al Cliente: ${phone}.`;

export interface LoginFailureMessage {
  text: string;
  link?: { to: string; label: string };
}

/**
 * Spec 01 §8 "Login failure codes", one row per code; 429 (limits of an address) and 423 (growing delay after
 * repeated failures of one user name) are the reference server's sign-in limits.
 */
export const LOGIN_FAILURE_MESSAGES: Record<number, LoginFailureMessage> = {
  104: { text: LOGIN_BAD_CREDENTIALS },
  462: { text: LOGIN_BAD_CREDENTIALS },
  500: { text: LOGIN_BAD_CREDENTIALS },
  157: {
    text: LOGIN_NOT_VALIDATED,
    link: { to: pathTo('userValidationResend'), label: LOGIN_NOT_VALIDATED_LINK },
  },
  461: {
    text: LOGIN_NOT_VALIDATED,
    link: { to: pathTo('userValidationResend'), label: LOGIN_NOT_VALIDATED_LINK },
  },
  207: { text: LOGIN_VERIFICATION_SENT },
  400: { text: LOGIN_INTERNAL_ERROR },
  401: { text: LOGIN_SESSION_EXPIRED },
  404: { text: LOGIN_CANNOT_CONNECT },
  470: { text: LOGIN_CANNOT_CONNECT },
  464: { text: LOGIN_VERIFICATION_SEND_FAILED },
  429: { text: LOGIN_TOO_MANY_ATTEMPTS },
  423: { text: LOGIN_ACCOUNT_DELAYED },
};

export function loginFailureMessage(code: number): LoginFailureMessage {
  return LOGIN_FAILURE_MESSAGES[code] ?? { text: LOGIN_UNKNOWN_ERROR };
}

/** From 470 upwards the login page offers the connection check (spec 01 §2 Login). */
export function offersConnectionCheck(code: number | null): boolean {
  return code !== null && code >= 470;
}

// The login page's links to the guest flows (spec 01 §2 Login).
export const SIGNUP_LINK = 'Regístrate';
export const RECOVER_ACCOUNT_LINK = 'Recuperar cuenta';

/** The staff's sign-in (issue 27), /atencion/login. */
export const STAFF_LOGIN_TITLE = 'Acceso de Atención al Cliente';
export const STAFF_LOGIN_INTRO =
  'Acceso para el personal de Atención al Cliente. Los clientes entran por el acceso a la Oficina Virtual.';
export const LOGIN_BUTTON = 'Entrar';
