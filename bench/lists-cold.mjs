// Cold figures of the invoice lists at scale (issue 16, server/docs/invoice-search.md): every call a
// filter not asked before, so no count comes from the 60-second cache. One connection, then CONNECTIONS (10)
// making new searches at once, against a server already running on ORIGIN with the scale seed
// (npm run seed:scale):
//   ORIGIN=http://localhost:8341 node bench/lists-cold.mjs
// ONLY=10 runs only the figures at CONNECTIONS.
import { httpClient, loadTest, logInThroughApi, median, percentile } from './lib.mjs';

const ORIGIN = process.env.ORIGIN ?? 'http://localhost:8341';
const CALLS = Number(process.env.CALLS ?? 40);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);

const dayAfter = (iso, days) => new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);
const yearAfter = (iso) => dayAfter(iso, 365);

async function as(realm, username, password, connections = 1) {
  const { access_token: token } = await logInThroughApi(ORIGIN, realm, username, password);
  const get = httpClient(ORIGIN, { connections, headers: { authorization: `Bearer ${token}` } });
  return async (url) => {
    const started = performance.now();
    const { status, body } = await get(`/api/${realm}${url}`);
    const ms = performance.now() - started;
    if (status >= 400) throw new Error(`${url}: ${status} ${body.toString()}`);
    const answer = status === 204 ? null : JSON.parse(body.toString());
    return { ms, count: answer?.Fullbilling.total[0].count ?? 0, items: answer?.Invoice ?? [] };
  };
}

const print = (label, times) =>
  console.log(`${label}: p50 ${median(times).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`);

/** p50/p99 of `CALLS` calls of `url(i)` after 5 uncounted ones (other filters, so they warm no cache). */
async function figure(label, url) {
  for (let i = 0; i < 5; i += 1) await url(CALLS + 100 + i);
  const times = [];
  for (let i = 0; i < CALLS; i += 1) times.push(await url(i));
  print(label, times);
}

/** The same at CONNECTIONS at once: 20 calls per connection, each `url(i)` with an i not used before. */
async function figureAtOnce(label, url, first) {
  let i = first;
  const times = await loadTest({
    total: 20 * CONNECTIONS,
    connections: CONNECTIONS,
    request: () => url(i++),
  });
  print(`${label}, ${CONNECTIONS} conexiones`, times);
}

const admin = await as('fincas', 'escala@fincas.example', 'Escala2024!', CONNECTIONS);
const customer = await as('cliente', 'demo', 'Demo2024!');
const list = '/ov/invoices/api/filterfullbilling';
// One-year ranges starting on different days, all inside the seeded three years.
const range = (i) => {
  const from = dayAfter('2024-01-01', i * 7);
  return `startDate=${from}&endDate=${yearAfter(from)}`;
};
// At once, one-year ranges a day apart, a price each call (none seen one connection at a time).
const rangeByDay = (i) => {
  const from = dayAfter('2023-06-01', i);
  return `startDate=${from}&endDate=${yearAfter(from)}`;
};
const searchAtOnce = async (i) => (await admin(`${list}?line=todo&${rangeByDay(i)}&start=1`)).ms;
const priceAtOnce = async (i) =>
  (await admin(`${list}?line=todo&${rangeByDay(i)}&minPrice=${i % 90}&maxPrice=${300 + i}&start=1`)).ms;

if (process.env.ONLY === '10') {
  await figureAtOnce('administrador, búsquedas nuevas de un año', searchAtOnce, 0);
  await figureAtOnce('administrador, búsquedas nuevas de un año con precios', priceAtOnce, 300);
  process.exit(0);
}

await figure(
  'administrador, búsqueda nueva de un año (primera página y recuentos)',
  async (i) => (await admin(`${list}?line=todo&${range(i)}&start=1`)).ms,
);
await figure('administrador, última página de una búsqueda de un año', async (i) => {
  const { count } = await admin(`${list}?line=todo&${range(i)}&start=1`);
  return (await admin(`${list}?line=todo&${range(i)}&start=${Math.ceil(count / 10)}`)).ms;
});
await figure('administrador, última página sin fechas, por línea', async (i) => {
  const line = i % 2 ? 'electricidad' : 'gas';
  const { count } = await admin(`${list}?line=${line}&start=1`);
  return (await admin(`${list}?line=${line}&start=${Math.ceil(count / 10) - (i % 50)}`)).ms;
});
await figure(
  'administrador, búsqueda nueva de un año con precio mínimo',
  async (i) => (await admin(`${list}?line=todo&${range(i)}&minPrice=${i % 60}&start=1`)).ms,
);
await figure(
  'administrador, búsqueda nueva de un año con precio máximo',
  async (i) => (await admin(`${list}?line=todo&${range(i)}&maxPrice=${100 + i}&start=1`)).ms,
);
await figure(
  'administrador, búsqueda nueva de un año con precios mínimo y máximo con céntimos',
  async (i) =>
    (await admin(`${list}?line=todo&${range(i)}&minPrice=${50 + i}.25&maxPrice=${200 + i}.75&start=1`)).ms,
);
// The narrowing filters, each call another invoice's number, contract, CUPS and NIF (from the latest pages).
const invoices = [];
for (let page = 1; invoices.length < CALLS + 10; page += 1) {
  invoices.push(...(await admin(`${list}?line=todo&start=${page}`)).items);
}
for (const [name, value] of [
  ['número de factura', (item) => `invoice=${item.serieFactura}${item.factura}`],
  ['contrato', (item) => `contract=${item.contractCode}`],
  ['CUPS', (item) => `cups=${item.cups}`],
  ['NIF', (item) => `cif=${item.nif}`],
]) {
  await figure(`administrador, búsqueda nueva por ${name}`, async (i) => {
    const item = invoices[(i + CALLS + 105) % invoices.length];
    return (await admin(`${list}?line=todo&${value(item)}&${range(i)}&start=1`)).ms;
  });
}
await figure(
  'cliente demo, búsqueda nueva de un año',
  async (i) => (await customer(`/ov/invoices/api/fullbilling?${range(i)}&start=1`)).ms,
);
await figureAtOnce('administrador, búsquedas nuevas de un año', searchAtOnce, 0);
await figureAtOnce('administrador, búsquedas nuevas de un año con precios', priceAtOnce, 300);
