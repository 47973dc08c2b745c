/**
 * The edges of the consumption notice (DECISIONS "Notifications"): a bill's kWh per day at least 25 % and at
 * least 1 kWh/day above the same days a year before. Compared in thousandths of a kWh per day, whole numbers,
 * so exactly 25 % and exactly 1 kWh/day count, whatever the floating point does.
 */
export const UNUSUAL_PERCENT = 25;
export const UNUSUAL_KWH_PER_DAY = 1;

const thousandths = (value: number) => Math.round(value * 1000);

export function isUnusualConsumption(currentPerDay: number, previousPerDay: number): boolean {
  const current = thousandths(currentPerDay);
  const previous = thousandths(previousPerDay);
  if (previous <= 0) return false;
  return (
    current * 100 >= previous * (100 + UNUSUAL_PERCENT) && current - previous >= UNUSUAL_KWH_PER_DAY * 1000
  );
}
