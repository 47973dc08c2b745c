/**
 * The Spanish texts only the consumption certificate screen has (spec 02 §2.8, §8); those it shares with
 * telemetry and load curve (labels, the range rule's messages) are in shared/measurement/measurementMessages.ts.
 */
export const CERTIFICATE_TITLE = 'Buscar Certificado de Consumos';
export const GET_CERTIFICATE = 'Obtener Certificado';
export const INTRO =
  'Seleccione el periodo (12 meses como máximo) y obtenga un certificado en PDF con la energía consumida cada mes.';
export const DOWNLOADING = 'Generando el certificado…';
export const CERTIFICATE_SAVED = (fileName: string) => `Se ha descargado el certificado ${fileName}.`;

export const NO_CERTIFICATES = 'No se han encontrado certificados en las fechas seleccionadas.';

export const certificateFileName = (contract: string) => `Certificado-${contract}.pdf`;
