/**
 * Every Spanish text of the account flows (spec 01 §2, §5 and §8). Texts the spec quotes are exact; where it
 * gives only the meaning, the wording is ours (server/README.md, "Account flows", lists those decisions).
 */
import type { NotificationKind } from '@contract/account';

// Titles and shared labels
export const SIGNUP_TITLE = 'Registro de Usuario';
export const SIGNUP_ADMIN_TITLE = 'Registro de Administrador de Fincas';
export const ADMIN_CHECKBOX = 'Administrador de finca';
export const GO_TO_LOGIN = 'Acceder a la Oficina Virtual';
export const SEND = 'Enviar';
export const CONFIRM_DATA = 'Confirmar Datos';
export const CONTINUE = 'Continuar';
export const SENDING = 'Enviando…';

// Section 5: named rules, exact wording
export const PASSWORD_RULE =
  'La contraseña debe tener al menos 8 caracteres y cumplir al menos 3 de estos 4 requisitos: 1 mayúscula, 1 minúscula, 1 número, 1 carácter especial (!@#$%^*.). No puede contener los caracteres = _ & ? - / \\ "';
export const USERNAME_RULE =
  'El nombre de usuario debe tener entre 3 y 30 caracteres, y no debe incluir caracteres especiales (, . _ & ? etc)';
export const ALLOWED_CHARACTERS_RULE = 'Ha introducido carácteres prohibidos en nuestro sistema.';
export const DOCUMENT_RULE =
  'El número de documento debe de contener sólo números o letras, y tener entre 8 y 10 caracteres';
export const NEW_PASSWORD_SAME = 'La nueva contraseña no debe ser igual a la contraseña actual';
export const nameTooLong = (max: number) =>
  `La longitud máxima del nombre o razón social debe de ser de ${max} caracteres`;
export const SURNAMES_TOO_LONG =
  'La longitud máxima de los apellidos (sumando ambos) debe de ser de 50 caracteres';
export const LINK_PASSWORD_SHORT = 'La contraseña debe tener al menos 8 caracteres.';
export const LINK_PASSWORD_RULE =
  'La contraseña debe tener al menos 8 caracteres y cumplir al menos 3 de estos 4 requisitos: 1 mayúscula, 1 minúscula, 1 número, 1 carácter especial (, . _ & ? etc)';
export const PASSWORDS_DIFFER = 'Las contraseñas no coinciden.';

// Section 5: messages the spec does not show
export const required = (label: string) => `El campo ${label} es obligatorio`;
export const EMAIL_INVALID = 'Introduzca un correo electrónico válido';
export const EMAIL_TOO_LONG = 'El correo electrónico no debe tener más de 100 caracteres';
export const USERNAME_TOO_LONG = 'El nombre de usuario no debe tener más de 100 caracteres';
export const PHONE_RULE = 'El teléfono debe contener sólo números y tener al menos 9 dígitos';

// Field labels
export const LABELS = {
  firstName: 'Nombre / Razón Social',
  firstSurname: 'Primer Apellido',
  secondSurname: 'Segundo Apellido',
  username: 'Nombre de usuario',
  password: 'Contraseña',
  confirmPassword: 'Confirmar contraseña',
  email: 'Email',
  documentType: 'Tipo de documento',
  documentNumber: 'Número',
  isHolder: '¿Es usted el titular del punto de suministro?',
  ownerCif: 'CIF del titular del punto de suministro',
  telephone: 'Teléfono de contacto (opcional)',
  language: 'Idioma por defecto',
  contactPhone: 'Teléfono de contacto',
  adminEmail: 'Email (usuario)',
  confirmEmail: 'Confirmar email',
  currentPassword: 'Contraseña actual',
  newPassword: 'Nueva contraseña',
  confirmNewPassword: 'Confirmar nueva contraseña',
} as const;
export const YES = 'Sí';
export const NO = 'No';
export const CHOOSE = 'Seleccione…';
export const LANGUAGE_SPANISH = 'Español';
export const DOCUMENT_TYPES = [
  { value: 'nif', label: 'NIF' },
  { value: 'cif', label: 'CIF' },
  { value: 'nie', label: 'NIE' },
] as const;

