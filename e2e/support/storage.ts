import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

/**
 * Writes localStorage entries as the next page loads, before the app reads them. A write from the running page
 * could be undone: the app rewrites every session key on each store change, and the home's first answers may
 * still be arriving. Applied once; later loads see what the app itself stored. A null removes the key.
 */
export async function storeOnNextLoad(page: Page, entries: Record<string, string | null>): Promise<void> {
  const marker = `e2e-stored-${randomUUID()}`;
  await page.addInitScript(
    ({ marker, entries }) => {
      if (sessionStorage.getItem(marker)) return;
      sessionStorage.setItem(marker, 'done');
      for (const [key, value] of Object.entries(entries)) {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
      }
    },
    { marker, entries },
  );
}
