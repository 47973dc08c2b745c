import { inflateRawSync } from 'node:zlib';

interface ZipEntry {
  name: string;
  /** The entry's bytes, inflated. */
  content: () => Buffer;
}

/** The entries of a ZIP from its central directory, in order (names and, read on demand, their bytes). */
export function zipEntryList(zip: Buffer): ZipEntry[] {
  const entries: ZipEntry[] = [];
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a ZIP: no end of central directory');
  let offset = zip.readUInt32LE(end + 16);
  const total = zip.readUInt16LE(end + 10);
  for (let i = 0; i < total; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`entry ${i}: no central header`);
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    entries.push({
      name,
      content: () => {
        // The data starts after the local header, whose name and extra field lengths may differ.
        const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
        const data = zip.subarray(start, start + compressedSize);
        return method === 8 ? inflateRawSync(data) : Buffer.from(data);
      },
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entry names of a ZIP, in order. */
export const zipEntries = (zip: Buffer) => zipEntryList(zip).map((entry) => entry.name);
