import type { Options, SeriesColumnOptions } from 'highcharts';
import { formatListDate, toIsoDate } from '@/shared/lib/dates';
import type { Line } from '@/shared/session/product';
import { groupedAxisLabels } from '@/shared/ui/chartLabels';
import { invoiceNumberText, isFlagSet, tariffPeriodCount } from './invoiceDisplay';
import type { Invoice, ProductInvoice } from './invoicesApi';
import type { ChartChoice } from './invoicesSlice';
import { productInvoiceNumber } from './invoiceNumbers';
import {
  CHART_AMOUNTS_TITLE,
  CHART_AMOUNT_AXIS,
  CHART_CONSUMPTION_AXIS,
  CHART_CONSUMPTION_TITLE,
  CHART_SERIES_AMOUNT,
  CHART_SERIES_CONSUMPTION,
  UNIT_KWH,
} from './invoicesMessages';

/** The portal's accent: invoice bars are orange (spec 02 §9). */
export const BAR_COLOR = '#f28c28';
/** Period colours of the electricity consumption chart, from the brand blue to the accent. */
export const PERIOD_COLORS = ['#0b3d91', '#3a66b5', '#6f93d1', '#f28c28', '#f5a95c', '#9aa5b8'];

export interface ChartPoint {
  /** Number, line and date of the invoice: the point's label (spec 02 §2.5). */
  label: string;
  /** ISO launch date, the sort key. */
  date: string;
  value: number;
}

export const roundTo2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

export function pointLabel(number: string, line: string, date: string | null): string {
  return `${number} · ${line} · ${formatListDate(date)}`;
}

const byDateAscending = <T extends { date: string }>(points: T[]) =>
  [...points].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

/** One point per invoice of a list: labelled, total rounded to 2 decimals, sorted by date ascending. */
export function invoiceAmountPoints(invoices: Invoice[]): ChartPoint[] {
  return byDateAscending(
    invoices.map((invoice) => ({
      label: pointLabel(
        invoiceNumberText({
          series: invoice.serieFactura,
          number: invoice.billNumber,
          unified: isFlagSet(invoice.isUnificada),
          unifiedSeries: invoice.serieFacturaUnica,
          unifiedNumber: invoice.numeroFacturaUnica,
        }),
        invoice.line,
        invoice.launchDate,
      ),
      date: toIsoDate(invoice.launchDate) ?? '',
      value: roundTo2(Number(invoice.total?.amount ?? 0) || 0),
    })),
  );
}

const sortedProductInvoices = (invoices: ProductInvoice[]) =>
  byDateAscending(invoices.map((invoice) => ({ invoice, date: toIsoDate(invoice.fechaFactura) ?? '' })));

export function productAmountPoints(invoices: ProductInvoice[], line: Line): ChartPoint[] {
  return sortedProductInvoices(invoices).map(({ invoice, date }) => ({
    label: pointLabel(productInvoiceNumber(invoice), line, invoice.fechaFactura),
    date,
    value: roundTo2(Number(invoice.total?.importe ?? 0) || 0),
  }));
}

/** Orange euro bars, one per invoice, the tooltip in euros with 2 decimals. */
export function amountChartOptions(points: ChartPoint[], title = CHART_AMOUNTS_TITLE): Options {
  return {
    chart: { type: 'column' },
    title: { text: title },
    xAxis: { categories: points.map((point) => point.label), title: { text: undefined } },
    yAxis: { title: { text: CHART_AMOUNT_AXIS }, labels: groupedAxisLabels('€') },
    legend: { enabled: false },
    tooltip: { valueDecimals: 2, valueSuffix: ' €' },
    plotOptions: { column: { color: BAR_COLOR } },
    series: [
      {
        type: 'column',
        name: CHART_SERIES_AMOUNT,
        color: BAR_COLOR,
        data: points.map((point) => point.value),
      },
    ],
  };
}

const PERIOD_FIELDS = [
  'consumoActivaP1',
  'consumoActivaP2',
  'consumoActivaP3',
  'consumoActivaP4',
  'consumoActivaP5',
  'consumoActivaP6',
] as const;

/**
 * Consumption of the per-product invoices: for electricity one stacked series per tariff period (three, or six
 * for the six-period tariffs of the newest invoice or when any invoice bills P4-P6); for gas a single series of
 * kWh in the accent colour.
 */
export function consumptionChartOptions(invoices: ProductInvoice[], line: Line): Options {
  const sorted = sortedProductInvoices(invoices);
  const categories = sorted.map(({ invoice }) =>
    pointLabel(productInvoiceNumber(invoice), line, invoice.fechaFactura),
  );
  const kwh = (value: number | null | undefined) => roundTo2(Number(value ?? 0) || 0);
  let series: SeriesColumnOptions[];
  if (line === 'Gas') {
    series = [
      {
        type: 'column',
        name: CHART_SERIES_CONSUMPTION,
        color: BAR_COLOR,
        data: sorted.map(({ invoice }) => kwh(invoice.consumoKwh ?? invoice.TotalConsumoEnergiaActiva)),
      },
    ];
  } else {
    // The tariff's periods, and never fewer than the invoices bill: the bars always add up to the table's kWh.
    const newest = sorted[sorted.length - 1]?.invoice;
    const billsP4toP6 = sorted.some(({ invoice }) =>
      PERIOD_FIELDS.slice(3).some((field) => Number(invoice[field] ?? 0)),
    );
    const periods = billsP4toP6 ? 6 : tariffPeriodCount(newest?.tarifa);
    series = PERIOD_FIELDS.slice(0, periods).map((field, index) => ({
      type: 'column',
      name: `P${index + 1}`,
      color: PERIOD_COLORS[index],
      data: sorted.map(({ invoice }) => kwh(invoice[field])),
    }));
  }
  return {
    chart: { type: 'column' },
    title: { text: CHART_CONSUMPTION_TITLE },
    xAxis: { categories, title: { text: undefined } },
    yAxis: { title: { text: CHART_CONSUMPTION_AXIS }, labels: groupedAxisLabels(UNIT_KWH) },
    legend: { enabled: line !== 'Gas' },
    tooltip: { valueDecimals: 2, valueSuffix: ` ${UNIT_KWH}`, shared: true },
    plotOptions: { column: { stacking: 'normal' } },
    series,
  };
}

/** The per-product chart the user chose under Tipo de gráfico, with its title. */
export function productChart(choice: ChartChoice, invoices: ProductInvoice[], line: Line) {
  return choice === 'consumo'
    ? { options: consumptionChartOptions(invoices, line), title: CHART_CONSUMPTION_TITLE }
    : { options: amountChartOptions(productAmountPoints(invoices, line)), title: CHART_AMOUNTS_TITLE };
}
