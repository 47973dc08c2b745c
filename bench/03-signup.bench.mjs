// Account flows: sign-up to validated login through the API, end to end (lookup, add, validation e-mail read
// from the outbox, validation link, first login), median of 20; the scrypt cost per password hash at today's
// parameters and at the old ones; and the sign-in latency with today's.
import { scrypt } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { median, percentile, report, startServer } from './lib.mjs';
import { benchPort } from './ports.mjs';

const RUNS = 20;
const PASSWORD = 'Bench2024!';
// The parameters of server/src/auth/passwords.ts (N=2^17, OWASP's minimum), and the N=2^14 used before.
const scryptParameters = (N) => ({ N, r: 8, p: 1, maxmem: 256 * N * 8 });
const SCRYPT = scryptParameters(2 ** 17);
const OLD_SCRYPT = scryptParameters(2 ** 14);

function nifLetter(number) {
  return 'TRWAGMYFPDXBNJZSQVHLCKE'[Number(number) % 23];
}

/** One holder with one electricity contract per run: each sign-up needs a holder without an account. */
function addHolders(dataDir, count) {
  const db = new Database(path.join(dataDir, 'oficina.sqlite'));
  db.pragma('busy_timeout = 5000');
  const holders = [];
  const insert = db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const number = String(80000000 + i);
      const holder = {
        nif: `${number}${nifLetter(number)}`,
        email: `bench${i}@cliente.example`,
        phone: `6220000${String(i).padStart(2, '0')}`,
        username: `bench${i}`,
      };
      const holderId = db
        .prepare(
          'INSERT INTO holders (nif, name, first_surname, second_surname, email, phone, is_company) VALUES (?, ?, ?, ?, ?, ?, 0)',
        )
        .run(holder.nif, 'Banco', 'De', 'Pruebas', holder.email, holder.phone).lastInsertRowid;
      const pointId = db
        .prepare(
          "INSERT INTO supply_points (cups, line, street, number, extension, postal_code, city, province) VALUES (?, 'Electricidad', 'Calle de la Prueba', '1', NULL, '28001', 'Madrid', 'Madrid')",
        )
        .run(`ES0099BENCH${String(i).padStart(8, '0')}XX`).lastInsertRowid;
      db.prepare(
        "INSERT INTO contracts (code, sicom_code, holder_id, supply_point_id, line, tariff, access_fee, start_date, end_date, state) VALUES (?, ?, ?, ?, 'Electricidad', '2.0TD', '2.0TD', '2022-01-01', NULL, 'Contrato')",
      ).run(`B${i}`, `BS${i}`, holderId, pointId);
      holders.push(holder);
    }
  });
  insert();
  db.close();
  return holders;
}

function newestTokenFor(dataDir, email) {
  const dir = path.join(dataDir, 'outbox');
  const newest = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')))
    .find((message) => message.to === email);
  return new URL(newest.links[0]).searchParams.get('token');
}

async function signUpToLogin(origin, dataDir, holder) {
  const base = `${origin}/api/cliente`;
  const started = performance.now();
  const query = new URLSearchParams({ nif: holder.nif, telefono: holder.phone, email: holder.email });
  const lookup = await fetch(`${base}/ov/user/api/userCups?${query}`);
  if (lookup.status !== 200) throw new Error(`userCups ${lookup.status}`);
  const addStarted = performance.now();
  const add = await fetch(`${base}/ov/user/api/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: holder.username,
      password: PASSWORD,
      nif: holder.nif,
      email: holder.email,
      telefono: holder.phone,
      firstName: 'Banco',
      lastName: 'De Pruebas',
      language: 'es',
    }),
  });
  if (add.status !== 201) throw new Error(`add ${add.status}`);
  const addMs = performance.now() - addStarted;
  const token = newestTokenFor(dataDir, holder.email);
  const validation = await fetch(`${base}/ov/users/validation?token=${token}`, { redirect: 'manual' });
  if (!validation.headers.get('location')?.includes('/user-validation?user=')) throw new Error('validation');
  const login = await fetch(`${base}/ov/user/api/privateToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: holder.username, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login ${login.status}`);
  return { total: performance.now() - started, addMs };
}

function scryptOnce(parameters) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    scrypt(PASSWORD, 'saltsaltsaltsalt', 32, parameters, (error) =>
      error ? reject(error) : resolve(performance.now() - started),
    );
  });
}

export async function run() {
  for (const [label, parameters] of [
    ['N=131072 (2^17, actual)', SCRYPT],
    ['N=16384 (2^14, anterior)', OLD_SCRYPT],
  ]) {
    const hashes = [];
    for (let i = 0; i < RUNS; i += 1) hashes.push(await scryptOnce(parameters));
    report(
      `scrypt ${label} r=8 p=1, 32 bytes: coste por hash (mediana de 20, secuencial)`,
      median(hashes),
      'ms',
    );
  }

  const server = await startServer({
    port: benchPort(import.meta.url),
    env: { ACCOUNT_RATE_LIMIT: '100000' },
  });
  try {
    const holders = addHolders(server.dataDir, RUNS + 1);
    await signUpToLogin(server.origin, server.dataDir, holders[RUNS]);
    const runs = [];
    for (let i = 0; i < RUNS; i += 1)
      runs.push(await signUpToLogin(server.origin, server.dataDir, holders[i]));
    const totals = runs.map((r) => r.total);
    report(
      'Alta a primer acceso validado por la API (userCups, add, correo, validación, login; mediana de 20)',
      median(totals),
      'ms',
    );
    console.log(
      `  p90 ${percentile(totals, 90).toFixed(0)} ms · solo add (scrypt + correo): mediana ${median(runs.map((r) => r.addMs)).toFixed(0)} ms`,
    );

    // Sign-in of an account hashed at today's parameters: one scrypt per call, one call at a time.
    const signIns = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      const answer = await fetch(`${server.origin}/api/cliente/ov/user/api/privateToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: holders[i].username, password: PASSWORD }),
      });
      if (answer.status !== 200) throw new Error(`login ${answer.status}`);
      signIns.push(performance.now() - started);
    }
    report('Inicio de sesión con scrypt N=2^17 (mediana de 20, secuencial)', median(signIns), 'ms');
    console.log(`  p90 ${percentile(signIns, 90).toFixed(0)} ms`);
  } finally {
    await server.stop();
  }
}
