import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { THREAD_YOUNG_GENERATION_MB, ThreadPool } from './threadPool';

/** A thread script that answers each message with the V8 limits its thread was started with. */
function limitsScript(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ov-pool-')), 'limits.cjs');
  writeFileSync(
    file,
    `const { parentPort, resourceLimits } = require('node:worker_threads');
     parentPort.on('message', ({ id }) => parentPort.postMessage({ id, output: resourceLimits }));`,
  );
  return file;
}

it("bounds every thread's young generation, whatever the process's default", async () => {
  const pool = new ThreadPool({ file: limitsScript(), size: 1, workerData: null });
  try {
    const limits = (await pool.run({})) as { maxYoungGenerationSizeMb: number };
    expect(limits.maxYoungGenerationSizeMb).toBe(THREAD_YOUNG_GENERATION_MB);
  } finally {
    await pool.destroy();
  }
});
