import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import type { ServerConfig } from '../config';

/** What /dev/outbox.json lists: one written message. */
export interface OutboxMessage {
  id: string;
  createdAt: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

/** The messages of the outbox, newest first; an outbox that was never written is empty. */
export async function readOutbox(dataDir: string, limit = 200): Promise<OutboxMessage[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const newest = names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse()
    .slice(0, limit);
  return Promise.all(
    newest.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as OutboxMessage),
  );
}

/**
 * The outbox is a development aid on the developer's own machine: it shows live one-time links (password
 * resets, set-password codes), so anyone who could read it could take over any account whose e-mail they
 * know. It exists only while mail goes to the file outbox (no SMTP_URL) and never in production.
 */
export function outboxIsOpen(config: Pick<ServerConfig, 'smtpUrl' | 'nodeEnv'>): boolean {
  return !config.smtpUrl && config.nodeEnv !== 'production';
}
