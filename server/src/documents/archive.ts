import { once } from 'node:events';
import type { Readable } from 'node:stream';

import archiver from 'archiver';
import type { FastifyReply } from 'fastify';

import { attachment } from './pdf';

/** Bytes a generated stream may hold before the producer waits for the client to read them. */
const BUFFER_LIMIT = 256 * 1024;

export interface StreamedReply {
  /** Resolves true once the stream's buffer is below the limit, false if the client has gone. */
  waitForRoom: () => Promise<boolean>;
  /** Settles when the answer has been sent or the connection closed. */
  finished: Promise<void>;
}

/**
 * Sends a stream that is still being produced as the answer. The producer calls waitForRoom between
 * pieces, so a slow client slows the producer down instead of the server buffering the whole file.
 */
export function streamToReply(
  reply: FastifyReply,
  stream: Readable,
  contentType: string,
  disposition: string,
): StreamedReply {
  let closed = false;
  const finished = new Promise<void>((resolve) => {
    reply.raw.once('close', () => {
      closed = true;
      resolve();
    });
  });
  reply.header('content-type', contentType).header('content-disposition', disposition).send(stream);
  const waitForRoom = async () => {
    while (!closed && stream.readableLength > BUFFER_LIMIT) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    return !closed;
  };
  return { waitForRoom, finished };
}

export const ZIP_TYPE = 'application/zip';

const MAX_PENDING_ENTRIES = 8;

export interface ArchiveEntry {
  name: string;
  content: () => Promise<Buffer>;
}

/**
 * A ZIP streamed to the reply, one entry made at a time. PDFs are already compressed: stored, not deflated
 * again (deflating 200 invoices at the lowest level cost a tenth of the archive's time for a fifth of its size).
 */
export async function streamZip(reply: FastifyReply, fileName: string, entries: Iterable<ArchiveEntry>) {
  const archive = archiver('zip', { store: true });
  const { waitForRoom, finished } = streamToReply(reply, archive, ZIP_TYPE, attachment(fileName));
  const used = new Set<string>();
  // Entries appended and not yet written: a few may wait while the next one is drawn (waiting for each one
  // cost a round of archiver's queue per entry), never more, so memory stays flat however many there are.
  let pending = 0;
  archive.on('entry', () => (pending -= 1));
  for (const entry of entries) {
    const content = await entry.content();
    archive.append(content, { name: uniqueName(entry.name, used) });
    pending += 1;
    while (pending > MAX_PENDING_ENTRIES) await once(archive, 'entry');
    if (!(await waitForRoom())) {
      archive.abort();
      return;
    }
  }
  await archive.finalize();
  await finished;
}

/** Two invoices may share a display number across lines: keep every entry by numbering repeats. */
function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let n = 2; used.has(candidate); n++) candidate = name.replace(/(\.[^.]+)?$/, ` (${n})$1`);
  used.add(candidate);
  return candidate;
}
