/**
 * How every number and date reads on the server's PDFs (spec 02 §9): es-ES, thousands always grouped (a
 * plain es-ES Intl.NumberFormat leaves four-digit numbers ungrouped: `9253,96`), money with 2 decimals,
 * whole kWh with none, measured kWh on a bill's lines with 2, prices per kWh with 6 as Spanish bills print them.
 */

const formatters = new Map<number, Intl.NumberFormat>();

/** `value` with exactly `digits` decimals, thousands grouped: 1234.5 → '1.234,50'. */
export function decimal(value: number, digits: number): string {
  let format = formatters.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('es-ES', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      // 'always' groups four-digit numbers too; older lib typings only know the boolean.
      useGrouping: 'always' as unknown as boolean,
    });
    formatters.set(digits, format);
  }
  // -0 would print as '-0,00'.
  return format.format(value === 0 ? 0 : value);
}

/** A value as shown with 2 decimals, as a number to add up: the sum of shown values is what a reader checks. */
export const roundTo2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** Money: '9.253,96 €'. */
export const euros = (value: number) => `${decimal(value, 2)} €`;
/** A whole number: '8.970'. */
export const integer = (value: number) => decimal(value, 0);
/** Energy in whole kWh (charts, totals of a year): '8.970 kWh'. */
export const kwhWhole = (value: number) => `${integer(value)} kWh`;
/** Measured energy on a bill's line or a certificate: '1.234,56'. */
export const kwhMeasured = (value: number) => decimal(value, 2);
/** A price per unit as bills print it: '0,123456'. */
export const unitPrice = (value: number) => decimal(value, 6);
/** Contracted power (DECISIONS.md "Units"): '4,60 kW'. */
export const kilowatts = (value: number) => `${decimal(value, 2)} kW`;
/** Gas flow (caudal): '25,00 kWh/día'. */
export const dailyFlow = (value: number) => `${decimal(value, 2)} kWh/día`;
/** A rate given as a fraction, with the decimals it has (up to 8): 0.21 → '21 %', 0.0511269632 → '5,11269632 %'. */
export function percent(fraction: number): string {
  const value = Math.round(fraction * 1e10) / 1e8;
  const digits = Math.min(8, (String(value).split('.')[1] ?? '').length);
  return `${decimal(value, digits)} %`;
}

const monthNames = new Intl.DateTimeFormat('es-ES', { month: 'long', timeZone: 'UTC' });
/** The Spanish month names, 'enero'..'diciembre', from the platform's locale data. */
export const MONTH_NAMES = Array.from({ length: 12 }, (_, month) =>
  monthNames.format(new Date(Date.UTC(2000, month, 1))),
);

/** 'YYYY-MM-DD' (or a timestamp) → 'DD/MM/YYYY'; a missing date reads '—'. */
export function listDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** 'YYYY-MM-DD' → '5 de marzo de 2026'. */
export const longDate = (iso: string) =>
  `${Number(iso.slice(8, 10))} de ${MONTH_NAMES[Number(iso.slice(5, 7)) - 1]} de ${iso.slice(0, 4)}`;

/** 'YYYY-MM' → 'Marzo 2026'. */
export function monthLabel(month: string): string {
  const name = MONTH_NAMES[Number(month.slice(5, 7)) - 1];
  return `${name[0].toUpperCase()}${name.slice(1)} ${month.slice(0, 4)}`;
}

/** 'YYYY-MM' → 'mar 26' (a chart's axis). */
export const shortMonth = (month: string) =>
  `${MONTH_NAMES[Number(month.slice(5, 7)) - 1].slice(0, 3)} ${month.slice(2, 4)}`;

/** Only the last four digits of an account show: 'ES** **** **** **** **** 1234'. */
export function maskedIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  const masked = `${compact.slice(0, 2)}${'*'.repeat(compact.length - 6)}${compact.slice(-4)}`;
  return masked.match(/.{1,4}/g)!.join(' ');
}
