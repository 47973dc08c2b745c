// Home figures: cupsMe under concurrency for a customer with 200 contracts (every answer carries the whole
// CUPS list plus a page of each line), and the Largest Contentful Paint of the home page with the demo data.
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  httpClient,
  largestContentfulPaint,
  launchChromium,
  loadTest,
  logInThroughApi,
  median,
  percentile,
  report,
  signInThroughForm,
  startServer,
} from './lib.mjs';
import { benchPort } from './ports.mjs';

const PORT = benchPort(import.meta.url);
const CONTRACTS = 200;
const BIG_CUSTOMER = { username: 'bench200', password: 'Demo2024!' };

/**
 * Adds a customer with 200 contracts (120 electricity, 80 gas) to the server's SQLite file. It signs in with
 * the demo password: the account reuses the demo account's hash, so no scrypt runs here.
 */
function addCustomerWithContracts(dataDir) {
  const db = new Database(path.join(dataDir, 'oficina.sqlite'));
  db.pragma('busy_timeout = 5000');
  const { password_hash } = db
    .prepare("select password_hash from accounts where realm = 'cliente' and username = 'demo'")
    .get();
  db.transaction(() => {
    const holder = db
      .prepare(
        `insert into holders (nif, name, first_surname, second_surname, email, phone, is_company)
         values ('99999999R', 'Ana', 'Muchos', 'Contratos', 'bench200@cliente.example', '600000200', 0)`,
      )
      .run().lastInsertRowid;
    db.prepare(
      `insert into accounts (realm, username, email, password_hash, holder_id, telephone, given_name,
         family_name, last_name, validated, created_at)
       values ('cliente', ?, 'bench200@cliente.example', ?, ?, '600000200', 'Ana', 'Muchos',
         'Muchos Contratos', 1, ?)`,
    ).run(BIG_CUSTOMER.username, password_hash, holder, new Date().toISOString());
    const point = db.prepare(
      `insert into supply_points (cups, line, street, number, extension, postal_code, city, province)
       values (?, ?, 'Calle de Alcalá', ?, '2º B', '28009', 'Madrid', 'Madrid')`,
    );
    const contract = db.prepare(
      `insert into contracts (code, sicom_code, holder_id, supply_point_id, line, tariff, access_fee,
         start_date, end_date, state, power_p1, caudal)
       values (?, ?, ?, ?, ?, ?, ?, '2020-01-15', null, 'Contrato', ?, ?)`,
    );
    for (let i = 0; i < CONTRACTS; i += 1) {
      const line = i < 120 ? 'Electricidad' : 'Gas';
      const cups = `ES${line === 'Gas' ? '0230' : '0022'}${String(900000000000 + i)}BZ`;
      const pointId = point.run(cups, line, String(i + 1)).lastInsertRowid;
      contract.run(
        String(900000000 + i),
        `S${String(900000000 + i)}`,
        holder,
        pointId,
        line,
        line === 'Gas' ? 'RL.2' : '2.0TD',
        line === 'Gas' ? '3.2' : '2.0TD',
        line === 'Gas' ? null : 4.6,
        line === 'Gas' ? 30 : null,
      );
    }
  })();
  db.close();
}

async function cupsMeFigures(origin) {
  const { access_token } = await logInThroughApi(
    origin,
    'cliente',
    BIG_CUSTOMER.username,
    BIG_CUSTOMER.password,
  );
  // The same kept-alive client as the invoice bench: fetch would spend as much CPU as the server's answer.
  const http = httpClient(origin, { headers: { authorization: `Bearer ${access_token}` } });
  // Under load only the status is checked: parsing 50 kB answers would take the server's cores from it.
  const get = async (url) => {
    const { status, body } = await http(`/api/cliente/ov/cups/api/cupsMe${url}`);
    if (status !== 200) throw new Error(`cupsMe: ${status}`);
    return body;
  };
  const figures = async (label, urls) => {
    const first = JSON.parse((await get(urls[0])).toString());
    if (first.totalElectricidad + first.totalGas !== CONTRACTS)
      throw new Error('bench customer is incomplete');
    const points = [first.cupsAsociados.select].flat().length;
    console.log(
      `  (${label}: ${points} puntos de suministro y 10 + 10 filas, ${JSON.stringify(first).length} bytes)`,
    );
    let i = 0;
    // As many uncounted calls first: the figures are of a server in its steady state.
    await loadTest({ total: 2000, connections: 10, request: () => get(urls[i++ % urls.length]) });
    const latencies = await loadTest({
      total: 2000,
      connections: 10,
      request: () => get(urls[i++ % urls.length]),
    });
    report(`cupsMe ${label}, cliente con 200 contratos: mediana`, median(latencies), 'ms');
    report(
      `cupsMe ${label}, cliente con 200 contratos: p99 con 10 conexiones`,
      percentile(latencies, 99),
      'ms',
      30,
    );
  };
  // The home's first load (whole CUPS list and page 1 of each line), then the user paging through both lines.
  await figures('primera carga', ['']);
  await figures(
    'páginas',
    Array.from(
      { length: 11 },
      (_, i) => `?startPaginationElectricidad=${((i + 1) % 12) * 10}&startPaginationGas=${(i % 8) * 10}`,
    ),
  );
  http.close();
}

async function homeLcp(browser, origin) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-ES' });
  await signInThroughForm(context, origin);

  const measure = async () => {
    const page = await context.newPage();
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    await page
      .getByRole('region', { name: 'Contratos de electricidad' })
      .locator('tbody tr')
      .nth(9)
      .waitFor();
    const lcp = await largestContentfulPaint(page);
    await page.close();
    return lcp;
  };
  await measure();
  const runs = [];
  for (let run = 0; run < 5; run += 1) runs.push(await measure());
  await context.close();
  report('LCP del inicio con los datos de demostración (mediana de 5)', median(runs) / 1000, 's', 1.5);
  console.log(`  ejecuciones: ${runs.map((value) => value.toFixed(0)).join(', ')} ms`);
}

/** The latencies depend on what else the machine runs: the load is printed beside them. */
function machineLoad() {
  const [oneMinute] = os.loadavg();
  return `carga media ${oneMinute.toFixed(1)} con ${os.cpus().length} núcleos`;
}

export async function run() {
  console.log(`  (${machineLoad()} al empezar)`);
  const server = await startServer({ port: PORT });
  const browser = await launchChromium();
  try {
    addCustomerWithContracts(server.dataDir);
    await cupsMeFigures(server.origin);
    console.log(`  (${machineLoad()} tras las llamadas)`);
    await homeLcp(browser, server.origin);
  } finally {
    await browser.close();
    await server.stop();
  }
}
