import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { selectContract } from './support/contracts';
import {
  addDays,
  dashed,
  type Day,
  dayOfMonth,
  FORMATS,
  madridToday,
  shown,
  tabTo,
  pickDesdeFromCalendar,
  isFocused,
} from './support/dates';
import { CUSTOMER, logIn } from './support/session';

// Issue 10, "Tests": the date screens used from the keyboard only. The pre-filled dates are tabbed through
// untouched and searched; then dates with a day below 10 are typed in every accepted format; then a day is
// picked in the calendar with the arrow keys, and the calendar closed with Escape.

interface DateScreen {
  name: string;
  path: (contract: string) => string;
  heading: RegExp;
  action: string;
  defaults: (today: Day) => { from: Day; to: Day };
  /** The call a search makes, and the chart it draws (none for the certificate, a PDF). */
  call: string;
  chart?: string;
}

const lastWeek = (today: Day) => ({ from: addDays(today, -7), to: addDays(today, -1) });

const SCREENS: DateScreen[] = [
  {
    name: 'telemetry',
    path: (contract) => `/telemetry/${contract}`,
    heading: /^Buscar telemedida$/,
    action: 'Visualizar',
    defaults: lastWeek,
    call: '/ov/cups/api/telemetry',
    chart: 'Gráfica de datos',
  },
  {
    name: 'load curve',
    path: (contract) => `/loadcurve/${contract}`,
    heading: /^Curva de carga$/,
    action: 'Visualizar',
    defaults: lastWeek,
    call: '/ov/cups/api/curvas',
    chart: 'Curva de carga horaria',
  },
  {
    name: 'certificate',
    path: (contract) => `/certificate/${contract}`,
    heading: /^Buscar Certificado de Consumos$/,
    action: 'Obtener Certificado',
    // The last 12 complete months.
    defaults: (today) => ({ from: dayOfMonth(today, -12, 1), to: dayOfMonth(today, 0, 0) }),
    call: '/ov/contracts/api/consumptionsCertified',
  },
];

/** Replaces the text of the focused field by typing, as from a keyboard. */
async function typeText(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/**
 * Runs `press` (the key that starts the search) and checks what the search gives: a call with the range
 * expected (when it is a new one) and then its chart, or the downloaded PDF.
 */
async function searchAndSee(
  page: Page,
  screen: DateScreen,
  press: () => Promise<void>,
  range: { from: Day; to: Day } | null,
) {
  const call = range
    ? page.waitForResponse((answer) => {
        const url = new URL(answer.url());
        return (
          url.pathname.endsWith(screen.call) &&
          url.searchParams.get('startDate') === dashed(range.from) &&
          url.searchParams.get('endDate') === dashed(range.to)
        );
      })
    : null;
  const download = screen.chart ? null : page.waitForEvent('download');
  await press();
  if (call) expect((await call).status()).toBe(200);
  await expect(page.locator('.field__error').filter({ hasText: /./ })).toHaveCount(0);
  if (screen.chart) {
    const chart = page.getByRole('figure', { name: screen.chart });
    await expect(
      chart.locator('.highcharts-series-group .highcharts-series-0 .highcharts-graph'),
    ).toBeVisible();
  } else {
    const pdf = await download!;
    expect(pdf.suggestedFilename()).toMatch(/^Certificado-\d+\.pdf$/);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }
}

for (const screen of SCREENS) {
  test(`${screen.name}: pre-filled, typed and picked dates all search, from the keyboard`, async ({
    page,
  }) => {
    await logIn(page, CUSTOMER);
    const point = await selectContract(page);
    const today = madridToday();
    await page.goto(screen.path(point.codAbonado));
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();

    const from = page.getByRole('textbox', { name: 'Desde' });
    const to = page.getByRole('textbox', { name: 'Hasta' });
    const fromToggle = page.getByRole('button', { name: 'Abrir calendario: Desde' });
    const toToggle = page.getByRole('button', { name: 'Abrir calendario: Hasta' });
    const action = page.getByRole('button', { name: screen.action });

    // 1. The pre-filled dates, tabbed through without typing, search as they are.
    const defaults = screen.defaults(today);
    await expect(from).toHaveValue(shown(defaults.from));
    await expect(to).toHaveValue(shown(defaults.to));
    await tabTo(page, from);
    for (const next of [fromToggle, to, toToggle, action]) {
      await page.keyboard.press('Tab');
      await expect(next).toBeFocused();
    }
    await expect(from).toHaveValue(shown(defaults.from));
    await expect(to).toHaveValue(shown(defaults.to));
    // The telemetry and load-curve screens already drew the default week: the same search asks nothing new.
    await searchAndSee(page, screen, () => page.keyboard.press('Enter'), screen.chart ? null : defaults);

    // 2. Dates with a day below 10 in every accepted format; Enter in Hasta commits the date and searches.
    for (const [index, [format, write]] of FORMATS.entries()) {
      const range = { from: dayOfMonth(today, -2, index + 1), to: dayOfMonth(today, -1, index + 3) };
      await tabTo(page, from);
      await typeText(page, write(range.from));
      await page.keyboard.press('Tab');
      await expect(from, format).toHaveValue(shown(range.from));
      await page.keyboard.press('Tab');
      await expect(to).toBeFocused();
      await typeText(page, write(range.to));
      await searchAndSee(page, screen, () => page.keyboard.press('Enter'), range);
      await expect(to, format).toHaveValue(shown(range.to));
    }

    // 3. The calendar: open on the selected day, move with the arrows, pick with Enter, close with Escape.
    const typed = {
      from: dayOfMonth(today, -2, FORMATS.length),
      to: dayOfMonth(today, -1, FORMATS.length + 2),
    };
    // A search moves the focus to its answer below the form (issue 14); Shift+Tab leads back to the dates.
    await expect(page.locator('.measurement__answer')).toBeFocused();
    for (let presses = 0; presses < 6 && !(await isFocused(fromToggle)); presses += 1) {
      await page.keyboard.press('Shift+Tab');
    }
    await expect(fromToggle).toBeFocused();
    const picked = await pickDesdeFromCalendar(page, typed.from);

    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(toToggle).toBeFocused();
    await page.keyboard.press(' ');
    await expect(page.getByRole('dialog', { name: 'Calendario: Hasta' })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(toToggle).toBeFocused();
    await expect(to).toHaveValue(shown(typed.to));

    await page.keyboard.press('Tab');
    await expect(action).toBeFocused();
    await searchAndSee(page, screen, () => page.keyboard.press('Enter'), { from: picked, to: typed.to });
  });
}
