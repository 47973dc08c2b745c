/**
 * Who may open a route: auth = signed in, guest = signed out, public = anyone, admin = stored isAdministrador;
 * staff = a session of the staff's realm, staffGuest = the staff's sign-in (issue 27). A staff session opens
 * only staff routes, and no other session opens them.
 */
export type GuardKind = 'auth' | 'guest' | 'public' | 'admin' | 'staff' | 'staffGuest';

/** What each route of the registry carries in react-router's `handle` (the layout reads the page title). */
export interface RouteHandle {
  title: string;
}

export interface RouteEntry {
  path: string;
  title: string;
  guard: GuardKind;
}

/** The one registry of paths and Spanish section titles (spec 01 §2, spec 02 §2). Links and guards use it. */
export const routes = {
  home: { path: '/', title: 'Inicio', guard: 'auth' },
  invoices: { path: '/invoices/:id', title: 'Buscar Facturas', guard: 'auth' },
  allInvoices: { path: '/allinvoices', title: 'Facturas de electricidad', guard: 'auth' },
  allInvoicesGas: { path: '/allinvoices-gas', title: 'Facturas de gas', guard: 'auth' },
  telemetry: { path: '/telemetry/:id', title: 'Buscar telemedida', guard: 'auth' },
  certificate: { path: '/certificate/:id', title: 'Buscar Certificado de Consumos', guard: 'auth' },
  loadCurve: { path: '/loadcurve/:id', title: 'Curva de carga', guard: 'auth' },
  issues: { path: '/issues', title: 'Solicitudes', guard: 'auth' },
  issueDetail: { path: '/issues/:id', title: 'Detalle de solicitud', guard: 'auth' },
  newIssue: { path: '/new-issue', title: 'Nueva solicitud', guard: 'auth' },
  userAdmin: { path: '/admin', title: 'Administración de usuario', guard: 'auth' },
  readingInput: { path: '/readinginput/:id', title: 'Lectura de contador', guard: 'auth' },
  login: { path: '/login', title: 'Acceso', guard: 'guest' },
  signup: { path: '/signup', title: 'Registro de Usuario', guard: 'guest' },
  userValidationRequest: { path: '/user-validation-request', title: 'Validación de usuario', guard: 'guest' },
  userValidation: { path: '/user-validation', title: 'Usuario validado', guard: 'guest' },
  userValidationError: { path: '/user-validation-error', title: 'Error de validación', guard: 'guest' },
  recoveryUsername: { path: '/recovery-username', title: 'Recuperar nombre de usuario', guard: 'guest' },
  userValidationResend: {
    path: '/user-validation-resend',
    title: 'Reenviar correo de validación',
    guard: 'guest',
  },
  passwordReset: { path: '/password-reset', title: 'Recuperar cuenta', guard: 'guest' },
  passwordChange: { path: '/password-change', title: 'Establecer contraseña', guard: 'guest' },
  userChangePassword: { path: '/user-change-password', title: 'Cambiar contraseña', guard: 'guest' },
  userVerifyEmail: { path: '/user-verify-email', title: 'Verificar correo electrónico', guard: 'guest' },
  legalNotice: { path: '/aviso-legal', title: 'Aviso legal', guard: 'public' },
  cookiePolicy: { path: '/politica-de-cookies', title: 'Política de cookies', guard: 'public' },
  privacyPolicy: { path: '/politica-de-privacidad', title: 'Política de privacidad', guard: 'public' },
  adminHome: { path: '/administrador-fincas', title: 'Facturas (administrador)', guard: 'admin' },
  invoiceExplainer: {
    path: '/facturas/:id/explicacion',
    title: '¿Por qué ha cambiado mi factura?',
    guard: 'auth',
  },
  simulator: { path: '/simulador/:id', title: '¿Me conviene otra tarifa o potencia?', guard: 'auth' },
  attentionLogin: { path: '/atencion/login', title: 'Acceso de Atención al Cliente', guard: 'staffGuest' },
  attention: { path: '/atencion', title: 'Solicitudes pendientes', guard: 'staff' },
  attentionDetail: { path: '/atencion/solicitudes/:id', title: 'Atender solicitud', guard: 'staff' },
} as const satisfies Record<string, RouteEntry>;

export type RouteId = keyof typeof routes;

export const NOT_FOUND_TITLE = 'Página no encontrada';

/** Fills `:param` segments: pathTo('invoices', { id: '123' }) -> '/invoices/123'. */
export function pathTo(id: RouteId, params: Record<string, string | number> = {}): string {
  return routes[id].path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
}

/** Where an ended session goes: the staff's area has a sign-in of its own. */
export function loginPathFor(pathname: string): string {
  const staffArea = pathname === routes.attention.path || pathname.startsWith(`${routes.attention.path}/`);
  return pathTo(staffArea ? 'attentionLogin' : 'login');
}

export function pageTitle(section: string, prefix: string): string {
  return `${prefix} | ${section}`;
}
