import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './axe';

// Dates as the keyboard journeys of the date screens type and read them, written out independently of the
// SPA's own date code so that the tests check it rather than repeat it.

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const DAY_MS = 86_400_000;
export const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day as a UTC midnight, so that adding days never meets a clock change. */
export type Day = Date;
export const parts = (day: Day) => ({
  y: day.getUTCFullYear(),
  m: day.getUTCMonth() + 1,
  d: day.getUTCDate(),
});
export const madridToday = (): Day => {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  return new Date(`${iso}T00:00:00Z`);
};
export const addDays = (day: Day, days: number): Day => new Date(day.getTime() + days * DAY_MS);
/** Day `d` of the month `months` away from `day`'s month (0 is the day before its first). */
export const dayOfMonth = (day: Day, months: number, d: number): Day =>
  new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + months, d));

/** As the invoice calls send a date. */
export const iso = (day: Day) => `${parts(day).y}-${pad(parts(day).m)}-${pad(parts(day).d)}`;
/** As telemetry, load curve and certificate calls send a date. */
export const dashed = (day: Day) => `${pad(parts(day).d)}-${pad(parts(day).m)}-${parts(day).y}`;
/** As the field shows a date. */
export const shown = (day: Day) => `${pad(parts(day).d)} ${MONTHS[parts(day).m - 1]} ${parts(day).y}`;
/** As a calendar day is named to screen readers. */
export const spoken = (day: Day) => `${parts(day).d} de ${MONTHS[parts(day).m - 1]} de ${parts(day).y}`;
export const fromShown = (text: string): Day => {
  const [d, month, y] = text.split(' ');
  return new Date(Date.UTC(Number(y), MONTHS.indexOf(month), Number(d)));
};

/** Every format the field accepts (DECISIONS "Dates the screens fill"). */
export const FORMATS: [string, (day: Day) => string][] = [
  ['DD/MM/AAAA', (day) => `${pad(parts(day).d)}/${pad(parts(day).m)}/${parts(day).y}`],
  ['D/M/AAAA', (day) => `${parts(day).d}/${parts(day).m}/${parts(day).y}`],
  ['DD-MM-AAAA', dashed],
  ['AAAA-MM-DD', iso],
  ['DD mes AAAA', shown],
  ['D mes AAAA', (day) => `${parts(day).d} ${MONTHS[parts(day).m - 1]} ${parts(day).y}`],
];

export const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has the focus, as a keyboard user reaches a control. */
export async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('The control was not reached with Tab');
}

/**
 * The Desde calendar from the keyboard, its toggle button focused: Enter opens it on the selected day (axe runs
 * while it is open), ArrowDown then ArrowLeft move six days on, Enter picks and closes it; Enter opens it again,
 * an arrow moves, Escape closes it without picking. Focus is back on the button each time. The picked day.
 */
export async function pickDesdeFromCalendar(page: Page, selected: Day): Promise<Day> {
  const toggle = page.getByRole('button', { name: 'Abrir calendario: Desde' });
  const field = page.getByRole('textbox', { name: 'Desde' });
  const calendar = page.getByRole('dialog', { name: 'Calendario: Desde' });
  const day = (date: Day) => calendar.getByRole('button', { name: spoken(date), exact: true });
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(day(selected)).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  const picked = addDays(selected, 6);
  await expect(day(picked)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(field).toHaveValue(shown(picked));
  await page.keyboard.press('Enter');
  await expect(calendar).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(field).toHaveValue(shown(picked));
  return picked;
}
