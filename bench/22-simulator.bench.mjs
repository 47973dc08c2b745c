// The tariff and power simulator (issue 29, GET /ov/cups/api/simulador): a year of a household's hours (8,760, 12
// monthly periods on 2.0TD) priced by the billing engine, in a fresh process (bench/support/simulatorTiming.ts,
// RUNS times each, medians): the hours' power periods found once, one option (the current contract: target
// ≤ 100 ms), and every option the call answers (two offers, the standard powers, one typed).
// `node bench/22-simulator.bench.mjs` runs it alone.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { report, root } from './lib.mjs';

const TARGET_MS = 100;

export async function run() {
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    ['bench/support/simulatorTiming.ts'],
    {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`simulatorTiming failed: ${result.stderr}`);
  const { hours, options, preparation, oneOption, allOptions } = JSON.parse(
    result.stdout.trim().split('\n').at(-1),
  );
  console.log(`\nSimulador, ${hours} horas (un año, 2.0TD):`);
  report('periodos de potencia de cada hora', preparation, 'ms');
  report('un año de horas con el contrato actual', oneOption, 'ms', TARGET_MS);
  report(`las ${options} opciones de la respuesta`, allOptions, 'ms');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
