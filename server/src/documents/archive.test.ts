import { setTimeout as sleep } from 'node:timers/promises';

import fastify from 'fastify';

import { zipEntryList } from '../../test/zip';
import { type ArchiveEntry, streamZip } from './archive';

/** Entries that take `delays` ms to make each, counting how many are being made at once. */
function slowEntries(delays: number[]) {
  const counts = { running: 0, most: 0 };
  const entries: ArchiveEntry[] = delays.map((delay, i) => ({
    name: `entrada-${i}.txt`,
    content: async () => {
      counts.running += 1;
      counts.most = Math.max(counts.most, counts.running);
      await sleep(delay);
      counts.running -= 1;
      return Buffer.from(`contenido ${i}`);
    },
  }));
  return { entries, counts };
}

async function zipOf(entries: ArchiveEntry[], ahead?: number) {
  const app = fastify();
  app.get('/zip', async (_request, reply) => {
    await streamZip(reply, 'prueba.zip', entries, undefined, ahead);
    return reply;
  });
  const response = await app.inject('/zip');
  await app.close();
  return zipEntryList(response.rawPayload);
}

describe('streamZip', () => {
  it('makes one entry at a time by default', async () => {
    const { entries, counts } = slowEntries([20, 1, 10]);
    await zipOf(entries);
    expect(counts.most).toBe(1);
  });

  it('makes `ahead` entries at once and still writes them in their order', async () => {
    // The first takes longest: made at once, the later ones are ready before it.
    const { entries, counts } = slowEntries([40, 1, 20, 1, 5]);
    const written = await zipOf(entries, 2);
    expect(counts.most).toBe(2);
    expect(written.map((entry) => [entry.name, entry.content().toString()])).toEqual(
      [0, 1, 2, 3, 4].map((i) => [`entrada-${i}.txt`, `contenido ${i}`]),
    );
  });
});
