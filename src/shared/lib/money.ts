/**
 * The one es-ES number formatter of the screens (spec 02 §9): thousands grouping and 2 decimals, integers
 * without decimals. 'always': es-ES would otherwise leave 4-digit numbers ungrouped (1234,56); Spanish
 * documents show 1.234,56.
 */
const grouped = (decimals: number) =>
  new Intl.NumberFormat('es-ES', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: 'always' as unknown as boolean,
  });
const twoDecimals = grouped(2);
const noDecimals = grouped(0);

const finite = (value: number | string | null | undefined): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return number === null || number === undefined || !Number.isFinite(number) ? null : number;
};

/** es-ES amount with two decimals; a missing number shows 0,00. */
export function formatNumber(value: number | string | null | undefined): string {
  const number = finite(value);
  return number === null ? '0,00' : twoDecimals.format(number);
}

/** `1.234,56 €` */
export function formatMoney(value: number | string | null | undefined): string {
  return `${formatNumber(value)} €`;
}

/**
 * A measured quantity (kWh, kW): integers without decimals (`1.265`), any other number with two (`12,50`);
 * a missing number shows 0.
 */
export function formatQuantity(value: number | string | null | undefined): string {
  const number = finite(value) ?? 0;
  return Number.isInteger(number) ? noDecimals.format(number) : twoDecimals.format(number);
}
