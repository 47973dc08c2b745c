import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { selectContract } from './support/contracts';
import { CUSTOMER, logIn } from './support/session';

const SUMMARY = 'Revise los siguientes campos:';

/** A form sent empty (or with a refused range), the label of its first field in error, and who opens it. */
const FORMS = [
  { route: '/login', submit: 'Entrar', field: 'Usuario', signedIn: false },
  { route: '/signup', submit: 'Continuar', field: 'Nombre / Razón Social', signedIn: false },
  { route: '/admin', submit: 'Cambiar contraseña', field: 'Contraseña actual', signedIn: true },
  { route: '/new-issue', submit: 'Enviar', field: 'Asunto', signedIn: true },
  { route: '/allinvoices', submit: 'Buscar', field: 'Desde', signedIn: true, tooLong: true },
  { route: '/telemetry', submit: 'Visualizar', field: 'Desde', signedIn: true, tooLong: true },
];

/** axe's findings of any impact, as comparable lines. */
async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target).join(', ')}`);
}

for (const width of [1280, 360]) {
  test(`a ${width} px un envío rechazado lleva el foco al resumen de errores, y sus enlaces a cada campo`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    // The public forms first, then the signed-in ones.
    for (const form of FORMS) {
      if (form.signedIn && !(await page.evaluate(() => window.localStorage.getItem('accessToken')))) {
        await logIn(page, CUSTOMER);
      }
      if (form.route === '/telemetry') {
        // A measurement screen needs the session's contract, chosen on the home as a customer does.
        await page.goto('/');
        const point = await selectContract(page);
        await page.goto(`/telemetry/${point.codAbonado}`);
      } else {
        await page.goto(form.route);
      }
      const field = page.getByLabel(form.field, { exact: true });
      // On a phone the invoice filters are folded behind Filtrar (issue 24).
      const fold = page.getByRole('button', { name: 'Filtrar' });
      if (form.route === '/allinvoices' && (await fold.isVisible())) await fold.click();
      await expect(field).toBeVisible();
      if (form.tooLong) {
        await field.fill('01/01/2000');
        await field.press('Tab');
      }
      // The summary must add no finding of any impact to what the screen had before it (e.g. no duplicate id).
      const before = await axeFindings(page);
      await page.getByRole('button', { name: form.submit, exact: true }).click();
      const summary = page.getByRole('group', { name: SUMMARY });
      await expect(summary, form.route).toBeFocused();
      // It fits the screen: no sideways scroll on a phone.
      const box = (await summary.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await axeFindings(page), `axe en ${form.route}`).toEqual(before);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(field, form.route).toBeFocused();
    }
  });
}
