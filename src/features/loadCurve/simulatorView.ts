import type { Options } from 'highcharts';
import type { SimulatorAnswer, SimulatorOption } from '@contract/simulator';
import { formatNumber, formatQuantity } from '@/shared/lib/money';
import * as yup from 'yup';
import {
  DIFFERENCE_HEADER,
  EXCEEDED_HOURS_HEADER,
  OPTION_HEADER,
  POWER_NOT_NUMBER,
  POWER_NOT_POSITIVE,
  POWER_TOO_HIGH,
  POWERS_HEADER,
  SIMULATOR_CHART_TITLE,
  SIMULATOR_SERIES,
  WARNING_HEADER,
  YEARLY_COST_HEADER,
} from './loadCurveMessages';

/** 2.0TD is the toll of supplies up to 15 kW (the server refuses more, server/docs/simulator-api.md). */
const MAX_POWER_KW = 15;

/** A power as typed in Spanish ("4,6" or "4.6"); NaN when it is no number. */
export const typedPower = (text: string) =>
  /^\s*\d+([.,]\d+)?\s*$/.test(text) ? Number(text.replace(',', '.')) : NaN;

export const simulatorSchema = yup.object({
  potencia: yup
    .string()
    .test('number', POWER_NOT_NUMBER, (text) => !text?.trim() || !Number.isNaN(typedPower(text)))
    .test('positive', POWER_NOT_POSITIVE, (text) => !text?.trim() || !(typedPower(text) <= 0))
    .test('max', POWER_TOO_HIGH, (text) => !text?.trim() || !(typedPower(text) > MAX_POWER_KW)),
  oferta: yup.string(),
});

/** The powers of an option as the table shows them: one figure when both periods are equal. */
export const powersText = (powers: number[]) =>
  new Set(powers).size === 1 ? formatQuantity(powers[0]) : powers.map(formatQuantity).join(' / ');

/** The options' yearly cost as bars, one per option; the table view reads the same options. */
export function simulatorChartOptions(answer: SimulatorAnswer): Options {
  return {
    chart: { type: 'bar' },
    title: { text: SIMULATOR_CHART_TITLE },
    xAxis: { categories: answer.options.map((option) => option.label) },
    yAxis: { title: { text: '€/año' } },
    tooltip: { valueSuffix: ' €/año' },
    // Options are alternatives: their costs add up to nothing, so the table view shows no total.
    series: [
      {
        type: 'bar',
        name: SIMULATOR_SERIES,
        data: answer.options.map((option) => option.yearlyCost),
        custom: { additive: false },
      },
    ],
  };
}

/** A CSV cell, quoted. */
const cell = (value: string) => `"${value.replace(/"/g, '""')}"`;
/** Text a spreadsheet would run as a formula made plain; numbers (a negative difference) stay numbers. */
const plainText = (value: string) => (/^[=+\-@]/.test(value) ? `'${value}` : value);

/** The options' table as CSV (semicolons and decimal commas, as Spanish spreadsheets read it). */
export function simulatorCsv(options: SimulatorOption[]): string {
  const header = [
    OPTION_HEADER,
    POWERS_HEADER,
    YEARLY_COST_HEADER,
    DIFFERENCE_HEADER,
    EXCEEDED_HOURS_HEADER,
    WARNING_HEADER,
  ];
  const rows = options.map((option) => [
    plainText(option.label),
    powersText(option.powers),
    formatNumber(option.yearlyCost),
    formatNumber(option.difference),
    formatQuantity(option.exceededHours),
    plainText(option.warning ?? ''),
  ]);
  return [header, ...rows].map((row) => row.map(cell).join(';')).join('\r\n') + '\r\n';
}
