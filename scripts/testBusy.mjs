#!/usr/bin/env node
// Runs the tests on a busy machine: two CPU-bound processes beside them for the whole run (on two cores, a load
// of about 4), as on a laptop that compiles something else. Passing here is what "no test depends on how fast
// the machine is" means.
//
//   npm run test:busy                          npm test once
//   npm run test:busy -- --runs 3              three runs in a row; fails if any fails
//   npm run test:busy -- npm run test:e2e      any other command (the browser tests, .ci/run --busy)
import { spawn, spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';

const BUSY_PROCESSES = 2;

const args = process.argv.slice(2);
let runs = 1;
if (args[0] === '--runs') {
  runs = Number(args[1]);
  args.splice(0, 2);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error('--runs espera un número entero positivo');
    process.exit(2);
  }
}
const [command, ...commandArgs] = args.length ? args : ['npx', 'jest'];

/** Debian's stress-ng when installed, else plain Node busy loops; each in its own process group. */
function startLoad() {
  const hasStressNg = spawnSync('stress-ng', ['--version'], { stdio: 'ignore' }).status === 0;
  const spawnBusy = (file, argv) => spawn(file, argv, { stdio: 'ignore', detached: true });
  if (hasStressNg) return [spawnBusy('stress-ng', ['--cpu', String(BUSY_PROCESSES), '--quiet'])];
  return Array.from({ length: BUSY_PROCESSES }, () => spawnBusy(process.execPath, ['-e', 'for(;;){}']));
}

/** Ends each load process group and waits for it, so that none is left behind (not even as a zombie). */
async function stopLoad(children) {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          try {
            process.kill(-child.pid, 'SIGTERM');
          } catch {
            resolve(); // already gone
          }
        }),
    ),
  );
}

const load = startLoad();
// Whatever ends this script ends the load too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void stopLoad(load).then(() => process.exit(130));
  });
}

const results = [];
for (let run = 1; run <= runs; run++) {
  const started = Date.now();
  const { status } = spawnSync(command, commandArgs, { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  results.push({ run, status, seconds, load: loadavg()[0].toFixed(1) });
}
await stopLoad(load);

console.log(`\nCon ${BUSY_PROCESSES} procesos de CPU al lado: ${[command, ...commandArgs].join(' ')}`);
for (const { run, status, seconds, load: average } of results) {
  console.log(
    `  pasada ${run}: ${status === 0 ? 'verde' : `FALLO (${status})`}, ${seconds} s, carga ${average}`,
  );
}
process.exit(results.every(({ status }) => status === 0) ? 0 : 1);
