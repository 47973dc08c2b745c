import { UNIT } from '@/shared/lib/units';
/** Every Spanish text of the invoice screens (spec 02 §2.1-2.5, §5, §8), side by side with the spec. */

// Headings and labels
export const INVOICES_TITLE = 'Facturas';
export const INVOICE_LIST = 'Listado de facturas';
/** The scrolling region around an invoice table: a name of its own, apart from the section of the same title. */
export const invoiceTableRegion = (caption: string) => `${caption} (tabla)`;
export const SEARCH_INVOICES_TITLE = 'Buscar Facturas';
export const LATEST_INVOICES = 'Últimas 10 facturas';
/** Under "Últimas 10 facturas": what the list is, since the date fields above hold Buscar's range (issue 24). */
export const LATEST_INVOICES_NOTE = (from: string, to: string) =>
  `Sus facturas más recientes, emitidas del ${from} al ${to}. Las fechas de búsqueda se aplican al pulsar Buscar.`;
export const resultsHeading = (count: number) => `Resultados (${count})`;
export const resultsColonHeading = (count: number) => `Resultados: ${count}`;
export const SIMPLE_INVOICES = 'Facturas Simples';
export const UNIFIED_INVOICES = 'Facturas Unificadas';
export const ADDITIONAL_INVOICES = 'Facturas Adicionales';
export const ADDITIONAL_INVOICES_EMPTY = 'No hay facturas adicionales para este contrato.';
export const CHARTS_TITLE = 'Gráficos';
export const TAB_ELECTRICITY = 'Electricidad';
export const TAB_GAS = 'Gas';
export const LINE_ALL = 'Todo';
export const LABEL_LINE = 'Línea';
export const LABEL_CUPS = 'CUPS';
export const LABEL_CONTRACT = 'Contrato';
export const LABEL_CONTRACT_NUMBER = 'Número de contrato';
export const LABEL_CIF = 'CIF';
export const LABEL_COMMUNITY = 'Comunidad';
export const ALL_COMMUNITIES = 'Todas las comunidades';
export const communityOption = (name: string, cif: string, supplies: number) =>
  `${name} · ${cif} · ${supplies} ${supplies === 1 ? 'suministro' : 'suministros'}`;
export const LABEL_FROM = 'Desde';
export const LABEL_TO = 'Hasta';
export const LABEL_INVOICE_NUMBER = 'Número de factura';
export const LABEL_FIND_INVOICE = 'Encontrar factura';
export const LABEL_AMOUNT_RANGE = 'Rango importes';
export const LABEL_MIN = 'Min';
export const LABEL_MAX = 'Max';
export const MAX_MONTHS_HINT = 'Número máximo de meses de consulta 12';
export const SEARCH = 'Buscar';
export const FILTERS_FORM_LABEL = 'Filtros de facturas';
// Phones fold the filters behind one button, which says what the list is filtered by (issue 24 "Phones").
export const FILTER_BUTTON = 'Filtrar';
export const NO_ACTIVE_FILTERS = 'Sin filtros';
export const activeFiltersText = (parts: string[]) => `Filtros: ${parts.join(' · ')}`;
export const LINE_TABS_LABEL = 'Líneas de facturas';
export const CHART_TYPE = 'Tipo de gráfico';
export const CHART_CONSUMPTION = 'Consumo';
export const CHART_AMOUNTS = 'Importes';
export const DOWNLOAD_CHART = 'Descargar gráfico';
export const EXPORT_CONSUMPTION = 'Exportar consumos';
export const DOWNLOAD_ZIP = 'Descargar ZIP';
export const EXCEL = 'Excel';
export const PDF = 'PDF';
export const ZIP = 'ZIP';
export const exportButtonLabel = (format: string, line: string) => `${format} ${line}`;
export const exportsGroupLabel = (line: string) => `Descargas de facturas de ${line.toLowerCase()}`;

// Table columns
export const COLUMN_LINE = 'Línea';
export const COLUMN_CODE = 'Código';
export const COLUMN_CONTRACT = 'Contrato';
export const COLUMN_NIF = 'NIF';
export const COLUMN_CUPS = 'CUPS';
export const COLUMN_ADDRESS = 'Dirección';
export const COLUMN_NUMBER = 'Número';
export const COLUMN_TYPE = 'Tipo';
export const COLUMN_INVOICE_DATE = 'Fecha de Factura';
export const COLUMN_TOTAL = 'Importe Total';
export const COLUMN_READING_FROM = 'Lectura Desde';
export const COLUMN_READING_UNTIL = 'Lectura Hasta';
export const COLUMN_INVOICE = 'Factura';
export const COLUMN_PERIOD = 'Periodo de facturación';
export const COLUMN_CONSUMPTION = 'Consumo (kWh)';
export const COLUMN_PROFORMA = 'Proforma';
export const COLUMN_SUPPLIES = 'Suministros';
/** What a unified invoice shows where a simple one names its supply (issue 13). */
export const suppliesText = (count: number) => (count === 1 ? '1 suministro' : `${count} suministros`);

