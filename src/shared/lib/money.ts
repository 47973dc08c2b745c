const formatter = new Intl.NumberFormat('es-ES', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // 'always': es-ES would otherwise leave 4-digit amounts ungrouped (1234,56); the spec shows 1.234,56.
  useGrouping: 'always' as unknown as boolean,
});

/** es-ES amount with two decimals; a missing number shows 0,00. */
export function formatNumber(value: number | string | null | undefined): string {
  const number = typeof value === 'string' ? Number(value) : value;
  if (number === null || number === undefined || !Number.isFinite(number)) return '0,00';
  return formatter.format(number);
}

/** `1.234,56 €` */
export function formatMoney(value: number | string | null | undefined): string {
  return `${formatNumber(value)} €`;
}