// Sign-up steps
export const STEP_USER_DATA = 'Datos de Usuario';
export const STEP_SUMMARY = 'Resumen';
export const STEP_SUMMARY_HEADING = 'Confirma tus datos';
export const STEP_RECEIVED = 'Datos recibidos';
export const stepOf = (step: number) => `Paso ${step} de 3`;
export const PRODUCTS_FOUND = 'Productos encontrados';
export const ELECTRICITY_PRODUCTS = 'Electricidad';
export const GAS_PRODUCTS = 'Gas';
export const SUMMARY_LABELS = {
  name: 'Nombre / Razón Social',
  surnames: 'Apellidos',
  username: 'Nombre de usuario',
  /** Administrators sign in with their e-mail, not with the derived user name (spec 01 §2). */
  signInWith: 'Usuario para acceder (su email)',
  email: 'Email',
  document: 'Documento',
  ownerCif: 'CIF del titular',
  telephone: 'Teléfono de contacto',
  language: 'Idioma',
} as const;
export const NOT_GIVEN = '—';
export const EDIT_DATA = 'Modificar datos';

export interface OutcomeMessage {
  text: string;
  kind: 'success' | 'error';
}

const error = (text: string): OutcomeMessage => ({ text, kind: 'error' });
const success = (text: string): OutcomeMessage => ({ text, kind: 'success' });

export const contactHint = (phone: string) =>
  `Si el problema persiste, póngase en contacto con Atención al Cliente en el ${phone}.`;
/** A message and the hint as two sentences, also after a text the spec gives without its full stop (503). */
export const withContactHint = (text: string, phone: string) =>
  `${text.endsWith('.') ? text : `${text}.`} ${contactHint(phone)}`;

// Spec 01 §8 "Sign-up outcome"
export const SIGNUP_USERNAME_EXISTS =
  'Ya existe un usuario con ese nombre de usuario o correo electrónico. Por favor, cámbielo.';
export const signupThanks = (email: string) =>
  `Gracias por registrarse. Le hemos enviado un correo electrónico de activación a ${email}.`;
export const signupNoContract = (phone: string) =>
  `No se ha encontrado ningún contrato en nuestro sistema con los datos indicados. Por favor, póngase en contacto con Atención al Cliente en el ${phone}.`;
export const SIGNUP_DOCUMENT_FAILED =
  'No se ha podido verificar su documento de identidad con los datos del titular del suministro.';
export const SIGNUP_INTERNAL_ERROR = 'Se ha producido un error interno. Por favor, inténtelo más tarde.';
export const SIGNUP_MISSING_FIELDS = 'Faltan datos obligatorios. Por favor, revise el formulario.';
export const SIGNUP_PROHIBITED_CHARACTERS =
  'Ha introducido caracteres prohibidos en el nombre, los apellidos o el nombre de usuario.';
export const SIGNUP_NOT_FOUND =
  'No se ha encontrado el servicio de registro. Por favor, inténtelo más tarde.';
export const SIGNUP_METHOD_NOT_ALLOWED =
  'El servicio de registro no admite esta petición. Por favor, póngase en contacto con Atención al Cliente.';
export const SIGNUP_TIMEOUT = 'La petición ha tardado demasiado en enviarse. Por favor, inténtelo de nuevo.';
export const SIGNUP_CANCELLED =
  'La petición se ha cancelado antes de completarse. Por favor, inténtelo de nuevo.';
export const SIGNUP_BAD_GATEWAY =
  'El servicio de registro ha recibido una respuesta no válida. Por favor, inténtelo más tarde.';
export const SIGNUP_UNAVAILABLE =
  'El servicio de registro no está disponible en este momento. Por favor, inténtelo más tarde.';
export const SIGNUP_GATEWAY_TIMEOUT =
  'El servicio de registro ha tardado demasiado en responder. Por favor, inténtelo más tarde.';
export const UNKNOWN_ERROR = 'Se ha producido un error desconocido. Por favor, inténtelo más tarde.';
/** A 465 answer of any flow that sets a password, naming every character no flow accepts. */
export const PASSWORD_FORBIDDEN_CHARACTERS =
  'La contraseña contiene caracteres no permitidos. No puede incluir los caracteres = _ & ? - / \\ " + \'';

/** Statuses after which Confirmar Datos stays disabled until the data change (spec 01 §8). */
export const SIGNUP_BLOCKING_STATUSES = new Set([0, 403, 461, 500, 203]);
/** Every flow that sets a password: the server refuses the 10,000 most common ones with status 466. */
export const PASSWORD_TOO_COMMON_STATUS = 466;
export const PASSWORD_TOO_COMMON =
  'Esta contraseña es de las más usadas y fáciles de adivinar. Elija otra menos común.';
