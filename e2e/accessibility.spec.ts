import { expect, test, type Page } from '@playwright/test';
import { pathTo, routes, type RouteId } from '../src/shared/config/routes';
import { allViolations } from './support/axe';
import { selectContract, type Point } from './support/contracts';
import { ADMINISTRATOR, CUSTOMER, logIn, logInStaff } from './support/session';

// Issue 14: axe finds no violation of any impact on any screen, at 1280 and at 360 px, charts drawn. The screens
// come from the route registry: a route added without a case here fails the first test.

type Who = 'guest' | 'customer' | 'administrator' | 'staff';

interface Case {
  route: RouteId | 'notFound';
  who: Who;
  /** What the case looks at, in the report. */
  name: string;
  /** Opens the screen (the customer's start on the home, signed in) and brings it to the state to check. */
  open: (page: Page) => Promise<void>;
}

const gasPoint = (p: Point) => p.line === 'Gas' && !p.fechaBaja;

/** Opens a path: the page is ready once its title shows, no request is pending and every chart is drawn. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
}

async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.loading-bar')).toHaveText('');
  await expect(page.locator('.skeleton')).toHaveCount(0);
  const figures = page.locator('figure.chart-figure');
  await expect(figures.locator('.highcharts-root')).toHaveCount(await figures.count());
  await expect(figures.locator('.highcharts-series-group')).toHaveCount(await figures.count());
}

/** The electricity contract the customer's screens of a contract open (demo's live 2.1A one). */
let electricity = '';

/** A screen opened at its registry path, as it first shows; a contract's screens at that contract's. */
const atPath =
  (who: Who) =>
  (route: RouteId): Case => ({
    route,
    who,
    name: routes[route].path,
    open: (page) => visit(page, pathTo(route, { id: electricity })),
  });

const CASES: Case[] = [
  ...(
    [
      'login',
      'signup',
      'userValidationRequest',
      'userValidation',
      'userValidationError',
      'recoveryUsername',
      'userValidationResend',
      'passwordReset',
      'passwordChange',
      'userChangePassword',
      'userVerifyEmail',
      'legalNotice',
      'cookiePolicy',
      'privacyPolicy',
      'attentionLogin',
    ] as const
  ).map(atPath('guest')),
  { route: 'notFound', who: 'guest', name: '/no-existe', open: (page) => visit(page, '/no-existe') },
  { route: 'home', who: 'customer', name: '/', open: (page) => settle(page) },
  {
    route: 'home',
    who: 'customer',
    name: '/ con el menú abierto',
    open: async (page) => {
      await settle(page);
      const button = page.getByRole('banner').getByRole('button', { name: 'Menú' });
      // Only a phone has the menu behind a button.
      if (await button.isVisible()) {
        await button.click();
        await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
      }
    },
  },
  atPath('customer')('allInvoices'),
  atPath('customer')('allInvoicesGas'),
  {
    route: 'invoices',
    who: 'customer',
    name: '/invoices/:id de gas',
    open: async (page) => {
      await page.goto('/');
      const gas = await selectContract(page, gasPoint);
      await visit(page, `/invoices/${gas.codAbonado}`);
    },
  },
  {
    route: 'invoices',
    who: 'customer',
    name: '/invoices/:id de electricidad',
    open: async (page) => {
      await page.goto('/');
      electricity = (await selectContract(page)).codAbonado;
      await visit(page, `/invoices/${electricity}`);
    },
  },
  atPath('customer')('telemetry'),
  atPath('customer')('loadCurve'),
  atPath('customer')('certificate'),
  atPath('customer')('readingInput'),
  atPath('customer')('issues'),
  {
    route: 'issueDetail',
    who: 'customer',
    name: routes.issueDetail.path,
    open: async (page) => {
      await page
        .getByRole('link', { name: /^Ver detalle de la solicitud/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/issues\/\d+$/);
      await settle(page);
    },
  },
  {
    route: 'invoiceExplainer',
    who: 'customer',
    name: routes.invoiceExplainer.path,
    open: async (page) => {
      // From the home's latest invoice, as a customer reaches it.
      await page.goto('/');
      await page.getByRole('link', { name: '¿Por qué ha cambiado mi factura?' }).click();
      await expect(page).toHaveURL(/\/facturas\/\d+\/explicacion$/);
      await settle(page);
    },
  },
  atPath('customer')('newIssue'),
  atPath('customer')('userAdmin'),
  {
    route: 'simulator',
    who: 'customer',
    name: routes.simulator.path,
    open: async (page) => {
      // The options come a moment after the title: the page is ready with their table.
      await visit(page, pathTo('simulator', { id: electricity }));
      await expect(page.getByRole('table', { name: 'Opciones simuladas' })).toBeVisible();
      await settle(page);
    },
  },
  { route: 'notFound', who: 'customer', name: '/no-existe', open: (page) => visit(page, '/no-existe') },
  { route: 'adminHome', who: 'administrator', name: routes.adminHome.path, open: (page) => settle(page) },
  {
    route: 'adminHome',
    who: 'administrator',
    name: `${routes.adminHome.path} con el detalle del contrato`,
    open: async (page) => {
      // On a phone a row is one line: its Detalles opens the rest, the contract's button among it (issue 24).
      const row = page
        .locator('table.invoice-table tbody tr')
        .filter({ has: page.locator('td[data-label="Contrato"] button') })
        .first();
      const details = row.getByRole('button', { name: /^Detalles de la factura/ });
      if (await details.isVisible()) await details.click();
      await row.getByRole('button', { name: /^Ver detalles del contrato/ }).click();
      await expect(page.getByRole('dialog', { name: 'Detalles del Contrato' })).toBeVisible();
    },
  },
  { route: 'attention', who: 'staff', name: routes.attention.path, open: (page) => settle(page) },
  {
    route: 'attentionDetail',
    who: 'staff',
    name: routes.attentionDetail.path,
    open: async (page) => {
      await page
        .getByRole('link', { name: /^Atender la solicitud/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/atencion\/solicitudes\/\d+$/);
      await settle(page);
    },
  },
];

test('cada ruta del registro tiene su caso', () => {
  const covered = new Set(CASES.map((c) => c.route));
  expect(Object.keys(routes).filter((id) => !covered.has(id as RouteId))).toEqual([]);
  expect(covered.has('notFound')).toBe(true);
});

const SIGN_IN: Record<Who, (page: Page) => Promise<void>> = {
  guest: async () => undefined,
  customer: (page) => logIn(page, CUSTOMER),
  administrator: (page) => logIn(page, ADMINISTRATOR, { administrator: true }),
  staff: (page) => logInStaff(page),
};

const WHO_NAME: Record<Who, string> = {
  guest: 'visitante',
  customer: 'cliente',
  administrator: 'administrador',
  staff: 'personal de Atención al Cliente',
};

for (const width of [1280, 360]) {
  for (const who of ['guest', 'customer', 'administrator', 'staff'] as const) {
    test(`axe no encuentra nada en las pantallas del ${WHO_NAME[who]} a ${width} px`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 800 });
      await SIGN_IN[who](page);
      const found: string[] = [];
      for (const screen of CASES.filter((c) => c.who === who)) {
        await screen.open(page);
        found.push(...(await allViolations(page, screen.name)));
      }
      expect(found).toEqual([]);
    });
  }
}
