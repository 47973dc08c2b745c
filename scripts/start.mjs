// npm start: build the SPA when its sources are newer than dist/ and the server when its sources are newer than
// server/build (scripts/serverBuild.mjs), then run the compiled reference server, which migrates the database,
// seeds demo data into an empty one and serves the SPA and both API realms.
import { spawn } from 'node:child_process';

import { buildServerIfStale, serverEntry } from './serverBuild.mjs';
import { serverMemoryEnv } from './serverMemory.mjs';
import { buildSpaIfStale, root } from './spaBuild.mjs';

buildSpaIfStale();
buildServerIfStale();

const server = spawn(process.execPath, [serverEntry], {
  cwd: root,
  env: { ...process.env, ...serverMemoryEnv() },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
