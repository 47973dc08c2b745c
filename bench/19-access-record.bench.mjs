// The record of who looked (issue 28): recording a read must not slow the screen it records. The same cheap
// call (a contract's facts, GET /ov/contracts/:code) by the supply's holder, which records nothing, and by the
// community administrator, which appends one access record per call: p99 of the recorded call within 1.2× of
// the unrecorded one, each under 10 concurrent connections.
import path from 'node:path';
import Database from 'better-sqlite3';
import { httpClient, loadTest, logInThroughApi, median, percentile, report, startServer } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8321);
const CALLS = Number(process.env.ACCESS_RECORD_CALLS ?? 3000);
const CONNECTIONS = 10;
const MAX_RATIO = 1.2;

/** A contract of the demo customer and one of the administrator's communities, from the server's SQLite file. */
function contractCodes(dataDir) {
  const db = new Database(path.join(dataDir, 'oficina.sqlite'), { readonly: true });
  try {
    const own = db
      .prepare(
        `select contracts.code from contracts join accounts on accounts.holder_id = contracts.holder_id
         where accounts.username = 'demo' and contracts.line = 'Electricidad' order by contracts.code limit 1`,
      )
      .get().code;
    const client = db
      .prepare(
        `select contracts.code from contracts
         join administrator_clients on administrator_clients.holder_id = contracts.holder_id
         where contracts.line = 'Electricidad' order by contracts.code limit 1`,
      )
      .get().code;
    return { own, client };
  } finally {
    db.close();
  }
}

async function p99Of(origin, realm, username, password, code) {
  const { access_token: token } = await logInThroughApi(origin, realm, username, password);
  const get = httpClient(origin, { connections: CONNECTIONS, headers: { authorization: `Bearer ${token}` } });
  const url = `/api/${realm}/ov/contracts/${code}`;
  const call = async () => {
    const { status } = await get(url);
    if (status !== 200) throw new Error(`${url}: ${status}`);
  };
  try {
    // Warm-up: caches, JIT, the administrator's name read once.
    await loadTest({ total: Math.min(500, CALLS), connections: CONNECTIONS, request: call });
    const latencies = await loadTest({ total: CALLS, connections: CONNECTIONS, request: call });
    return { p99: percentile(latencies, 99), median: median(latencies) };
  } finally {
    get.close();
  }
}

const server = await startServer({ port: PORT });
try {
  const { own, client } = contractCodes(server.dataDir);
  const unrecorded = await p99Of(server.origin, 'cliente', 'demo', 'Demo2024!', own);
  const recorded = await p99Of(server.origin, 'fincas', 'admin@fincas.example', 'Fincas2024!', client);
  report('Contrato leído por su titular (sin registro): mediana', unrecorded.median, 'ms');
  report('Contrato leído por su titular (sin registro): p99', unrecorded.p99, 'ms');
  report('Contrato leído por el administrador (con registro): mediana', recorded.median, 'ms');
  report(
    'Contrato leído por el administrador (con registro): p99',
    recorded.p99,
    'ms',
    Math.round(unrecorded.p99 * MAX_RATIO * 10) / 10,
  );
  const db = new Database(path.join(server.dataDir, 'oficina.sqlite'), { readonly: true });
  const { count } = db.prepare('select count(*) as count from access_records').get();
  db.close();
  report('Accesos registrados', count, 'filas');
} finally {
  await server.stop();
}
