// The cost of a cheap call (issue 30): the server's CPU time per signed-in GET /me against an unsigned
// checkConnection through the same hooks, and their ratio (target ≤ 1.5×), on the default server (SQLite with
// its readers). Calls alternate in rounds, so both meet the same machine; CPU time, which other processes on a
// shared machine do not inflate. `node bench/run.mjs 21 --no-build` runs it alone (CHEAP_CALLS per round, 300).
import { pathToFileURL } from 'node:url';

import { httpClient, logInThroughApi, report, serverCpuPerCall, startServer } from './lib.mjs';
import { benchPort } from './ports.mjs';

const CALLS = Number(process.env.CHEAP_CALLS ?? 300);
const ROUNDS = 5;
const TARGET_RATIO = 1.5;

export async function run() {
  const port = benchPort(import.meta.url);
  const server = await startServer({ port });
  try {
    const { access_token: token } = await logInThroughApi(server.origin, 'cliente', 'demo', 'Demo2024!');
    const get = httpClient(server.origin, { connections: 1 });
    const calls = {
      checkConnection: () => get('/api/cliente/ov/user/api/checkConnection'),
      me: () => get('/api/cliente/ov/user/api/me', { authorization: `Bearer ${token}` }),
    };
    const cpu = { checkConnection: 0, me: 0 };
    // Warm-up: the first calls compile the routes' code and fill the session cache, if any.
    for (const call of Object.values(calls)) for (let i = 0; i < 200; i += 1) await call();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, call] of Object.entries(calls)) {
        cpu[name] += (await serverCpuPerCall(port, CALLS, call)) / ROUNDS;
      }
    }
    get.close();
    report('checkConnection (sin sesión): CPU del servidor por llamada', cpu.checkConnection, 'ms');
    report('me (con sesión): CPU del servidor por llamada', cpu.me, 'ms');
    report('me / checkConnection', cpu.me / cpu.checkConnection, '×', TARGET_RATIO);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
