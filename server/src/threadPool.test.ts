import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { THREAD_YOUNG_GENERATION_MB, ThreadPool } from './threadPool';

/**
 * A thread script that answers each message, after the `delayMs` it carries, with the V8 limits its thread was
 * started with.
 */
function limitsScript(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ov-pool-')), 'limits.cjs');
  writeFileSync(
    file,
    `const { parentPort, resourceLimits } = require('node:worker_threads');
     parentPort.on('message', ({ id, delayMs = 0 }) =>
       setTimeout(() => parentPort.postMessage({ id, output: resourceLimits }), delayMs));`,
  );
  return file;
}

/** Waits, generously on a busy machine, until `condition` holds; false if it never did. */
async function eventually(condition: () => boolean, ms = 20_000): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until;) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return condition();
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

it('stops the idle threads beyond keepIdle, keeps the rest, and starts them again for the next burst', async () => {
  const pool = new ThreadPool({
    file: limitsScript(),
    size: 3,
    workerData: null,
    keepIdle: 1,
    idleStopMs: 100,
  });
  const burst = () => Promise.all([1, 2, 3].map(() => pool.run({ delayMs: 300 })));
  try {
    await burst();
    expect(pool.started).toBe(3);
    expect(await eventually(() => pool.started === 1)).toBe(true);
    // The one kept is not stopped later: it is within keepIdle.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pool.started).toBe(1);
    await burst();
    expect(pool.started).toBe(3);
  } finally {
    await pool.destroy();
  }
}, 60_000);

it('stops no idle thread without keepIdle', async () => {
  const pool = new ThreadPool({ file: limitsScript(), size: 2, workerData: null, idleStopMs: 50 });
  try {
    await Promise.all([1, 2].map(() => pool.run({ delayMs: 200 })));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pool.started).toBe(2);
  } finally {
    await pool.destroy();
  }
});
