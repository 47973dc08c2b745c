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
  PERIOD_NAMES,
  CHART_AMOUNT_AXIS,
  CHART_CONSUMPTION_AXIS,
  CHART_CONSUMPTION_TITLE,
  CHART_SERIES_AMOUNT,
  CHART_SERIES_CONSUMPTION,
  UNIT_KWH,
  chartOfPage,
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

/**
 * Every bar carries its value (the stack's total for stacked bars), so a bar of 100 € beside one of 13.623 €
 * still reads: the axis stays linear from 0, where a logarithmic or broken one would mislead. On a phone the
 * labels turn upright to fit ten bars.
 */
const valueLabels = (format: string, stacked: boolean): Options => {
  const labels = {
    enabled: true,
    format,
    crop: false,
    overflow: 'allow' as const,
    style: { fontWeight: '600' },
  };
  const upright = { rotation: -90, y: -4, align: 'left' as const, verticalAlign: 'bottom' as const };
  const place = (extra: object) =>
    stacked
      ? { yAxis: { stackLabels: { ...labels, ...extra } } }
      : { plotOptions: { series: { dataLabels: { ...labels, ...extra } } } };
  const phone = place({ ...upright, textAlign: 'left' });
  return {
    ...place({}),
    responsive: {
      rules: [
        {
          condition: { maxWidth: 600 },
          // Upright labels stand taller than the 15 % headroom the axis keeps: more, so the highest one stays
          // inside the chart on a phone (issue 24: labels cut at 360 px).
          chartOptions: { ...phone, yAxis: { ...(phone.yAxis as object), maxPadding: 0.45 } },
        },
      ],
    },
  };
};

/** Orange euro bars, one per invoice, the tooltip and the bars' labels in euros with 2 decimals. */
export function amountChartOptions(points: ChartPoint[], title = CHART_AMOUNTS_TITLE): Options {
  const labels = valueLabels('{y:,.2f} €', false);
  return {
    ...labels,
    chart: { type: 'column' },
    title: { text: title },
    xAxis: { categories: points.map((point) => point.label), title: { text: undefined } },
    yAxis: { title: { text: CHART_AMOUNT_AXIS }, labels: groupedAxisLabels('€'), maxPadding: 0.15 },
    legend: { enabled: false },
    tooltip: { valueDecimals: 2, valueSuffix: ' €' },
    plotOptions: { ...labels.plotOptions, column: { color: BAR_COLOR } },
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
    const names = billsP4toP6 ? [] : (PERIOD_NAMES[(newest?.tarifa ?? '').trim().toUpperCase()] ?? []);
    series = PERIOD_FIELDS.slice(0, periods).map((field, index) => ({
      type: 'column',
      name: [`P${index + 1}`, names[index]].filter(Boolean).join(' '),
      color: PERIOD_COLORS[index],
      data: sorted.map(({ invoice }) => kwh(invoice[field])),
    }));
  }
  const stacked = line !== 'Gas';
  const labels = valueLabels(stacked ? `{total:,.f} ${UNIT_KWH}` : `{y:,.f} ${UNIT_KWH}`, stacked);
  return {
    ...labels,
    chart: { type: 'column' },
    title: { text: CHART_CONSUMPTION_TITLE },
    xAxis: { categories, title: { text: undefined } },
    yAxis: {
      ...(labels.yAxis as object),
      title: { text: CHART_CONSUMPTION_AXIS },
      labels: groupedAxisLabels(UNIT_KWH),
      maxPadding: 0.15,
    },
    legend: { enabled: stacked },
    // No valueDecimals: whole kWh show without decimals (spec 02 §9), any fraction as it is.
    tooltip: { valueSuffix: ` ${UNIT_KWH}`, shared: true },
    plotOptions: { ...labels.plotOptions, column: { stacking: 'normal' } },
    series,
  };
}

/** A chart of an invoice screen: its options, its title, and the launch dates it spans. */
export interface InvoiceChartModel {
  options: Options;
  title: string;
  period: { from: string; to: string };
}

const periodOf = (dates: string[]) => ({
  from: formatListDate(dates[0] ?? null),
  to: formatListDate(dates[dates.length - 1] ?? null),
});

/** A list chart's title: it draws the page shown, so with several pages it says which. */
export const pagedChartTitle = (title: string, page: number, pages: number) =>
  pages > 1 ? chartOfPage(title, page, pages) : title;

/** The amounts chart of a list, drawn from two invoices up. */
export function listAmountChart(invoices: Invoice[], title: string): InvoiceChartModel | null {
  if (invoices.length < 2) return null;
  const points = invoiceAmountPoints(invoices);
  return {
    options: amountChartOptions(points, title),
    title,
    period: periodOf(points.map((point) => point.date)),
  };
}

/** The per-product chart the user chose under Tipo de gráfico, with its title. */
export function productChart(choice: ChartChoice, invoices: ProductInvoice[], line: Line): InvoiceChartModel {
  const period = periodOf(sortedProductInvoices(invoices).map(({ date }) => date));
  return choice === 'consumo'
    ? { options: consumptionChartOptions(invoices, line), title: CHART_CONSUMPTION_TITLE, period }
    : {
        options: amountChartOptions(productAmountPoints(invoices, line)),
        title: CHART_AMOUNTS_TITLE,
        period,
      };
}
