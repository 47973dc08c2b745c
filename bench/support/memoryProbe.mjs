// Loaded into the server by bench/12-wire.bench.mjs (NODE_OPTIONS=--import): on SIGUSR2 it reads the command the
// bench wrote to MEMORY_PROBE_FILE.in ("read", "gc", "clear <cache>" or "snapshot"), runs it and writes the
// process's memory to MEMORY_PROBE_FILE. Only the process the bench signals answers (a launcher that loads it too
// does not).
// Every worker thread (SQLite readers, document threads) has a V8 heap of its own that process.memoryUsage() does
// not count: the probe starts each with memoryProbeThread.cjs, which answers on a BroadcastChannel, so a reading
// names each thread's heap and a "gc" collects them all.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';

// `{pid}` in the name: each process of a cluster answers in its own file.
const file = process.env.MEMORY_PROBE_FILE?.replace('{pid}', String(process.pid));
const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const require = createRequire(import.meta.url);
const threadProbe = path.join(path.dirname(fileURLToPath(import.meta.url)), 'memoryProbeThread.cjs');

if (file) {
  // The server's code reaches Worker through the module object (tsx compiles it to CommonJS), so replacing it
  // there, before the server loads, starts every thread with the thread probe.
  const threads = require('node:worker_threads');
  const { Worker } = threads;
  threads.Worker = class ProbedWorker extends Worker {
    constructor(script, options = {}) {
      super(script, {
        ...options,
        execArgv: [...(options.execArgv ?? process.execArgv), '--require', threadProbe],
      });
    }
  };
  require('node:module').syncBuiltinESMExports();
}

/** Each thread's heap (after a GC of its own when `gc`), as the threads answer within a moment. */
async function threadHeaps(gc) {
  const { BroadcastChannel } = await import('node:worker_threads');
  const channel = new BroadcastChannel('memory-probe');
  const answers = [];
  channel.onmessage = ({ data }) => {
    if (!data.question) answers.push(data);
  };
  channel.postMessage({ question: true, gc });
  // Threads run at a lower priority: on a busy machine they answer late.
  await new Promise((resolve) => setTimeout(resolve, gc ? 1500 : 600));
  channel.close();
  return answers.sort((a, b) => a.threadId - b.threadId);
}

async function run(command) {
  const [verb, name] = command.trim().split(/\s+/);
  if (verb === 'gc') globalThis.gc?.();
  if (verb === 'clear') {
    // The server's own caches module, beside its entry point: server/build/caches.js when it runs compiled
    // (npm start, the benches), server/src/caches.ts under tsx.
    const entry = process.argv[1] ?? '';
    const caches = await import(
      pathToFileURL(path.join(path.dirname(entry), `caches${path.extname(entry) || '.ts'}`)).href
    );
    (caches[name] ?? caches.default?.[name])?.clear();
    globalThis.gc?.();
  }
  if (verb === 'snapshot') v8.writeHeapSnapshot(name);
  const threads = await threadHeaps(verb === 'gc' || verb === 'clear');
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
    threads: threads.map(({ kind, heapUsed, heapTotal }) => ({
      kind,
      heapUsedMb: mb(heapUsed),
      heapTotalMb: mb(heapTotal),
    })),
  };
}

if (file) {
  process.on('SIGUSR2', () => {
    // Written whole and then renamed, so the bench never reads half a reading.
    void run(readFileSync(`${file}.in`, 'utf8')).then((reading) => {
      writeFileSync(`${file}.tmp`, JSON.stringify(reading));
      renameSync(`${file}.tmp`, file);
    });
  });
}
