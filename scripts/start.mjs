// npm start: build the SPA when its sources are newer than dist/, then run the reference server, which
// migrates the database, seeds demo data into an empty one and serves the SPA and both API realms.
import { spawn } from 'node:child_process';
import path from 'node:path';

import { serverMemoryEnv } from './serverMemory.mjs';
import { buildSpaIfStale, root } from './spaBuild.mjs';

buildSpaIfStale();

const server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, ...serverMemoryEnv() },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
