import type { InvoiceDetail } from '../data/invoices';
import { displayNumber, holderDisplayName, supplyOfRow } from '../data/display';
import { type UnifiedParts, unifiedPartsFor } from '../data/unifiedParts';
import { buildWorkbook, type SheetColumn } from './spreadsheet';

// Number formats Excel shows in the reader's locale (1.234,56 in Spanish) while the cells stay numbers that
// sum: spec 02 §9's two decimals with grouping, integers (counts) without decimals.
const DATE = 'dd/mm/yyyy';
const EUROS = '#,##0.00 "€"';
const KWH = '#,##0.00';
const KW = '#,##0.00';
const COUNT = '#,##0';

/** Spreadsheet date cells: the calendar day at UTC midnight, so no time zone shifts it. */
const dateCell = (iso: string | null) => (iso ? new Date(`${iso}T00:00:00Z`) : null);

const INVOICE_COLUMNS: SheetColumn[] = [
  { header: 'Línea', key: 'line', width: 13 },
  { header: 'Tipo', key: 'kind', width: 18 },
  { header: 'Número de factura', key: 'number', width: 18 },
  { header: 'Serie', key: 'serie', width: 10 },
  { header: 'Fecha de factura', key: 'launchDate', width: 16, numFmt: DATE },
  { header: 'Titular', key: 'holder', width: 30 },
  { header: 'NIF', key: 'nif', width: 12 },
  { header: 'Suministros', key: 'supplies', width: 12, numFmt: COUNT },
  { header: 'Código de contrato', key: 'contractCode', width: 18 },
  { header: 'Contrato', key: 'contract', width: 14 },
  { header: 'CUPS', key: 'cups', width: 24 },
  { header: 'Dirección', key: 'street', width: 36 },
  { header: 'Tarifa', key: 'tariff', width: 10 },
  { header: 'Lectura desde', key: 'readingFrom', width: 14, numFmt: DATE },
  { header: 'Lectura hasta', key: 'readingUntil', width: 14, numFmt: DATE },
  { header: 'Consumo total (kWh)', key: 'kwh', width: 18, numFmt: KWH },
  { header: 'Importe total (€)', key: 'amount', width: 16, numFmt: EUROS },
  { header: 'Divisa', key: 'currency', width: 8 },
  { header: 'Categoría', key: 'category', width: 11 },
  { header: 'PDF disponible', key: 'pdf', width: 14 },
];

const KIND_LABEL = { F: 'Factura', U: 'Factura unificada', P: 'Proforma' } as const;

/**
 * The invoice export of the all-invoices and administrator screens (and a unified invoice's proformas): one
 * typed row per invoice. A unified row names its holder, how many supplies it covers and its total kWh, never
 * one of its supplies (supplyOfRow); `parts` are its proformas' (unifiedPartsOf).
 */
export function invoicesWorkbook(
  invoices: InvoiceDetail[],
  { sheetName = 'Facturas', parts = new Map<string, UnifiedParts>() } = {},
) {
  return buildWorkbook(
    sheetName,
    INVOICE_COLUMNS,
    invoices.map((invoice) => {
      const supply = supplyOfRow(invoice, unifiedPartsFor(parts, invoice));
      return {
        line: invoice.line,
        kind: KIND_LABEL[invoice.kind],
        number: invoice.bill_number,
        serie: invoice.serie,
        launchDate: dateCell(invoice.launch_date),
        holder: holderDisplayName(invoice),
        nif: invoice.holder_nif,
        supplies: supply.supplies,
        contractCode: supply.contractCode,
        contract: supply.contract,
        cups: supply.cups,
        street: supply.street,
        tariff: supply.tariff,
        readingFrom: dateCell(supply.readingFrom),
        readingUntil: dateCell(supply.readingUntil),
        kwh: invoice.consumption_kwh,
        amount: invoice.amount,
        currency: invoice.currency,
        category: invoice.category === 'VA' ? 'Varios' : 'Normal',
        pdf: invoice.can_download ? 'Sí' : 'No',
      };
    }),
  );
}

/** The per-product consumption export: one row per invoice, consumption by period for electricity. */
export function consumptionWorkbook(invoices: InvoiceDetail[]) {
  const electricity = invoices.some((invoice) => invoice.line === 'Electricidad');
  const periodColumns: SheetColumn[] = electricity
    ? [1, 2, 3, 4, 5, 6].map((p) => ({ header: `Consumo P${p} (kWh)`, key: `p${p}`, width: 16, numFmt: KWH }))
    : [];
  const columns: SheetColumn[] = [
    { header: 'Factura', key: 'number', width: 16 },
    { header: 'Fecha de factura', key: 'launchDate', width: 16, numFmt: DATE },
    { header: 'Desde', key: 'from', width: 12, numFmt: DATE },
    { header: 'Hasta', key: 'until', width: 12, numFmt: DATE },
    { header: 'Tarifa', key: 'tariff', width: 10 },
    { header: 'Consumo total (kWh)', key: 'kwh', width: 18, numFmt: KWH },
    ...periodColumns,
    ...(electricity ? [{ header: 'Potencia leída P1 (kW)', key: 'power', width: 20, numFmt: KW }] : []),
    { header: 'Importe total (€)', key: 'amount', width: 16, numFmt: EUROS },
  ];
  return buildWorkbook(
    'Consumos',
    columns,
    invoices.map((invoice) => ({
      number: displayNumber(invoice),
      launchDate: dateCell(invoice.launch_date),
      from: dateCell(invoice.reading_from),
      until: dateCell(invoice.reading_until),
      tariff: invoice.tariff,
      kwh: invoice.consumption_kwh,
      ...(electricity
        ? {
            p1: invoice.consumption_p1,
            p2: invoice.consumption_p2,
            p3: invoice.consumption_p3,
            p4: invoice.consumption_p4,
            p5: invoice.consumption_p5,
            p6: invoice.consumption_p6,
            power: invoice.power_read_p1,
          }
        : {}),
      amount: invoice.amount,
    })),
  );
}
