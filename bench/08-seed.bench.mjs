// The demo data's seed: every invoice computed from three years of hourly measurements, the accounts' scrypt
// hashes, the issues; into an empty SQLite database, median of 3.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, report, root } from './lib.mjs';

const RUNS = 3;

export async function run() {
  const times = [];
  let invoices = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ov-bench-seed-'));
    try {
      const result = spawnSync(
        path.join(root, 'node_modules', '.bin', 'tsx'),
        [path.join(root, 'bench', 'support', 'seedDemo.ts'), dataDir],
        { cwd: root, encoding: 'utf8' },
      );
      if (result.status !== 0) throw new Error(`seed failed: ${result.stderr}`);
      const answer = JSON.parse(result.stdout.trim().split('\n').at(-1));
      times.push(answer.seedMs);
      invoices = answer.invoices;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`${invoices} facturas de demostración calculadas desde las medidas horarias`);
  report('Carga de los datos de demostración (mediana de 3)', median(times) / 1000, 's', 15);
}