/** Every flow that sets a password: none may contain the user name or the e-mail's local part (status 467). */
export const PASSWORD_HAS_ACCOUNT_WORDS_STATUS = 467;
export const PASSWORD_HAS_ACCOUNT_WORDS =
  'La contraseña no puede contener su nombre de usuario ni la parte de su correo electrónico anterior a la @.';

export const SIGNUP_SUCCESS_STATUSES = new Set([201, 204, 207]);

/** Code 103 (user name exists) arrives with status 500 but only asks for another user name. */
export const signupBlocksSubmit = (status: number | null, code: number | null) =>
  status !== null && code !== 103 && SIGNUP_BLOCKING_STATUSES.has(status);

export function signupOutcome(
  status: number,
  code: number | null,
  email: string,
  phone: string,
): OutcomeMessage {
  if (code === 103) return error(SIGNUP_USERNAME_EXISTS);
  if (SIGNUP_SUCCESS_STATUSES.has(status)) return success(signupThanks(email));
  const table: Record<number, string> = {
    200: SIGNUP_USERNAME_EXISTS,
    0: signupNoContract(phone),
    403: signupNoContract(phone),
    461: SIGNUP_DOCUMENT_FAILED,
    500: SIGNUP_INTERNAL_ERROR,
    465: PASSWORD_FORBIDDEN_CHARACTERS,
    464: SIGNUP_MISSING_FIELDS,
    470: SIGNUP_PROHIBITED_CHARACTERS,
    [PASSWORD_TOO_COMMON_STATUS]: PASSWORD_TOO_COMMON,
    [PASSWORD_HAS_ACCOUNT_WORDS_STATUS]: PASSWORD_HAS_ACCOUNT_WORDS,
    404: SIGNUP_NOT_FOUND,
    405: SIGNUP_METHOD_NOT_ALLOWED,
    408: SIGNUP_TIMEOUT,
    499: SIGNUP_CANCELLED,
    502: SIGNUP_BAD_GATEWAY,
    503: SIGNUP_UNAVAILABLE,
    504: SIGNUP_GATEWAY_TIMEOUT,
  };
  return error(table[status] ?? UNKNOWN_ERROR);
}

// Spec 01 §8 "Change password (/admin) by status"
export const CHANGE_PASSWORD_DONE =
  'Gracias. Su contraseña se ha cambiado correctamente: utilice la nueva contraseña la próxima vez que acceda.';
export const CHANGE_PASSWORD_WRONG_CURRENT = 'La contraseña actual no es correcta, inténtalo nuevamente';
export const CHANGE_PASSWORD_FORBIDDEN =
  'Se ha detectado uso de caracteres especiales no permitidos. Lista de caracteres que no debe incluir en su contraseña [+, -, ", \']';
export const CHANGE_PASSWORD_OTHER = 'Ha ocurrido un error. Por favor, inténtelo de nuevo más tarde.';

export function changePasswordOutcome(status: number): OutcomeMessage {
  if (status === 200) return success(CHANGE_PASSWORD_DONE);
  if (status === 400 || status === 403 || status === 500) return error(CHANGE_PASSWORD_WRONG_CURRENT);
  if (status === 465) return error(CHANGE_PASSWORD_FORBIDDEN);
  if (status === PASSWORD_TOO_COMMON_STATUS) return error(PASSWORD_TOO_COMMON);
  if (status === PASSWORD_HAS_ACCOUNT_WORDS_STATUS) return error(PASSWORD_HAS_ACCOUNT_WORDS);
  return error(CHANGE_PASSWORD_OTHER);
}

// Spec 01 §8 "Resend validation"
export const RESEND_SENT =
  'Le hemos enviado un nuevo correo electrónico de validación. Revise su bandeja de entrada.';
export const RESEND_NO_USER = 'No existe ningún usuario con estos datos.';
export const RESEND_ALREADY_ACTIVE = 'El usuario ya está activo. Ya puede acceder a la Oficina Virtual.';
export const RESEND_UNCONTROLLED = 'Se ha producido un error no controlado.';
export const BACKEND_UNAVAILABLE = 'Backend no disponible';

/** The production backend may say "no user found" in the message of another status (spec 01 §8). */
const SAYS_NO_USER = /no (se ha encontrado|existe)[^.]*usuario|usuario no encontrado|user not found|no user/i;

