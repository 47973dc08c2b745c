import { UNIT } from '@/shared/lib/units';
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
export const LOADING = 'Cargando la curva de carga…';
export const shownRange = (from: string, to: string) => `Mediciones del ${from} al ${to}`;

export const NO_MEASUREMENTS = 'No se han encontrado mediciones para este CUPS.';
export const REQUEST_FAILED = 'Error al procesar la solicitud.';

export const loadCurveFileName = (contract: string, extension: 'xlsx' | 'csv' = 'xlsx') =>
  `CurvasCarga-${contract}.${extension}`;
/** Beside Descargar curva (the spec's xlsx): the same hours as CSV (issue 15). */
export const DOWNLOAD_CSV_BUTTON = 'Descargar CSV';

/* The consumption explorer (issue 15): its toolbar, the texts under the chart and the drill-down. */
export const RANGE_5_YEARS =
  'Sólo es posible realizar una consulta en un rango de 5 años con la escala semanal, mensual o anual.';
export const TOOLBAR_LABEL = 'Opciones de la gráfica';
export const SCALE_LEGEND = 'Escala';
export const SCALE_NAMES = { hour: 'Hora', day: 'Día', week: 'Semana', month: 'Mes', year: 'Año' } as const;
export const MODE_LEGEND = 'Vista';
export const MODE_NAMES = { energy: 'Energía', periods: 'Por periodo', power: 'Potencia' } as const;
export const COMPARE_LABEL = 'Comparar con el año anterior';
/** "Subir" names the scale it goes back to. */
export const UP_LABELS = {
  day: 'Subir a la vista por días',
  month: 'Subir a la vista por meses',
  year: 'Subir a la vista por años',
} as const;
export const BUCKET_HEADER = 'Fecha';
export const drillLabel = (bucket: string) => `Ver el detalle de ${bucket}`;
export const EXPLORER_CHART_DESCRIPTION =
  'Gráfica del consumo de energía activa por escala, periodo tarifario y año';
export const dataUntil = (date: string, time: string) => `Datos hasta el ${date} a las ${time}`;
export const PERIODS_CAPTION = 'Consumo por periodo tarifario';
export const KWH_HEADER = 'Energía (kWh)';
export const SHARE_HEADER = '% del total';
export const TOTAL_ROW = 'Total';
export const POWER_CAPTION = 'Potencia máxima por periodo';
export const MAX_KW_HEADER = 'Potencia máxima (kW)';
export const WHEN_HEADER = 'Cuándo';
export const CONTRACTED_HEADER = 'Potencia contratada (kW)';
export const EXCEEDED_HEADER = 'Estado';
export const NOT_EXCEEDED = 'Dentro de lo contratado';
export const NO_VALUE = '—';
export const atHour = (date: string, hour: number) => `${date}, hora ${hour}`;
export const summaryTotal = (kwh: string) => `Consumo total: ${kwh} ${UNIT.energy}`;
export const summaryChange = (percent: string, kwh: string, cutoff: string) =>
  `${percent} % (${kwh} kWh) respecto al año anterior, hasta el ${cutoff}`;
export const SUMMARY_NO_PREVIOUS = 'sin consumo el año anterior con el que comparar';
export const summaryTopPeriod = (label: string, share: string) =>
  `el periodo con más consumo es ${label} (${share} %)`;

/** "¿Me conviene otra tarifa o potencia?" (issue 29, server/docs/simulator-api.md). */
export const SIMULATOR_TITLE = '¿Me conviene otra tarifa o potencia?';
export const SIMULATOR_LINK = '¿Me conviene otra tarifa o potencia?';
export const SIMULATOR_LOADING = 'Calculando la simulación…';
export const SIMULATOR_FAILED = 'No se ha podido calcular la simulación.';
export const simulatorIntro = (from: string, until: string, billed: string) =>
  `Sus últimas 12 facturas, del ${from} al ${until}, sumaron ${billed} €. Con su curva de consumo hora a hora, ` +
  'esto es lo que habría pagado con cada opción.';
export const simulatorPeak = (kw: string, when: string) => `Su consumo máximo del año: ${kw} kW (${when}).`;
export const POWER_FIELD_LABEL = 'Otra potencia a simular (kW)';
export const OFFER_FIELD_LABEL = 'Precios para las potencias';
export const CURRENT_PRICES = 'Los de su contrato actual';
export const SIMULATE_BUTTON = 'Simular';
export const POWER_NOT_NUMBER = 'Indique la potencia en kW con un número, por ejemplo 4,6.';
export const POWER_NOT_POSITIVE = 'La potencia debe ser mayor que 0 kW.';
export const POWER_TOO_HIGH = 'La potencia no puede superar 15 kW en la tarifa 2.0TD.';
export const OPTION_HEADER = 'Opción';
export const POWERS_HEADER = 'Potencia (kW)';
export const YEARLY_COST_HEADER = 'Coste al año (€/año)';
export const DIFFERENCE_HEADER = 'Diferencia con hoy (€/año)';
export const EXCEEDED_HOURS_HEADER = 'Horas por encima (horas)';
export const WARNING_HEADER = 'Aviso';
export const NO_WARNING = 'Ninguno';
export const SIMULATOR_TABLE_LABEL = 'Opciones simuladas';
export const SIMULATOR_CHART_TITLE = 'Coste al año de cada opción';
export const SIMULATOR_SERIES = 'Coste al año';
export const SIMULATOR_ROW_HEADER = 'Opción';
export const SIMULATOR_CSV_BUTTON = 'Descargar CSV';
export const simulatorFileName = (contractCode: string) => `simulador-${contractCode}.csv`;
export const SIMULATOR_CHART_LOADING = 'Cargando gráfico…';
export const simulatorChartLabel = (title: string) => `Gráfico: ${title}`;
