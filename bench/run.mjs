// npm run bench: runs every bench/*.bench.mjs in turn; each prints its figures. `node bench/run.mjs 05 13` runs
// the benches whose file names contain any of the words; `--no-build` (or BENCH_NO_BUILD=1) uses the `dist/`
// already built instead of rebuilding it. Ports: BENCH_PORT, see bench/ports.mjs.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSpa, root } from './lib.mjs';

const args = process.argv.slice(2);
const noBuild = args.includes('--no-build') || process.env.BENCH_NO_BUILD === '1';
const words = args.filter((arg) => !arg.startsWith('--'));
const files = readdirSync(path.join(root, 'bench'))
  .filter(
    (file) => file.endsWith('.bench.mjs') && (!words.length || words.some((word) => file.includes(word))),
  )
  .sort();

if (!noBuild) buildSpa();
for (const file of files) {
  console.log(`\n## ${file}`);
  const bench = await import(pathToFileURL(path.join(root, 'bench', file)).href);
  await bench.run();
}