export interface ResendOutcome extends OutcomeMessage {
  loginLink: boolean;
}

export function resendOutcome(status: number, serverMessage: string | null): ResendOutcome {
  const plain = (message: OutcomeMessage, loginLink = false) => ({ ...message, loginLink });
  if (status === 200 || status === 202 || status === 204) return plain(success(RESEND_SENT));
  if (status === 404 || (serverMessage && SAYS_NO_USER.test(serverMessage)))
    return plain(error(RESEND_NO_USER));
  if (status === 409) return plain(error(RESEND_ALREADY_ACTIVE), true);
  if (status === 500) return plain(error(RESEND_UNCONTROLLED));
  if (status === 503) return plain(error(BACKEND_UNAVAILABLE));
  return plain(error(UNKNOWN_ERROR));
}

// Spec 01 §8 "Password reset"
export const RESET_SENT = 'Le hemos enviado un correo electrónico con un enlace para cambiar su contraseña.';
export const RESET_DATA_MISMATCH = 'Los datos introducidos no coinciden con los de su registro.';
export const RESET_COULD_NOT_CHANGE =
  'No se ha podido cambiar la contraseña. Si todavía no ha validado su cuenta, solicite un nuevo correo de validación.';
export const FORBIDDEN_CHARACTERS = 'Ha introducido caracteres no permitidos.';
export const INTERNAL_ERROR = 'Se ha producido un error interno. Por favor, inténtelo más tarde.';
export const SERVICE_UNAVAILABLE =
  'El servicio no está disponible en este momento. Por favor, inténtelo más tarde.';
export const RESET_EMAIL_MISMATCH = 'El correo electrónico no coincide con el de su registro.';
export const RESET_PHONE_MISMATCH = 'El teléfono no coincide con el de su registro.';
export const RESET_USERNAME_UNKNOWN = 'El nombre de usuario no está registrado.';
export const UNEXPECTED_ERROR = 'Ha ocurrido un error inesperado.';

export function resetOutcome(status: number, code: number | null): OutcomeMessage {
  const byCode: Record<number, string> = {
    169: RESET_EMAIL_MISMATCH,
    170: RESET_PHONE_MISMATCH,
    174: RESET_USERNAME_UNKNOWN,
  };
  if (code !== null && byCode[code]) return error(byCode[code]);
  if (status === 202 || status === 204) return success(RESET_SENT);
  const byStatus: Record<number, string> = {
    400: RESET_DATA_MISMATCH,
    464: RESET_COULD_NOT_CHANGE,
    465: FORBIDDEN_CHARACTERS,
    500: INTERNAL_ERROR,
    503: SERVICE_UNAVAILABLE,
  };
  return error(byStatus[status] ?? UNEXPECTED_ERROR);
}

// Spec 01 §8 "Set password by confirmation code"
export const SET_PASSWORD_DONE = 'Su contraseña se ha establecido correctamente.';
export const SET_PASSWORD_BAD_REQUEST = 'La petición no es válida. Por favor, revise los datos.';
export const SET_PASSWORD_CODE_EXPIRED = 'El código de confirmación ha caducado o no es correcto.';
export const SET_PASSWORD_FORMAT = 'El formato de la contraseña no es correcto.';
export const SET_PASSWORD_PRECONDITION =
  'No se cumplen las condiciones para cambiar la contraseña. Por favor, solicite un nuevo enlace.';
export const GO_HOME = 'Ir a la Oficina Virtual';

export function setPasswordOutcome(status: number, code: number | null): OutcomeMessage {
  if (status === 202) return success(SET_PASSWORD_DONE);
  if (status === 400) {
    if (code === 147) return error(SET_PASSWORD_CODE_EXPIRED);
    if (code === 176) return error(SET_PASSWORD_FORMAT);
    return error(SET_PASSWORD_BAD_REQUEST);
  }
  const byStatus: Record<number, string> = {
    412: SET_PASSWORD_PRECONDITION,
    465: PASSWORD_FORBIDDEN_CHARACTERS,
    [PASSWORD_TOO_COMMON_STATUS]: PASSWORD_TOO_COMMON,
    [PASSWORD_HAS_ACCOUNT_WORDS_STATUS]: PASSWORD_HAS_ACCOUNT_WORDS,
    500: INTERNAL_ERROR,
    503: SERVICE_UNAVAILABLE,
  };
  return error(byStatus[status] ?? UNKNOWN_ERROR);
}

