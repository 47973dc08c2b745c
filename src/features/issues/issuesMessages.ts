export const ISSUES_TITLE = 'Solicitudes';
export const ISSUES_INTRO = 'Consulte el estado de las solicitudes que ha enviado a Atención al Cliente.';
export const ISSUES_TABLE_LABEL = 'Sus solicitudes';
export const ISSUES_COLUMN = {
  number: 'Número',
  subject: 'Asunto',
  status: 'Estado',
  tracking: 'Código de seguimiento',
  deadline: 'Plazo máximo de respuesta',
  opened: 'Fecha de apertura',
  updated: 'Última actualización',
  details: 'Detalles',
} as const;
export const ISSUES_DETAIL_LINK = 'Ver detalle';
export const ISSUES_DETAIL_LINK_HIDDEN = (id: string | number) => ` de la solicitud ${id}`;
export const NO_ISSUES = 'No se han encontrado solicitudes.';
export const ISSUES_NEW_LINK = 'Nueva solicitud';
export const ISSUES_LOAD_FAILED = 'No se han podido cargar sus solicitudes.';

export const DETAIL_TITLE = 'Detalle de solicitud';
export const DETAIL_NOT_FOUND = 'No se ha encontrado la solicitud.';
export const DETAIL_LOAD_FAILED = 'No se ha podido cargar la solicitud.';
/** Every field of the detail (spec 01 §2), in the order shown. */
export const DETAIL_FIELDS = [
  ['numero', 'Número'],
  ['tracking_code', 'Código de seguimiento'],
  ['asunto', 'Asunto'],
  ['estado', 'Estado'],
  ['categoria', 'Categoría'],
  ['linea', 'Línea'],
  ['cups', 'CUPS'],
  ['codigo_contrato', 'Código de contrato'],
  ['cif', 'CIF'],
  ['email', 'Email'],
  ['telefono_cliente', 'Teléfono'],
  ['descripcion', 'Descripción'],
] as const;
export const DETAIL_DEADLINE = 'Plazo máximo de respuesta';
/** When the request was opened and last changed (issue 14), shown as dates after the fields above. */
export const DETAIL_DATES = [
  ['fecha_creacion', 'Fecha de apertura'],
  ['fecha_actualizacion', 'Última actualización'],
] as const;

export const NEW_ISSUE_TITLE = 'Nueva solicitud';
/** A request is about one of the customer's supplies: without any, the way forward is customer service. */
export const NEW_ISSUE_NO_PRODUCTS =
  'Una solicitud se refiere a uno de sus suministros y no tiene ninguno contratado. Para contratar o resolver cualquier duda, llame o escriba a Atención al Cliente:';
export const NEW_ISSUE_INTRO =
  'Cuéntenos qué necesita y sobre qué suministro. Todos los campos son obligatorios.';
export const LABELS = {
  title: 'Asunto',
  category: 'Categoría',
  subcategory: 'Subcategoría',
  line: 'Línea',
  cups: 'CUPS',
  contractCode: 'Código de contrato',
  description: 'Descripción',
} as const;
export const CHOOSE_OPTION = 'Seleccione una opción';
export const CHOOSE_LINE_FIRST = 'Seleccione primero una línea';
export const SEND_BUTTON = 'Enviar';
export const SENDING = 'Enviando…';
export const CHARACTERS_USED = (used: number, max: number) => `${used} de ${max} caracteres`;

export const fieldRequired = (label: string) => `El campo ${label} es obligatorio`;
export const fieldTooLong = (label: string, max: number) =>
  `El campo ${label} no debe ser mayor a ${max} caracteres`;
export const CUPS_NOT_OWNED = 'El CUPS seleccionado debe estar entre los CUPS del usuario';

export const NEW_ISSUE_SUCCESS = 'El registro de la nueva solicitud se ha realizado con éxito.';
export const NEW_ISSUE_CODE = (issue: string | number) => `Código de la solicitud: ${issue}`;
export const NEW_ISSUE_CONTACT = 'Nos pondremos en contacto lo antes posible.';
export const NEW_ISSUE_ERROR = 'Ha habido un error, inténtalo nuevamente.';
export const NEW_ISSUE_SEE_LIST = 'Ver mis solicitudes';

/** Issue 27 (Ley 10/2025): every request's tracking code and the last day the company has to answer. */
export const TRACKING_CODE = (code: string) => `Código de seguimiento: ${code}`;
export const RESPONSE_DEADLINE = (date: string) => `Plazo máximo de respuesta: ${date}`;
export const DEADLINE_PASSED = 'Plazo vencido';

/** The request's history and the customer's messages (issue 27). */
export const HISTORY_TITLE = 'Historial de la solicitud';
export const HISTORY_AUTHOR = {
  customer: 'Usted',
  staff: 'Atención al Cliente',
  system: 'Atención al Cliente',
} as const;
export const HISTORY_OPENED = 'Solicitud recibida';
export const HISTORY_STATE = (status: string) => `Estado: ${status}`;
export const MESSAGE_LABEL = 'Mensaje';
export const MESSAGE_TITLE = 'Añadir un mensaje';
export const MESSAGE_SEND = 'Enviar mensaje';
export const MESSAGE_SENT = 'Su mensaje se ha añadido a la solicitud.';
export const MESSAGE_FAILED = 'No se ha podido enviar el mensaje.';
export const ASK_PERSON = 'Quiero que me atienda una persona';
export const ASKED_PERSON = 'Ha pedido que le atienda una persona.';
export const RECEIPT_BUTTON = 'Descargar justificante (PDF)';
export const RECEIPT_FILE = (trackingCode: string) => `Justificante-${trackingCode}.pdf`;
export const RECEIPT_FAILED = 'No se ha podido descargar el justificante.';

/** The out-of-court dispute information of a claim resolved or past its deadline (Ley 10/2025); the bodies come from config.json. */
export const CLAIM_CATEGORY = 'Reclamación';
export const ADR_TITLE = 'Si no está conforme con la respuesta';
export const ADR_INTRO =
  'Si su reclamación no se ha resuelto a su satisfacción, o no ha recibido respuesta en el plazo indicado, puede acudir de forma gratuita a un sistema de resolución extrajudicial de conflictos:';

/** Spec 01 §8 New request: one row per outcome. */
export function newIssueOutcome(status: number): 'success' | 'error' {
  return status === 201 ? 'success' : 'error';
}
