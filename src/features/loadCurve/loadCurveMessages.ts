/**
 * The Spanish texts only the load-curve screen has (spec 02 §2.7, §8); those it shares with telemetry and
 * certificate (labels, the range rule's messages) are in shared/measurement/measurementMessages.ts.
 */
export const LOAD_CURVE_TITLE = 'Curva de carga';
export const START_DATE_LABEL = 'Fecha de inicio';
export const END_DATE_LABEL = 'Fecha de fin';
export const CHART_TITLE = 'Curva de carga horaria';
export const ACTIVE_SERIES = 'Energía activa';
export const SURPLUS_SERIES = 'Excedentes';
export const CHART_DESCRIPTION = 'Gráfica de líneas de la energía activa y los excedentes por horas, en kW';

// The consumption explorer's charts (issue 15): series, titles and marks.
export const NET_SERIES = 'Energía neta';
export const COMPARISON_SERIES = 'Año anterior';
export const MAX_POWER_SERIES = 'Potencia máxima';
export const CONTRACTED_POWER_SERIES = 'Potencia contratada';
export const POWER_EXCEEDED = 'Superada';
export const ESTIMATED_MARK = 'Dato estimado';
export const estimatedHours = (hours: number) =>
  `${hours} ${hours === 1 ? 'hora estimada' : 'horas estimadas'}`;
export const PERIOD_HEADER = 'Periodo';
export const SCALE_ADJECTIVES = {
  hour: 'horario',
  day: 'diario',
  week: 'semanal',
  month: 'mensual',
  year: 'anual',
} as const;
export const energyChartTitle = (scale: string) => `Consumo ${scale}`;
export const periodsChartTitle = (scale: string) => `Consumo ${scale} por periodo tarifario`;
export const POWER_CHART_TITLE = 'Potencia máxima por periodo tarifario';
export const weekOf = (date: string) => `Semana del ${date}`;
export const monthOf = (month: string, year: string) => `${month} de ${year}`;
/** The first column of the explorer's table, by granularity (hours: the charts' "Fecha y hora"). */
export const BUCKET_HEADERS = {
  day: 'Día',
  week: 'Semana',
  month: 'Mes',
  year: 'Año',
} as const;
export const LOADING = 'Cargando la curva de carga…';
export const shownRange = (from: string, to: string) => `Mediciones del ${from} al ${to}`;

export const NO_MEASUREMENTS = 'No se han encontrado mediciones para este CUPS.';
export const REQUEST_FAILED = 'Error al procesar la solicitud.';

export const loadCurveFileName = (contract: string) => `CurvasCarga-${contract}.xlsx`;