// Spec 01 §8 "Recover user name"
export const RECOVERY_SENT = 'Le hemos enviado un correo electrónico con su nombre de usuario.';
export const RECOVERY_NO_ACCOUNT = 'No existe ninguna cuenta asociada a ese correo electrónico.';
export const RECOVERY_NOT_FOUND = 'No se ha podido encontrar el nombre de usuario.';

export function recoveryOutcome(status: number): OutcomeMessage {
  const table: Record<number, OutcomeMessage> = {
    200: success(RECOVERY_SENT),
    204: error(RECOVERY_NO_ACCOUNT),
    400: error(RECOVERY_NOT_FOUND),
    500: error(INTERNAL_ERROR),
    503: error(SERVICE_UNAVAILABLE),
  };
  return table[status] ?? error(UNKNOWN_ERROR);
}

// Spec 01 §8 "E-mail links"
export const LINK_PASSWORD_EXPIRED =
  'El enlace para cambiar su contraseña ha caducado o ya se ha utilizado. Por favor, solicite un nuevo enlace.';
export const LINK_VERIFY_EXPIRED =
  'El enlace para verificar su cuenta ha caducado o ya se ha utilizado. Por favor, solicite un nuevo correo de validación.';
export const LINK_PASSWORD_CHANGED = 'Su contraseña se ha cambiado correctamente.';
export const LINK_ACCOUNT_VERIFIED = 'Su cuenta se ha verificado correctamente.';
export const REQUEST_NEW_LINK = 'Solicitar nuevo enlace';
export const REQUEST_NEW_VALIDATION = 'Solicitar un nuevo correo de validación';
export const CONFIRM = 'Confirmar';
export const CHECKING_LINK = 'Comprobando el enlace…';
export const VERIFY_EMAIL_INTRO = 'Pulse Confirmar para verificar su correo electrónico y activar su cuenta.';

export function linkPasswordOutcome(status: number): OutcomeMessage {
  if (status === 204) return success(LINK_PASSWORD_CHANGED);
  if (status === 465) return error(PASSWORD_FORBIDDEN_CHARACTERS);
  if (status === PASSWORD_TOO_COMMON_STATUS) return error(PASSWORD_TOO_COMMON);
  if (status === PASSWORD_HAS_ACCOUNT_WORDS_STATUS) return error(PASSWORD_HAS_ACCOUNT_WORDS);
  return error(LINK_PASSWORD_EXPIRED);
}

// Validation screens
export const VALIDATING_USER = 'Estamos validando el usuario...';
export const VALIDATION_MISSING_TOKEN = 'El enlace de validación no es válido: le falta el código.';
export const greetUser = (name: string) => `¡Hola, ${name}!`;
export const GREET_WITHOUT_NAME = '¡Hola!';
export const VALIDATION_SUCCESS =
  'Su registro se ha completado correctamente. Ya puede acceder a la Oficina Virtual con su nombre de usuario y contraseña.';
export const VALIDATION_ERROR = 'Ha habido un problema al validar su usuario.';
export const VALIDATION_ERROR_RESEND = 'Puede solicitar un nuevo correo de validación.';
export const VALIDATION_ERROR_SUPPORT = (phone: string) =>
  `Si el problema persiste, póngase en contacto con Atención al Cliente en el ${phone}.`;

// Recovery screens
export const RESEND_TITLE = 'Reenviar correo de validación';
export const RESEND_INTRO =
  'Introduzca los datos con los que se registró y le enviaremos un nuevo enlace para validar su cuenta.';
export const RESET_TITLE = 'Recuperar cuenta';
export const RESET_INTRO = 'Introduzca sus datos y le enviaremos un enlace para elegir una nueva contraseña.';
export const FORGOT_USERNAME = '¿Ha olvidado su nombre de usuario?';
export const RECOVERY_TITLE = 'Recuperar nombre de usuario';
export const RECOVERY_INTRO = 'Introduzca su correo electrónico y le enviaremos su nombre de usuario.';
export const FORGOT_PASSWORD = '¿Ha olvidado su contraseña?';
export const SET_PASSWORD_TITLE = 'Establecer contraseña';
export const SET_PASSWORD_INTRO = 'Elija la contraseña con la que accederá a la Oficina Virtual.';
export const CONFIRMATION_MISSING =
  'El enlace no contiene el código de confirmación. Por favor, solicite un nuevo enlace.';
