// npm run check:compose (and .ci/run): compose.yaml and the Dockerfile checked without a Docker engine.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { composeProblems } from './composeProblems.mjs';
import { root } from './spaBuild.mjs';

const dockerfile = path.join(root, 'Dockerfile');
const problems = composeProblems(
  readFileSync(path.join(root, 'compose.yaml'), 'utf8'),
  existsSync(dockerfile) ? readFileSync(dockerfile, 'utf8') : undefined,
);
for (const problem of problems) console.error(`compose.yaml: ${problem}`);
if (problems.length) process.exit(1);
console.log('compose.yaml y Dockerfile: correctos');
