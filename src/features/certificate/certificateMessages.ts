import { DATE_FIELD_MESSAGES } from '@/shared/lib/dateMessages';

/** Every Spanish text of the consumption certificate screen (spec 02 §2.8, §5, §8). */
export const CERTIFICATE_TITLE = 'Buscar Certificado de Consumos';
export const BACK = 'Volver';
export const LINE_LABEL = 'Línea';
export const CUPS_LABEL = 'CUPS';
export const CONTRACT_LABEL = 'Contrato';
export const FROM_LABEL = 'Desde';
export const TO_LABEL = 'Hasta';
export const GET_CERTIFICATE = 'Obtener Certificado';
export const INTRO =
  'Seleccione el periodo (12 meses como máximo) y obtenga un certificado en PDF con la energía consumida cada mes.';
export const DOWNLOADING = 'Generando el certificado…';
export const CERTIFICATE_SAVED = (fileName: string) => `Se ha descargado el certificado ${fileName}.`;

export const NO_CERTIFICATES = 'No se han encontrado certificados en las fechas seleccionadas.';
export const NO_HOLDER_DATA = 'No se han encontrado datos del titular.';

export const FROM_REQUIRED = 'El campo Desde es obligatorio.';
export const RANGE_12_MONTHS = 'Sólo es posible realizar una consulta en un rango de 12 meses.';
export const TO_REQUIRED = 'El campo Hasta es obligatorio.';
export const FROM_AFTER_TO = 'La fecha de inicio debe de ser anterior a la fecha de fin de la consulta.';

/** Spec 02 §5: problem code of the date pair -> message. */
export const RANGE_MESSAGES = {
  from: { ...DATE_FIELD_MESSAGES, required: FROM_REQUIRED, tooEarly: RANGE_12_MONTHS },
  to: { ...DATE_FIELD_MESSAGES, required: TO_REQUIRED, beforeFrom: FROM_AFTER_TO },
} as const;

export const certificateFileName = (contract: string) => `Certificado-${contract}.pdf`;