export const CHANGE_BY_LINK_TITLE = 'Cambiar contraseña';
export const VERIFY_EMAIL_TITLE = 'Verificar correo electrónico';
export const VALIDATION_TITLE = 'Validación de usuario';

// /admin
export const ADMIN_TITLE = 'Administración de usuario';
export const ADMIN_MENU = 'Menú de usuario';
export const ADMIN_CHANGE_PASSWORD = 'Cambiar contraseña';
export const ADMIN_LOGOUT = 'Cerrar sesión';
export const ADMIN_PROFILE = 'Datos de usuario';

/** Mi cuenta, "Avisos por correo" (issue 26): one switch per kind of e-mail. */
export const NOTICES_TITLE = 'Avisos por correo';
export const NOTICES_INTRO =
  'Elija qué avisos quiere recibir en su correo electrónico. Los cambios se guardan al momento.';
export const NOTICES_LOADING = 'Cargando sus avisos…';
export const NOTICES_LOAD_FAILED = 'No se han podido cargar sus avisos por correo.';
export const NOTICES_SAVE_FAILED = 'No se ha podido guardar el cambio. Inténtelo de nuevo.';
export const NOTICES_SAVING = 'Guardando…';
export const NOTICES_SAVED = 'Cambio guardado.';
export const NOTICE_LABELS = {
  nuevaFactura: {
    label: 'Nueva factura',
    hint: 'Cuando se emite una factura de sus contratos.',
  },
  consumoInusual: {
    label: 'Consumo inusual',
    hint: 'Cuando una factura de electricidad muestra al menos un 25 % y 1 kWh al día más que los mismos días del año anterior.',
  },
  potenciaSuperada: {
    label: 'Potencia superada',
    hint: 'Cuando alguna hora del periodo facturado supera la potencia contratada.',
  },
  solicitudActualizada: {
    label: 'Solicitud actualizada',
    hint: 'Cuando una de sus solicitudes cambia de estado.',
  },
} as const satisfies Record<NotificationKind, { label: string; hint: string }>;
export const PROFILE_LABELS = {
  username: 'Usuario',
  nif: 'NIF',
  email: 'Correo electrónico',
  phone: 'Teléfono',
} as const;
export const SAVE_PASSWORD = 'Cambiar contraseña';

/** Mi cuenta, "Mis datos" (issue 28): everything the portal holds, in one archive. */
export const MY_DATA_TITLE = 'Mis datos';
export const MY_DATA_INTRO =
  'Descargue en un solo archivo ZIP todos los datos que guardamos de su cuenta, sin límite de fechas: contratos, facturas, lecturas, la curva horaria completa de cada suministro y sus solicitudes, con una descripción de cada archivo.';
export const MY_DATA_DOWNLOAD = 'Descargar todos mis datos';
export const MY_DATA_WORKING = 'Preparando el archivo…';
export const MY_DATA_SAVED = (fileName: string) => `Archivo descargado: ${fileName}.`;
export const MY_DATA_PREPARING =
  'Estamos preparando el archivo con todos sus datos. Le avisaremos por correo electrónico cuando esté listo.';
export const MY_DATA_READY = (expires: string) =>
  `Su archivo está listo: le hemos enviado el enlace de descarga por correo electrónico. El enlace caduca el ${expires}.`;
export const MY_DATA_FAILED = 'No se ha podido preparar el archivo. Inténtelo de nuevo.';

/** Mi cuenta, "Registro de accesos" (issue 28): who else read the holder's supplies' data. */
export const RECORD_TITLE = 'Registro de accesos';
export const RECORD_INTRO =
  'Quién, aparte de usted, ha consultado los datos de sus suministros, y cuándo. Se guarda durante dos años.';
export const RECORD_FILTERS = {
  cups: 'CUPS',
  from: 'Desde',
  until: 'Hasta',
  apply: 'Filtrar',
  download: 'Descargar CSV',
} as const;
export const RECORD_COLUMNS = {
  when: 'Fecha y hora',
  who: 'Quién',
  cups: 'CUPS',
  data: 'Datos consultados',
} as const;
export const RECORD_EMPTY = 'Nadie más ha consultado los datos de sus suministros.';
export const RECORD_LOADING = 'Cargando el registro…';
export const RECORD_LOAD_FAILED = 'No se ha podido cargar el registro de accesos.';
export const RECORD_PAGER = 'Páginas del registro de accesos';
/** The table's own name: the section already bears the title (axe landmark-unique). */
export const RECORD_TABLE = 'Accesos registrados';
export const RECORD_DOWNLOAD_FAILED = 'No se ha podido descargar el registro.';