// Display rules (§2.1, §2.5)
export const TYPE_PROFORMA = 'Proforma';
export const TYPE_INVOICE = 'Factura';
export const NOT_AVAILABLE = 'No disponible';
export const VARIOS = 'Varios';
export const PDF_NOT_AVAILABLE = 'PDF No disponible';
export const DOWNLOAD_PDF = 'PDF';
export const LINE_ICON_UNIFIED = 'Factura unificada';
export const LINE_ICON_VARIOS = 'Varios';
export const pdfButtonLabel = (number: string) => `Descargar PDF de la factura ${number}`;
/** The visible label ("ZIP", "XLSX") starts the accessible name (WCAG 2.5.3, axe label-content-name-mismatch). */
export const proformaButtonLabel = (kind: string, number: string) =>
  `${kind}: descargar proforma de la factura ${number}`;
export const variosLinkLabel = (number: string) => `Varios: descargar la factura ${number}`;
/** Ends the name of a row's Detalles button on a phone: "Detalles de la factura N". */
export const invoiceRowName = (number: string) => `de la factura ${number}`;
export const contractButtonLabel = (contract: string) => `Ver detalles del contrato ${contract}`;

// Validation (§5)
export { FROM_AFTER_TO, FROM_REQUIRED, RANGE_12_MONTHS, TO_REQUIRED } from '@/shared/lib/dateMessages';
export const RANGE_1_MONTH = 'Sólo es posible realizar una consulta en el rango de 1 mes.';
export const RANGE_1_YEAR = 'Sólo es posible realizar una consulta en el rango de 1 año.';

// Errors (§8). A period right after the spec's Spanish text is part of it (as in the no-invoices text,
// quoted with its period in §2.3 too); a text followed by a parenthesis or a comma in the spec has none.
export const NO_INVOICES = 'No se han encontrado facturas en las fechas seleccionadas.';
/** A search by invoice number without dates finds nothing: it says so without talking about dates. */
export const NO_INVOICE_WITH_NUMBER = 'No se ha encontrado ninguna factura con ese número.';
export const INVOICES_LOAD_FAILED =
  'Se ha producido un error al cargar las facturas. Vuelva a intentarlo en unos minutos.';
export const invoicePdfFailed = (number: string) =>
  `Ha ocurrido un error al intentar descargar la factura: ${number}`;
export const PRODUCT_PDF_FAILED = 'Ha ocurrido un error al intentar descargar el PDF de la factura.';
export const FILE_FAILED = 'Ha ocurrido un error al intentar descargar el archivo solicitado.';
export const PRODUCT_ZIP_FAILED = 'Ha ocurrido un error al intentar descargar el ZIP de la factura';
export const ZIP_EXPORT_FAILED = 'Ha ocurrido un error al intentar exportar las facturas en ZIP';
export const EXCEL_EXPORT_FAILED = 'Ha ocurrido un error al intentar exportar las facturas en EXCEL.';
export const PDF_EXPORT_FAILED = 'Ha ocurrido un error al intentar exportar las facturas en PDF.';
export const contractDetailFailed = (contract: string) =>
  `Se ha producido un error al intentar obtener la información del contrato ${contract}`;
export const BULK_LIMIT =
  'La descarga masiva de facturas no es posible, ya que los resultados exceden los límites permitidos.';
export const currentResults = (count: number) => `Resultados actuales ${count}`;
export const LIMITS_BROKEN = 'Límites incumplidos:';
export const LIMIT_EXCEL = 'EXCEL: 1,000 resultados';
export const LIMIT_PDF_ZIP = 'PDF, ZIP: 200 resultados';
export const LIMIT_ONE_YEAR = 'Sólo se permite 1 Año como máximo para las exportaciones.';
export const PRODUCT_NOT_FOUND =
  'No se ha encontrado el contrato seleccionado. Vuelva al inicio y elija un producto.';

