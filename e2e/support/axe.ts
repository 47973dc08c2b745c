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

/** Every violation axe finds on the page, whatever its impact, each named with `where` and the nodes. */
export async function allViolations(page: Page, where = page.url()): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
