import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';

import type { Archiver } from 'archiver';
import type { FastifyReply } from 'fastify';

import { attachment } from './download';

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

/** Sends a ZIP already written to a file (zipToFile), read from the disk as the client takes it. */
export function sendZipFile(reply: FastifyReply, file: string, fileName: string) {
  return reply
    .header('content-type', ZIP_TYPE)
    .header('content-disposition', attachment(fileName))
    .send(createReadStream(file));
}

const MAX_PENDING_ENTRIES = 8;

export interface ArchiveEntry {
  name: string;
  content: () => Promise<Buffer>;
}

/** Told of each entry as it goes into the archive, with the name it got and its bytes (the data archive's manifest). */
export type EntryWritten = (name: string, content: Buffer) => void;

type Entries = Iterable<ArchiveEntry> | AsyncIterable<ArchiveEntry>;

/**
 * The entries with `ahead` of them being made at once, in their order: entries drawn on the document threads
 * (one invoice's PDF each) then keep every thread busy, instead of one while the others wait. A content made
 * ahead that fails is reported when its turn comes, as if it had been made then.
 */
async function* madeAhead(entries: Entries, ahead: number): AsyncIterable<ArchiveEntry> {
  const started: { name: string; content: Promise<Buffer> }[] = [];
  const next = () => {
    const { name, content } = started.shift()!;
    return { name, content: () => content };
  };
  for await (const entry of entries) {
    const content = entry.content();
    // Awaited in its turn; until then a failure must not count as unhandled.
    content.catch(() => undefined);
    started.push({ name: entry.name, content });
    if (started.length >= ahead) yield next();
  }
  while (started.length) yield next();
}

/**
 * A new ZIP whose entries are stored. archiver (about 3 MB of heap) is loaded by the first archive, not at
 * start: most processes never make one (issue 30).
 */
async function storedZip(): Promise<Archiver> {
  const { default: archiver } = await import('archiver');
  return archiver('zip', { store: true });
}

/**
 * A ZIP streamed to the reply, one entry made at a time, or `ahead` at once when their contents are independent
 * of one another. PDFs are already compressed: stored, not deflated again (deflating 200 invoices at the lowest
 * level cost a tenth of the archive's time for a fifth of its size).
 */
export async function streamZip(
  reply: FastifyReply,
  fileName: string,
  entries: Entries,
  onEntry?: EntryWritten,
  ahead = 1,
) {
  const archive = await storedZip();
  const { waitForRoom, finished } = streamToReply(reply, archive, ZIP_TYPE, attachment(fileName));
  const ordered = ahead > 1 ? madeAhead(entries, ahead) : entries;
  if (await writeEntries(archive, ordered, waitForRoom, onEntry)) await finished;
}

/** The same ZIP written to a file (an archive prepared in the background); resolves once the file is complete. */
export async function zipToFile(file: string, entries: Entries, onEntry?: EntryWritten) {
  const archive = await storedZip();
  const out = createWriteStream(file);
  const closed = once(out, 'close');
  archive.pipe(out);
  // The file takes what the archive gives as fast as the disk allows: the producer waits on the pipe's buffer.
  const waitForRoom = async () => {
    while (archive.readableLength > BUFFER_LIMIT) await new Promise((resolve) => setTimeout(resolve, 2));
    return true;
  };
  await writeEntries(archive, entries, waitForRoom, onEntry);
  await closed;
}

/** Appends the entries one at a time, then finalizes; false (and the archive aborted) when the reader has gone. */
async function writeEntries(
  archive: Archiver,
  entries: Entries,
  waitForRoom: () => Promise<boolean>,
  onEntry?: EntryWritten,
): Promise<boolean> {
  const used = new Set<string>();
  // Entries appended and not yet written: a few may wait while the next one is drawn (waiting for each one
  // cost a round of archiver's queue per entry), never more, so memory stays flat however many there are.
  let pending = 0;
  archive.on('entry', () => (pending -= 1));
  for await (const entry of entries) {
    const content = await entry.content();
    const name = uniqueName(entry.name, used);
    archive.append(content, { name });
    onEntry?.(name, content);
    pending += 1;
    while (pending > MAX_PENDING_ENTRIES) await once(archive, 'entry');
    if (!(await waitForRoom())) {
      archive.abort();
      return false;
    }
  }
  await archive.finalize();
  return true;
}

/** Two invoices may share a display number across lines: keep every entry by numbering repeats. */
function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let n = 2; used.has(candidate); n++) candidate = name.replace(/(\.[^.]+)?$/, ` (${n})$1`);
  used.add(candidate);
  return candidate;
}
