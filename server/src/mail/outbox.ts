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
  /** The HTML part (messages written before it was kept have none). */
  html?: string;
  links: string[];
  /** The message's headers as sent, by name (the last one of a repeated name). */
  headers: Record<string, string>;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes non-ASCII headers, read back. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The header block of a message as sent (RFC 5322): folded lines joined, names as written. */
export function headersOf(message: string): Record<string, string> {
  const block = message.split(/\r?\n\r?\n/, 1)[0];
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim()] = decodeWords(line.slice(colon + 1).trim());
  }
  return headers;
}

export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

/** One message of the outbox by its id, or undefined. */
export async function readOutboxMessage(dataDir: string, id: string): Promise<OutboxMessage | undefined> {
  if (!/^[\w-]{1,80}$/.test(id)) return undefined;
  try {
    return JSON.parse(await readFile(path.join(outboxDir(dataDir), `${id}.json`), 'utf8')) as OutboxMessage;
  } catch {
    return undefined;
  }
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