// Contract pop-up (§2.4)
export const CONTRACT_DETAILS = 'Detalles del Contrato';
export const CONTRACT_DETAILS_CLOSE = 'Cerrar';
export const DETAIL_CONTRACT = 'Contrato';
export const DETAIL_COMPANY = 'Razón Social';
export const DETAIL_NIF = 'NIF';
export const DETAIL_ADDRESS = 'Dirección';
export const DETAIL_CITY = 'Ciudad';
export const DETAIL_PROVINCE = 'Provincia';
export const DETAIL_POSTAL_CODE = 'Código Postal';
export const DETAIL_CUPS = 'CUPS';
export const DETAIL_TARIFF = 'Tarifa';
export const DETAIL_FROM = 'Desde';
export const DETAIL_TO = 'Hasta';
export const DETAIL_POWER = 'Potencia Contratada';
export const DETAIL_CAUDAL = 'Caudal';
// Units (DECISIONS "Units"): contracted power in kW (spec 02 §2.4 writes kWh, a unit slip), gas flow in kWh/día.
export const UNIT_KW = UNIT.power;
export const UNIT_KWH = UNIT.energy;
export const UNIT_KWH_PER_DAY = UNIT.gasFlow;
export const powerPeriodText = (period: string, kw: string) => `${period}: ${kw} ${UNIT_KW}`;
export const caudalText = (kwhPerDay: string) => `${kwhPerDay} ${UNIT_KWH_PER_DAY}`;

// Charts (§2.5, §9)
export const CHART_AMOUNTS_TITLE = 'Importe de las facturas';
export const CHART_CONSUMPTION_TITLE = 'Consumo de las facturas';
export const CHART_AMOUNT_AXIS = 'Importe (€)';
export const CHART_CONSUMPTION_AXIS = 'Consumo (kWh)';
export const CHART_SERIES_AMOUNT = 'Importe';
export const CHART_SERIES_CONSUMPTION = 'Consumo';
export const CHART_LOADING = 'Cargando gráfico…';
export const chartAriaLabel = (title: string) => `Gráfico: ${title}`;
/** A list's chart draws the page shown: with more than one page, its title says which (issue 24). */
export const chartOfPage = (title: string, page: number, pages: number) =>
  `${title} (facturas de la página ${page} de ${pages})`;
export const CHART_ROW_HEADER = 'Factura';
/**
 * The names of the tariff periods printed beside their codes, as the server's tariffPeriods.ts has them: the
 * consumption legend reads "P1 Punta". The six-period tariffs have codes only.
 */
export const PERIOD_NAMES: Record<string, readonly string[]> = {
  '2.0TD': ['Punta', 'Llano', 'Valle'],
  '3.0A': ['Punta', 'Llano', 'Valle'],
  '3.1A': ['Punta', 'Llano', 'Valle'],
  '2.0DHA': ['Punta', 'Valle'],
  '2.1DHA': ['Punta', 'Valle'],
  '2.0DHS': ['Punta', 'Valle', 'Supervalle'],
  '2.1DHS': ['Punta', 'Valle', 'Supervalle'],
};

// "¿Por qué ha cambiado mi factura?" (issue 29, DECISIONS "The bill")
export const EXPLAINER_LINK = '¿Por qué ha cambiado?';
export const COLUMN_EXPLAIN = 'Explicación';
/** Read after the link's visible words, so its name starts with them (axe label-content-name-mismatch). */
export const explainerLinkHidden = (number: string) => ` (factura ${number})`;
export const EXPLAINER_LOADING = 'Cargando la explicación de la factura…';
export const EXPLAINER_FAILED = 'No se ha podido cargar la explicación de la factura.';
export const explainerHeading = (number: string) => `Factura ${number}`;
export const explainerSupplyHeading = (cups: string) => `Suministro ${cups}`;
export const EXPLAINER_CHART_TITLE = 'Diferencia por conceptos';
export const EXPLAINER_ROW_HEADER = 'Concepto';
export const EXPLAINER_SERIES_PREVIOUS = 'Frente a la factura anterior';
export const EXPLAINER_SERIES_YEAR = 'Frente al mismo periodo del año anterior';
export const EXPLAINER_SERIES_OWN = 'Importe de esta factura';
export const explainerCompared = (number: string, from: string, until: string) =>
  `Se compara con la factura ${number} (del ${from} al ${until}).`;
export const EXPLAINER_NO_YEAR = 'No hay factura del mismo periodo del año anterior.';
export const explainerCurveMatches = (periods: string) =>
  `Los kWh facturados coinciden con la suma de su curva de carga horaria en el periodo: ${periods}.`;
export const explainerCurveDiffers = (periods: string) =>
  `Los kWh facturados no coinciden con la suma de su curva de carga horaria: ${periods}.`;
export const curvePeriodText = (label: string, billed: string, curve: string) =>
  `${label} ${billed} kWh facturados, ${curve} kWh en la curva`;
