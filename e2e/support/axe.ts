import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// Every page the e2e visits must have no serious or critical accessibility violation.
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((n) => n.target).join(', ')}`,
    );
  expect(blocking, `axe en ${page.url()}`).toEqual([]);
}
