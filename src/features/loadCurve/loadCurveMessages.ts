import { DATE_FIELD_MESSAGES } from '@/shared/lib/dateMessages';

/** Every Spanish text of the load-curve screen (spec 02 §2.7, §5, §8). */
export const LOAD_CURVE_TITLE = 'Curva de carga';
export const TELEMETRY_LINK = 'Volver a la telemedida';
export const HOME_LINK = 'Inicio';
export const CUPS_LABEL = 'CUPS';
export const CONTRACT_LABEL = 'Contrato';
export const START_DATE_LABEL = 'Fecha de inicio';
export const END_DATE_LABEL = 'Fecha de fin';
export const FROM_LABEL = 'Desde';
export const TO_LABEL = 'Hasta';
export const VIEW_BUTTON = 'Visualizar';
export const DOWNLOAD_BUTTON = 'Descargar curva';
export const CHART_TITLE = 'Curva de carga horaria';
export const ACTIVE_SERIES = 'Energía activa';
export const SURPLUS_SERIES = 'Excedentes';
export const POWER_UNIT = 'kW';
export const CHART_DESCRIPTION = 'Gráfica de líneas de la energía activa y los excedentes por horas, en kW';
export const LOADING = 'Cargando la curva de carga…';
export const shownRange = (from: string, to: string) => `Mediciones del ${from} al ${to}`;

export const NO_MEASUREMENTS = 'No se han encontrado mediciones para este CUPS.';
export const NO_HOLDER_DATA = 'No se han encontrado datos del titular.';
export const UNKNOWN_ERROR = 'Error desconocido';
export const REQUEST_FAILED = 'Error al procesar la solicitud.';

export const FROM_REQUIRED = 'El campo Desde es obligatorio.';
export const RANGE_12_MONTHS = 'Sólo es posible realizar una consulta en un rango de 12 meses.';
export const TO_REQUIRED = 'El campo Hasta es obligatorio.';
export const FROM_AFTER_TO = 'La fecha de inicio debe de ser anterior a la fecha de fin de la consulta.';

/** Spec 02 §5: problem code of the date pair -> message. */
export const RANGE_MESSAGES = {
  from: { ...DATE_FIELD_MESSAGES, required: FROM_REQUIRED, tooEarly: RANGE_12_MONTHS },
  to: { ...DATE_FIELD_MESSAGES, required: TO_REQUIRED, beforeFrom: FROM_AFTER_TO },
} as const;

export const loadCurveFileName = (contract: string) => `CurvasCarga-${contract}.xlsx`;
