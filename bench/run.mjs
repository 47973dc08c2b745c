// npm run bench: runs every bench/*.bench.mjs in turn; each prints its figures.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSpa, root } from './lib.mjs';

const only = process.argv[2];
const files = readdirSync(path.join(root, 'bench'))
  .filter((file) => file.endsWith('.bench.mjs') && (!only || file.includes(only)))
  .sort();

buildSpa();
for (const file of files) {
  console.log(`\n## ${file}`);
  const bench = await import(pathToFileURL(path.join(root, 'bench', file)).href);
  await bench.run();
}
