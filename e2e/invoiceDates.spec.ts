import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMINISTRATOR, CUSTOMER, logIn } from './support/session';

// Issue 10, "Tests", on the four invoice screens, keyboard only: the dates a screen fills from its default
// answer are tabbed through untouched and searched; then dates with a day below 10 are typed in every accepted
// format and searched. Each search must reach the server with the dates shown and list results, no error.

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
const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day as a UTC midnight. */
type Day = Date;
const parts = (day: Day) => ({ y: day.getUTCFullYear(), m: day.getUTCMonth() + 1, d: day.getUTCDate() });
/** Day `d` of the month `months` away from `day`'s month. */
const dayOfMonth = (day: Day, months: number, d: number): Day =>
  new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + months, d));
const iso = (day: Day) => `${parts(day).y}-${pad(parts(day).m)}-${pad(parts(day).d)}`;
/** As the field shows a date. */
const shown = (day: Day) => `${pad(parts(day).d)} ${MONTHS[parts(day).m - 1]} ${parts(day).y}`;
const fromShown = (text: string): Day => {
  const [d, month, y] = text.split(' ');
  return new Date(Date.UTC(Number(y), MONTHS.indexOf(month), Number(d)));
};

/** Every format the field accepts, each with a day below 10 (`09/05/2026`, `9/5/2026`…). */
const FORMATS: [string, (day: Day) => string][] = [
  ['DD/MM/AAAA', (day) => `${pad(parts(day).d)}/${pad(parts(day).m)}/${parts(day).y}`],
  ['D/M/AAAA', (day) => `${parts(day).d}/${parts(day).m}/${parts(day).y}`],
  ['DD-MM-AAAA', (day) => `${pad(parts(day).d)}-${pad(parts(day).m)}-${parts(day).y}`],
  ['AAAA-MM-DD', (day) => iso(day)],
  ['D mes AAAA', (day) => `${parts(day).d} ${MONTHS[parts(day).m - 1]} ${parts(day).y}`],
  ['DD mes AAAA', (day) => shown(day)],
];

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
  const code = await page.evaluate(async () => {
    const answer = await fetch('/api/cliente/ov/cups/api/cupsMe', {
      headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` },
    });
    type Point = { line: string; cups: string; codAbonado: string; fechaBaja: string | null };
    const points = (await answer.json()).cupsAsociados.select as Point[];
    const point = points.find((p) => p.line === 'Gas' && !p.fechaBaja)!;
    localStorage.setItem('cups', JSON.stringify({ Gas: { [point.codAbonado]: point } }));
    localStorage.setItem(
      'selectedProduct',
      JSON.stringify({ line: 'Gas', cups: point.cups, codAbonado: point.codAbonado }),
    );
    return point.codAbonado;
  });
  return `/invoices/${code}`;
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

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has the focus, as a keyboard user reaches a control. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('The control was not reached with Tab');
}

/** Tabs to Buscar, presses Enter and checks the list call carries the range and results show, no error. */
async function searchAndSee(page: Page, screen: InvoiceScreen, range: { from: Day; to: Day }) {
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
  const results = page.getByRole('heading', { name: screen.results }).first();
  await expect(results).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Últimas 10 facturas' })).toHaveCount(0);
  // The section with results lists its invoices.
  const section = page.getByRole('region').filter({ has: results });
  await expect(section.getByRole('table').getByRole('row').nth(1)).toBeVisible();
}

for (const screen of SCREENS) {
  test(`${screen.name}: the filled dates and dates typed with a day below 10 search, from the keyboard`, async ({
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
    const today = new Date(
      `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date())}T00:00:00Z`,
    );
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
    }
  });
}