/** Mi cuenta, "Permisos de acceso" (issue 28): read access to some supplies for someone the holder trusts. */
export const PERMISSIONS_TITLE = 'Permisos de acceso';
export const PERMISSIONS_INTRO =
  'Permita que otra persona (por ejemplo, quien vive en su vivienda o su gestor) consulte los datos de los suministros que elija desde su propia cuenta de cliente, durante un máximo de dos años. Puede revocar el permiso cuando quiera.';
export const PERMISSION_FORM = {
  document: 'NIF/NIE/CIF',
  supplies: 'Suministros',
  all: 'Todos mis suministros',
  from: 'Desde',
  until: 'Hasta',
  scope: 'Qué puede consultar',
  give: 'Dar permiso',
  sending: 'Enviando…',
} as const;
export const PERMISSION_SCOPES = [
  { value: 'consumo', label: 'Solo el consumo (telemedida, curva de carga y certificado)' },
  { value: 'consumo_facturas', label: 'El consumo y las facturas (también el contrato)' },
] as const;
export const PERMISSION_SCOPE_NAMES: Record<string, string> = {
  consumo: 'Consumo',
  consumo_facturas: 'Consumo y facturas',
};
export const PERMISSION_ERRORS = {
  document: 'Escriba un NIF, NIE o CIF válido, con su letra o dígito de control.',
  supplies: 'Elija al menos un suministro.',
  date: 'Escriba una fecha válida (dd/mm/aaaa).',
  endBeforeStart: 'La fecha de fin debe ser posterior a la fecha de inicio.',
  overTwoYears: 'El permiso no puede durar más de dos años.',
} as const;
export const PERMISSIONS_ACTIVE = 'Permisos vigentes';
export const PERMISSIONS_PAST = 'Permisos anteriores';
export const PERMISSIONS_NONE_ACTIVE = 'No ha dado ningún permiso vigente.';
export const PERMISSIONS_NONE_PAST = 'No hay permisos anteriores.';
export const PERMISSION_STATES: Record<string, string> = {
  vigente: 'Vigente',
  pendiente: 'Empieza más adelante',
  revocado: 'Revocado',
  caducado: 'Caducado',
};
export const PERMISSION_COLUMNS = {
  who: 'Persona',
  supplies: 'Suministros',
  dates: 'Fechas',
  scope: 'Alcance',
  state: 'Estado',
  action: 'Acción',
} as const;
export const PERMISSION_ALL_SUPPLIES = (count: number) => `${PERMISSION_FORM.all} (${count})`;
export const PERMISSION_DATES = (from: string, until: string) => `Del ${from} al ${until}`;
export const PERMISSION_REVOKE = 'Revocar';
export const PERMISSION_REVOKE_TITLE = 'Revocar el permiso';
export const PERMISSION_REVOKE_CONFIRM = (document: string) =>
  `¿Quiere revocar el permiso de la persona con documento ${document}? Desde ese momento no podrá consultar sus datos.`;
export const PERMISSION_REVOKE_YES = 'Sí, revocar';
export const PERMISSION_REVOKE_NO = 'No, mantener';
export const PERMISSIONS_LOAD_FAILED = 'No se han podido cargar los permisos.';
export const PERMISSION_FAILED = 'No se ha podido completar la operación.';

/** Mi cuenta, "Suministros autorizados" (issue 28): the supplies other holders let this customer read. */
export const GRANTED_TITLE = 'Suministros autorizados';
export const GRANTED_INTRO =
  'Suministros de otras personas que le han dado permiso para consultar sus datos. Solo puede consultarlos, no hacer cambios.';
export const GRANTED_NONE = 'Nadie le ha dado permiso para consultar sus suministros.';
export const GRANTED_HOLDER = (initials: string) => `Titular: ${initials}`;
export const GRANTED_OPEN = {
  loadCurve: 'Curva de carga',
  telemetry: 'Telemedida',
  invoices: 'Facturas',
} as const;
export const GRANTED_LOAD_FAILED = 'No se han podido cargar los suministros autorizados.';
