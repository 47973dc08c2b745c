export const READING_TITLE = 'Lectura de contador';
export const READING_INTRO =
  'Introduzca la lectura que marca su contador. Use la coma (,) para los decimales, sin separador de miles.';
export const READING_LINE = 'Línea';
export const READING_CUPS = 'CUPS';
export const READING_CONTRACT = 'Contrato';
export const READING_TARIFF = 'Peaje de acceso';
export const READING_SUBMIT = 'Enviar lectura';
export const READING_SENT = 'La lectura se ha enviado con éxito.';
export const READING_PRODUCT_NOT_FOUND = 'No se ha encontrado el contrato seleccionado.';
export const READING_LOAD_FAILED = 'No se han podido cargar los datos del contrato.';
export const BACK_HOME = 'Volver al inicio';
export const GROUP_ACTIVE = 'Energía activa';
export const GROUP_REACTIVE = 'Energía reactiva';
export const GROUP_MAX_POWER = 'Potencia máxima';

export const readingRequired = (field: string) => `El campo ${field} es obligatorio`;
export const readingNotNumeric = (field: string) =>
  `El campo ${field} sólo puede tener caracteres numéricos, con la coma (,) como separador de decimal, y no se permite el punto (.) como separador de miles`;
export const readingNotPositive = (field: string) => `El campo ${field} debe de ser mayor que cero (0)`;
