import { addDays } from './dates';
import { madridDateAt } from './madridTime';

/**
 * Spain's national holidays (fiestas de ámbito nacional, BOE resolutions of the Dirección General de Trabajo),
 * 2024–2027: the one list the claims' deadlines read (Ley 10/2025 de servicios de atención a la clientela).
 * Regional and local holidays vary by place and are not counted; a year beyond the list counts weekends only.
 */
export const SPAIN_NATIONAL_HOLIDAYS: ReadonlySet<string> = new Set([
  // 2024
  '2024-01-01', // Año Nuevo
  '2024-01-06', // Epifanía del Señor
  '2024-03-29', // Viernes Santo
  '2024-05-01', // Fiesta del Trabajo
  '2024-08-15', // Asunción de la Virgen
  '2024-10-12', // Fiesta Nacional de España
  '2024-11-01', // Todos los Santos
  '2024-12-06', // Día de la Constitución
  '2024-12-25', // Natividad del Señor (8/12 fell on a Sunday)
  // 2025
  '2025-01-01',
  '2025-01-06',
  '2025-04-18', // Viernes Santo
  '2025-05-01',
  '2025-08-15',
  '2025-11-01',
  '2025-12-06',
  '2025-12-08', // Inmaculada Concepción
  '2025-12-25',
  // 2026
  '2026-01-01',
  '2026-01-06',
  '2026-04-03', // Viernes Santo
  '2026-05-01',
  '2026-08-15',
  '2026-10-12',
  '2026-12-08',
  '2026-12-25',
  // 2027
  '2027-01-01',
  '2027-01-06',
  '2027-03-26', // Viernes Santo
  '2027-05-01',
  '2027-08-15',
  '2027-10-12',
  '2027-11-01',
  '2027-12-06',
  '2027-12-08',
  '2027-12-25',
]);

/** Business days the company has to answer (the law's general rule). */
export const RESPONSE_BUSINESS_DAYS = 15;

/** Monday to Friday and not a national holiday; `day` is 'YYYY-MM-DD'. */
export function isBusinessDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !SPAIN_NATIONAL_HOLIDAYS.has(day);
}

/**
 * The last day to answer a request received at `receivedAt`: 15 business days after the day of receipt in
 * Europe/Madrid, where a request received on a non-business day counts as received on the next business day
 * (received Saturday 28/11/2026 → from Monday 30/11 → Tuesday 22/12/2026, since 8/12 is a holiday).
 */
export function responseDeadline(receivedAt: Date): string {
  let day = madridDateAt(receivedAt.getTime());
  while (!isBusinessDay(day)) day = addDays(day, 1);
  for (let counted = 0; counted < RESPONSE_BUSINESS_DAYS;) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) counted++;
  }
  return day;
}

/**
 * Business days left to answer on `today` (both 'YYYY-MM-DD'): those after today up to the deadline, so 0 on the
 * deadline's own day; once it has passed, minus the business days since, at least -1.
 */
export function businessDaysLeft(today: string, deadline: string): number {
  const [from, to, sign] = deadline >= today ? [today, deadline, 1] : [deadline, today, -1];
  let count = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isBusinessDay(day)) count++;
  return sign > 0 ? count : -Math.max(count, 1);
}
