import { expect, test, type Page } from '@playwright/test';
import {
  type Day,
  dayOfMonth,
  FORMATS,
  fromShown,
  iso,
  madridToday,
  shown,
  tabTo,
  pickDesdeFromCalendar,
} from './support/dates';
import { selectContract } from './support/contracts';
import { ADMINISTRATOR, CUSTOMER, logIn } from './support/session';

// Issue 10, "Tests", on the four invoice screens, keyboard only: the dates a screen fills from its default
// answer are tabbed through untouched and searched; then dates with a day below 10 are typed in every accepted
// format and searched; then a day is picked in the calendar with the arrow keys and the calendar closed with
// Escape. Each search must reach the server with the dates shown and list results, no error.

interface InvoiceScreen {
  name: string;
  open: (page: Page) => Promise<string>;
  /** The list call a search makes. */
  call: string;
  /** How many months before Hasta a typed Desde may go (the screen's own rule). */
  months: number;
  results: RegExp;
}

const customer = (path: string) => async (page: Page) => {
  await logIn(page, CUSTOMER);
  return path;
};

/** The demo customer's live gas contract billed every two months, selected as the home page does. */
async function gasContract(page: Page): Promise<string> {
  await logIn(page, CUSTOMER);
  const point = await selectContract(page, (p) => p.line === 'Gas' && !p.fechaBaja);
  return `/invoices/${point.codAbonado}`;
}

const SCREENS: InvoiceScreen[] = [
  {
    name: '/invoices/:id (gas, billed every two months)',
    open: gasContract,
    call: '/ov/contracts/api/contractCode/invoices/',
    months: 12,
    results: /^Resultados \(\d+\)$/,
  },
  {
    name: '/allinvoices',
    open: customer('/allinvoices'),
    call: '/ov/invoices/api/fullbilling',
    months: 1,
    results: /^Resultados \(\d+\)$/,
  },
  {
    name: '/allinvoices-gas',
    open: customer('/allinvoices-gas'),
    call: '/ov/invoices/api/fullbilling',
    months: 12,
    results: /^Resultados: \d+$/,
  },
  {
    name: '/administrador-fincas',
    open: async (page) => {
      await logIn(page, ADMINISTRATOR, { administrator: true });
      return '/administrador-fincas';
    },
    call: '/ov/invoices/api/filterfullbilling',
    months: 12,
    results: /^Resultados \(\d+\)$/,
  },
];

/** Tabs to Buscar, presses Enter and checks the list call carries the range and results show, no error. */
async function searchAndSee(
  page: Page,
  screen: InvoiceScreen,
  range: { from: Day; to: Day },
  { listed = true }: { listed?: boolean } = {},
) {
  const call = page.waitForResponse((answer) => {
    const url = new URL(answer.url());
    return (
      url.pathname.endsWith(screen.call) &&
      url.searchParams.get('startDate') === iso(range.from) &&
      url.searchParams.get('endDate') === iso(range.to)
    );
  });
  await tabTo(page, page.getByRole('button', { name: 'Buscar', exact: true }).first());
  await page.keyboard.press('Enter');
  // 204 is a section without invoices in the range (on /allinvoices the latest months of a holder of several
  // contracts are billed as unified invoices, so its simple section may be empty in a 1-month window).
  expect([200, 204]).toContain((await call).status());
  await expect(page.locator('.field__error').filter({ hasText: /./ })).toHaveCount(0);
  if (!listed) return;
  const results = page.getByRole('heading', { name: screen.results }).first();
  await expect(results).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Últimas 10 facturas' })).toHaveCount(0);
  // The section with results lists its invoices.
  const section = page.getByRole('region').filter({ has: results });
  await expect(section.getByRole('table').getByRole('row').nth(1)).toBeVisible();
}

for (const screen of SCREENS) {
  test(`${screen.name}: filled, typed (a day below 10) and calendar-picked dates search, from the keyboard`, async ({
    page,
  }) => {
    const path = await screen.open(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Últimas 10 facturas' }).first()).toBeVisible();
    const from = page.getByRole('textbox', { name: 'Desde' });
    const to = page.getByRole('textbox', { name: 'Hasta' });

    // 1. The dates the screen filled, tabbed through without typing, search as they are.
    await expect(to).not.toHaveValue('');
    const filled = { from: await from.inputValue(), to: await to.inputValue() };
    await tabTo(page, from);
    await page.keyboard.press('Tab');
    await tabTo(page, to);
    await page.keyboard.press('Tab');
    await expect(from).toHaveValue(filled.from);
    await expect(to).toHaveValue(filled.to);
    await searchAndSee(page, screen, { from: fromShown(filled.from), to: fromShown(filled.to) });

    // 2. Dates with a day below 10 in every accepted format, within the screen's window before the latest
    // invoice: Desde on day n of the month `months` before, Hasta on day n of the latest invoice's month.
    const latest = fromShown(filled.to);
    const today = madridToday();
    let typed = { from: latest, to: latest };
    for (const [index, [format, write]] of FORMATS.entries()) {
      // A month earlier when day n of the latest invoice's month is still to come.
      const back = dayOfMonth(latest, 0, index + 1) > today ? 1 : 0;
      const range = {
        from: dayOfMonth(latest, -screen.months - back, index + 1),
        to: dayOfMonth(latest, -back, index + 1),
      };
      await tabTo(page, from);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(write(range.from));
      await page.keyboard.press('Tab');
      await expect(from, format).toHaveValue(shown(range.from));
      await tabTo(page, to);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(write(range.to));
      await page.keyboard.press('Tab');
      await expect(to, format).toHaveValue(shown(range.to));
      await searchAndSee(page, screen, range);
      typed = range;
    }

    // 3. The calendar from the keyboard: it opens on the selected day, the arrows move, Enter picks, Escape
    // closes; focus is back on its button each time.
    const fromToggle = page.getByRole('button', { name: 'Abrir calendario: Desde' });
    await tabTo(page, fromToggle);
    const picked = await pickDesdeFromCalendar(page, typed.from);
    // The picked range is the calendar's, not one known to hold invoices: the call must carry it, with no error.
    await searchAndSee(page, screen, { from: picked, to: typed.to }, { listed: false });
  });
}
