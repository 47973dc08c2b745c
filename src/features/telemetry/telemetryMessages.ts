/**
 * The Spanish texts only the telemetry screen has (spec 02 §2.6, §8); those it shares with load curve and
 * certificate (labels, the range rule's messages) are in shared/measurement/measurementMessages.ts.
 */
export const TELEMETRY_TITLE = 'Buscar telemedida';
export const LOAD_CURVE_LINK = 'Curva de carga';
export const LINKS_LABEL = 'Navegación de la telemedida';
export const CHART_TITLE = 'Gráfica de datos';
export const ACTIVE_SERIES = 'Energía Activa';
export const REACTIVE_SERIES = 'Energía Reactiva';
export const CHART_DESCRIPTION = 'Gráfica de líneas de la energía activa y reactiva por horas, en kW';
export const LOADING = 'Cargando mediciones…';

export const NO_MEASUREMENTS = 'No se han encontrado mediciones para las fechas seleccionadas';
export const NO_MEASUREMENTS_HINT = 'Compruebe las fechas seleccionadas o pruebe con otro rango de fechas.';

export const telemetryFileName = (contract: string) => `Telemedida-${contract}.xlsx`;
