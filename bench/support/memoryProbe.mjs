// Loaded into the server by bench/12-wire.bench.mjs (NODE_OPTIONS=--import): on SIGUSR2 it reads the command the
// bench wrote to MEMORY_PROBE_FILE.in ("read", "gc", or "clear <cache>"), runs it and writes the process's
// memory to MEMORY_PROBE_FILE. Only the process the bench signals answers (tsx's launcher loads it too).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE;
const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function run(command) {
  const [verb, name] = command.trim().split(/\s+/);
  if (verb === 'gc') globalThis.gc?.();
  if (verb === 'clear') {
    const caches = await import(pathToFileURL(path.resolve('server/src/caches.ts')).href);
    (caches[name] ?? caches.default?.[name])?.clear();
    globalThis.gc?.();
  }
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((space) => [space.space_name, mb(space.space_used_size)]),
  );
  return {
    rssMb: mb(usage.rss),
    heapUsedMb: mb(usage.heapUsed),
    heapTotalMb: mb(usage.heapTotal),
    externalMb: mb(usage.external),
    arrayBuffersMb: mb(usage.arrayBuffers),
    spaces,
  };
}

if (file) {
  process.on('SIGUSR2', () => {
    void run(readFileSync(`${file}.in`, 'utf8')).then((reading) =>
      writeFileSync(file, JSON.stringify(reading)),
    );
  });
}
