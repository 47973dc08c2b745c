/** Every Spanish text of the staff's attention desk (issue 27, Ley 10/2025). */
export const QUEUE_TITLE = 'Solicitudes pendientes';
export const QUEUE_INTRO =
  'Solicitudes abiertas de los clientes: primero las de plazo vencido, después por plazo máximo de respuesta.';
export const QUEUE_TABLE_LABEL = 'Cola de solicitudes';
export const QUEUE_COLUMN = {
  tracking: 'Código',
  subject: 'Asunto',
  category: 'Categoría',
  status: 'Estado',
  deadline: 'Plazo máximo',
  daysLeft: 'Plazo restante',
  person: 'Persona',
  open: 'Atender',
} as const;
export const QUEUE_EMPTY = 'No hay solicitudes pendientes con estos filtros.';
export const QUEUE_LOAD_FAILED = 'No se ha podido cargar la cola de solicitudes.';
export const QUEUE_COUNT = (count: number) =>
  count === 1 ? '1 solicitud pendiente' : `${count} solicitudes pendientes`;
export const OPEN_REQUEST = 'Atender';
export const OPEN_REQUEST_HIDDEN = (code: string) => ` la solicitud ${code}`;
export const ASKED_FOR_PERSON = 'La pide';
export const QUEUE_ROW_NAME = (code: string) => `de la solicitud ${code}`;

export const FILTERS_TITLE = 'Filtrar la cola';
export const FILTER_STATUS = 'Estado';
export const FILTER_CATEGORY = 'Categoría';
export const FILTER_ANY = 'Todos';
export const FILTER_ANY_CATEGORY = 'Todas';
export const FILTER_OVERDUE = 'Solo con plazo vencido';
export const FILTER_PERSON = 'Solo las que piden una persona';

/** The days left to answer, in words (business days, Monday to Friday without national holidays). */
export const DEADLINE_PASSED = 'Plazo vencido';
export function daysLeftText(days: number | null): string {
  if (days === null) return '';
  if (days < 0) return DEADLINE_PASSED;
  if (days === 0) return 'Vence hoy';
  if (days === 1) return 'Queda 1 día hábil';
  return `Quedan ${days} días hábiles`;
}

export const REQUEST_TITLE = 'Atender solicitud';
export const REQUEST_NOT_FOUND = 'No se ha encontrado la solicitud.';
export const REQUEST_LOAD_FAILED = 'No se ha podido cargar la solicitud.';
export const REQUEST_FACTS_TITLE = 'Datos de la solicitud';
/** The customer's request, field by field, in the order shown. */
export const REQUEST_FIELDS = [
  ['tracking_code', 'Código de seguimiento'],
  ['numero', 'Número'],
  ['asunto', 'Asunto'],
  ['estado', 'Estado'],
  ['categoria', 'Categoría'],
  ['subcategoria', 'Subcategoría'],
  ['linea', 'Línea'],
  ['cups', 'CUPS'],
  ['codigo_contrato', 'Código de contrato'],
  ['email', 'Email'],
  ['telefono_cliente', 'Teléfono'],
  ['descripcion', 'Descripción'],
] as const;
export const REQUEST_RECEIVED = 'Recibida';
export const REQUEST_DEADLINE = 'Plazo máximo de respuesta';
export const REQUEST_ASKED_PERSON = 'El cliente ha pedido que le atienda una persona.';

export const HISTORY_TITLE = 'Historial';
export const HISTORY_AUTHOR = {
  customer: 'Cliente',
  staff: 'Atención al Cliente',
  system: 'Sistema',
} as const;
/** A staff member's entry at the desk names them (the customer reads only "Atención al Cliente"). */
export const HISTORY_STAFF_MEMBER = (name: string) => `${name} (${HISTORY_AUTHOR.staff})`;
export const HISTORY_OPENED = 'Solicitud recibida';
export const HISTORY_STATE = (from: string | null, to: string) =>
  from === null ? HISTORY_OPENED : `Estado: ${from} → ${to}`;

export const REPLY_TITLE = 'Responder al cliente';
export const REPLY_LABEL = 'Respuesta';
export const REPLY_SEND = 'Enviar respuesta';
export const REPLY_SENT = 'La respuesta se ha enviado al cliente.';
export const REPLY_FAILED = 'No se ha podido enviar la respuesta.';
export const REPLY_MAX = 1000;
export const REPLY_REQUIRED = 'Escriba la respuesta antes de enviarla.';
export const REPLY_TOO_LONG = `La respuesta no debe ser mayor a ${REPLY_MAX} caracteres`;
export const CHARACTERS_USED = (used: number, max: number) => `${used} de ${max} caracteres`;

export const STATE_TITLE = 'Cambiar el estado';
export const STATE_LABEL = 'Nuevo estado';
export const STATE_CHOOSE = 'Seleccione un estado';
export const STATE_SEND = 'Cambiar estado';
export const STATE_CHANGED = (status: string) => `La solicitud ha pasado a «${status}».`;
export const STATE_FAILED = 'No se ha podido cambiar el estado.';
export const STATE_REQUIRED = 'Seleccione el nuevo estado.';
export const REQUEST_FINISHED = 'La solicitud está finalizada y ya no admite cambios.';
