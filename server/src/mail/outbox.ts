import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

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
