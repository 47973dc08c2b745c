import { UNIT } from '@/shared/lib/units';
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
export { CONTRACT_LOOKUP_FAILED as READING_LOAD_FAILED } from '@/shared/session/sessionMessages';
export const GROUP_ACTIVE = 'Energía activa';
export const GROUP_REACTIVE = 'Energía reactiva';
export const GROUP_MAX_POWER = 'Potencia máxima';

// Units (DECISIONS "Units"): energy in kWh, maximum power in kW; reactive energy in kVArh and the gas meter's
// index in m³, as the meters show them.
export const UNIT_ENERGY = UNIT.energy;
export const UNIT_REACTIVE = UNIT.reactiveEnergy;
export const UNIT_POWER = UNIT.power;
export const UNIT_GAS_VOLUME = UNIT.gasVolume;

// Field names, as the form labels and the messages use them.
export const LABEL_ACTIVE_TOTAL = 'Energía activa total';
export const LABEL_ACTIVE_PEAK = 'Energía activa punta';
export const LABEL_ACTIVE_FLAT = 'Energía activa llano';
export const LABEL_ACTIVE_VALLEY = 'Energía activa valle';
export const labelActivePeriod = (period: number) => `Energía activa P${period}`;
export const labelReactivePeriod = (period: number) => `Energía reactiva P${period}`;
export const labelMaxPowerPeriod = (period: number) => `Potencia máxima P${period}`;
export const LABEL_GAS_CONSUMPTION = 'Consumo';

export const readingRequired = (field: string) => `El campo ${field} es obligatorio`;
export const readingNotNumeric = (field: string) =>
  `El campo ${field} sólo puede tener caracteres numéricos, con la coma (,) como separador de decimal, y no se permite el punto (.) como separador de miles`;
export const readingNotPositive = (field: string) => `El campo ${field} debe de ser mayor que cero (0)`;
