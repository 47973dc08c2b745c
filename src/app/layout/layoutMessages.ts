/** Every Spanish text of the app shell (header, footer, error and not-found pages), to hold against spec 01 §1. */

export const SKIP_TO_CONTENT = 'Saltar al contenido';

// Header
export const CONTACT_LABEL = 'Contacto';
export const PHONE_LABEL = 'Teléfono:';
export const EMAIL_LABEL = 'Correo:';
export const SOCIAL_LABEL = 'Redes sociales';
export const opensInNewWindow = (name: string) => `${name} (se abre en una nueva ventana)`;
export const logoAlt = (company: string) => `${company}, Oficina Virtual: ir al inicio`;
export const versionText = (version: string) => `Versión ${version}`;
export const SESSION_NAV_LABEL = 'Sesión';
export const CONTRACTS_COUNTER = 'Contratos:';
export const ELECTRICITY_COUNTER = 'Electricidad:';
export const GAS_COUNTER = 'Gas:';
export const greeting = (name: string) => `Hola, ${name}`;
export const MENU_BUTTON = 'Menú';
export const MAIN_NAV_LABEL = 'Menú principal';
export const MENU_HOME = 'Inicio';
export const MENU_INVOICES = 'Facturas';
export const MENU_CONSUMPTION = 'Consumo';
export const MENU_REQUESTS = 'Solicitudes';
export const MY_ACCOUNT = 'Mi cuenta';
export const LOGOUT = 'Cerrar sesión';

// Footer
export const LEGAL_NAV_LABEL = 'Información legal';
export const LEGAL_NOTICE = 'Aviso legal';
export const COOKIE_POLICY = 'Política de cookies';
export const PRIVACY_POLICY = 'Política de privacidad';
export const COPYRIGHT_YEAR = 2018;
export const copyright = (company: string) => `© ${COPYRIGHT_YEAR} ${company}`;

// Pages without content of their own
export const BACK_HOME = 'Volver al inicio';
export const NOT_FOUND_TITLE = 'Página no encontrada';
export const NOT_FOUND_TEXT = 'La página que busca no existe o ha cambiado de dirección.';
export const CONFIG_ERROR_TITLE = 'La Oficina Virtual no está disponible';
export const CONFIG_ERROR_TEXT =
  'No se ha podido cargar la configuración de la aplicación. Por favor, inténtelo de nuevo más tarde.';
export const technicalDetail = (detail: string) => `Detalle técnico: ${detail}`;
export const APP_ERROR_TITLE = 'Se ha producido un error';
export const APP_ERROR_TEXT =
  'No hemos podido mostrar esta página. Por favor, recárguela o inténtelo de nuevo más tarde. Si el problema continúa, llame a Atención al Cliente.';
