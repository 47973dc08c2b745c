import { UNIT } from '@/shared/lib/units';
import type { Line } from '@/shared/session/product';

export const HOME_TITLE = 'Bienvenido a su Oficina Virtual';
export const HOME_INTRO = 'Consulte sus contratos, facturas, consumos y solicitudes.';

export const PRODUCTS_CARD_TITLE = 'Productos contratados';
export const REQUESTS_CARD_TITLE = 'Solicitudes';
export const REQUESTS_OPEN = (count: number) =>
  count === 1 ? '1 solicitud abierta' : `${count} solicitudes abiertas`;
export const REQUESTS_LIST_LINK = 'Ver solicitudes';
export const REQUESTS_NEW_LINK = 'Nueva solicitud';
export const INVOICES_CARD_TITLE = 'Encuentre sus facturas';
export const INVOICES_CARD_TEXT = 'Busque y descargue las facturas de todos sus suministros.';
export const INVOICES_CARD_BUTTON = 'Buscar';

export const REQUESTS_UNAVAILABLE = 'No se ha podido consultar.';
export const SUMMARY_TITLE = 'Resumen';
export const SUMMARY_FAILED = 'No se ha podido cargar el resumen.';
export const LATEST_INVOICE_TITLE = 'Última factura';
/** The mark of what is new since the previous sign-in (issue 26). */
export const NEW_MARK = 'Nueva';
export const NEW_REQUESTS_LABEL = 'Solicitudes con novedades desde su anterior visita';
export const REQUEST_NEW_STATE = (estado: string) => `Estado: ${estado}`;
export const LATEST_INVOICE_NONE = 'Todavía no tiene facturas.';
export const LATEST_INVOICE_DATE = 'Fecha';
export const LATEST_INVOICE_CONTRACT = 'Contrato';
export const LATEST_INVOICE_SUPPLIES = (count: number) => `Factura única de ${count} suministros`;
export const LATEST_INVOICE_PDF = 'Descargar PDF';
export const LATEST_INVOICE_EXPLAIN = '¿Por qué ha cambiado mi factura?';
export const LATEST_INVOICE_PDF_HIDDEN = (numero: string) => ` de la factura ${numero}`;
const LINE_NAME: Record<Line, string> = { Electricidad: 'electricidad', Gas: 'gas' };
/** The card names its line: a customer with gas only sees their gas (issue 24). */
export const CONSUMPTION_TITLE = (line: Line = 'Electricidad') => `Consumo de ${LINE_NAME[line]}`;
export const CONSUMPTION_PERIOD = 'Facturado en los últimos 12 meses';
export const CONSUMPTION_TOTAL = (kwh: string) => `${kwh} ${UNIT.energy}`;
export const CONSUMPTION_NONE = (line: Line) =>
  `No tiene consumo de ${LINE_NAME[line]} facturado en los últimos 12 meses.`;
export const CONSUMPTION_CHART_LABEL = (first: string, last: string, total: string) =>
  `Consumo facturado por mes de ${first} a ${last}: ${total} kWh en total`;
export const CONSUMPTION_BAR = (month: string, kwh: string) => `${month}: ${kwh} ${UNIT.energy}`;

export const NO_PRODUCTS_HELP =
  'Para contratar un suministro, o si cree que falta alguno, llame o escriba a Atención al Cliente:';

export const FILTERS_LABEL = 'Buscar contratos';
export const FILTER_CONTRACT = 'Contrato';
export const FILTER_CUPS = 'CUPS';
export const FILTERS_HINT = 'La búsqueda se realiza al dejar de escribir.';

export const NO_PRODUCTS = 'No se han encontrado productos contratados.';
export const NO_MATCH = 'Ningún contrato coincide con la búsqueda.';
export const CLEAR_FILTERS = 'Borrar filtros';
export const CONTRACTS_LOAD_FAILED = 'No se han podido cargar sus contratos.';

export const LINE_TITLES: Record<Line, string> = { Electricidad: 'Electricidad', Gas: 'Gas' };
export const LINE_TABLE_LABEL = (line: Line) => `Contratos de ${line === 'Gas' ? 'gas' : 'electricidad'}`;
export const LINE_PAGER_LABEL = (line: Line) =>
  `Páginas de contratos de ${line === 'Gas' ? 'gas' : 'electricidad'}`;
export const LINE_COUNT = (count: number) => (count === 1 ? '1 contrato' : `${count} contratos`);

export const COLUMN = {
  code: 'Código',
  contract: 'Contrato',
  cups: 'CUPS',
  address: 'Dirección',
  startDate: 'Fecha alta',
  endDate: 'Fecha baja',
  state: 'Estado',
  tariff: 'Tarifa',
  invoices: 'Facturas',
  certificate: 'Certificado',
  consumption: 'Consumos',
  reading: 'Lectura',
} as const;

/** Ends the name of a contract row's Detalles button on a phone: "Detalles del contrato N". */
export const CONTRACT_ROW_NAME = (contract: string) => `del contrato ${contract}`;
export const ROW_INVOICES = 'Ver';
export const ROW_INVOICES_HIDDEN = (contract: string) => ` las facturas del contrato ${contract}`;
export const ROW_CERTIFICATE = 'Solicitar';
export const ROW_CERTIFICATE_HIDDEN = (contract: string) => ` el certificado del contrato ${contract}`;
export const ROW_CONSUMPTION = 'Ver';
export const ROW_CONSUMPTION_HIDDEN = (contract: string) => ` los consumos del contrato ${contract}`;
export const ROW_READING = 'Enviar';
export const ROW_READING_HIDDEN = (contract: string) => ` la lectura del contrato ${contract}`;
export const ROW_PDF = 'PDF';
export const ROW_PDF_LABEL = (contract: string) => `Descargar el contrato ${contract} en PDF`;

/** spec 02 §8: a document that fails or is too small. */
export const CONTRACT_PDF_FAILED = 'Ha ocurrido un error al intentar descargar el archivo solicitado.';
export const contractPdfFileName = (contract: string) => `Contrato-${contract}.pdf`;
export const invoicePdfFileName = (numero: string) => `Factura-${numero}.pdf`;
