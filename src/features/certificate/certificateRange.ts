import { addDays, addMonths, todayIso } from '@/shared/lib/dates';
import { MEASUREMENT_RANGE_MONTHS, type RangeValues } from '@/shared/measurement/measurementRange';

/**
 * Opens on the last 12 complete months, as a certificate gives consumption per month (DECISIONS "Dates the
 * screens fill"): on 23 Nov 2026, 1 Nov 2025 to 31 Oct 2026. That range is within the 12-month rule.
 */
export function defaultCertificateRange(today = todayIso()): RangeValues {
  const monthStart = `${today.slice(0, 7)}-01`;
  return { from: addMonths(monthStart, -MEASUREMENT_RANGE_MONTHS), to: addDays(monthStart, -1) };
}
