import {
  DATE_FIELD_MESSAGES,
  FROM_AFTER_TO,
  FROM_REQUIRED,
  RANGE_12_MONTHS,
  TO_REQUIRED,
} from '@/shared/lib/dateMessages';
import { UNIT } from '@/shared/lib/units';

/**
 * The Spanish texts telemetry, load curve and certificate share (spec 02 §2.6–2.8, §5, §8): the frame around
 * their date pair and the 12-month range rule. Each screen's own catalogue keeps only the texts that differ.
 */
export const LINE_LABEL = 'Línea';
export const CUPS_LABEL = 'CUPS';
export const CONTRACT_LABEL = 'Contrato';
export const FROM_LABEL = 'Desde';
export const TO_LABEL = 'Hasta';
export const VIEW_BUTTON = 'Visualizar';
export const DOWNLOAD_BUTTON = 'Descargar curva';
export const POWER_UNIT = UNIT.power;
export const REACTIVE_POWER_UNIT = UNIT.reactivePower;
export const ENERGY_UNIT = UNIT.energy;

export const NO_HOLDER_DATA = 'No se han encontrado datos del titular.';
export const UNKNOWN_ERROR = 'Error desconocido';

export { FROM_AFTER_TO, FROM_REQUIRED, RANGE_12_MONTHS, TO_REQUIRED };

/** Spec 02 §5: problem code of the date pair -> message. */
export const RANGE_MESSAGES = {
  from: { ...DATE_FIELD_MESSAGES, required: FROM_REQUIRED, tooEarly: RANGE_12_MONTHS },
  to: { ...DATE_FIELD_MESSAGES, required: TO_REQUIRED, beforeFrom: FROM_AFTER_TO },
} as const;
