import { expect, type Page } from '@playwright/test';

/** A message of the development outbox (/dev/outbox.json, newest first). */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  headers?: Record<string, string>;
}

export async function outboxMails(page: Page): Promise<OutboxMail[]> {
  return (await (await page.request.get('/dev/outbox.json')).json()) as OutboxMail[];
}

/**
 * Waits for the newest message that `matches` (the queue delivers on its own clock) and answers it; the
 * shared generous wait of every real-server step.
 */
export async function waitForMail(page: Page, matches: (mail: OutboxMail) => boolean): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      found = (await outboxMails(page)).find(matches);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}
