// Cold figures of the invoice lists at scale (issue 16, server/docs/invoice-lists-at-scale.md): every call a
// filter not asked before, so no count comes from the 60-second cache. One connection, against a server
// already running on ORIGIN with the scale seed (npm run seed:scale):
//   ORIGIN=http://localhost:8341 node bench/lists-cold.mjs
import { httpClient, logInThroughApi, median, percentile } from './lib.mjs';

const ORIGIN = process.env.ORIGIN ?? 'http://localhost:8341';
const CALLS = Number(process.env.CALLS ?? 40);

const dayAfter = (iso, days) => new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);
const yearAfter = (iso) => dayAfter(iso, 365);

async function as(realm, username, password) {
  const { access_token: token } = await logInThroughApi(ORIGIN, realm, username, password);
  const get = httpClient(ORIGIN, { connections: 1, headers: { authorization: `Bearer ${token}` } });
  return async (url) => {
    const started = performance.now();
    const { status, body } = await get(`/api/${realm}${url}`);
    const ms = performance.now() - started;
    if (status >= 400) throw new Error(`${url}: ${status} ${body.toString()}`);
    return { ms, count: status === 204 ? 0 : JSON.parse(body.toString()).Fullbilling.total[0].count };
  };
}

/** p50/p99 of `CALLS` calls of `url(i)` after 5 uncounted ones (other filters, so they warm no cache). */
async function figure(label, url) {
  for (let i = 0; i < 5; i += 1) await url(CALLS + 100 + i);
  const times = [];
  for (let i = 0; i < CALLS; i += 1) times.push(await url(i));
  console.log(`${label}: p50 ${median(times).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`);
}

const admin = await as('fincas', 'escala@fincas.example', 'Escala2024!');
const customer = await as('cliente', 'demo', 'Demo2024!');
const list = '/ov/invoices/api/filterfullbilling';
// One-year ranges starting on different days, all inside the seeded three years.
const range = (i) => {
  const from = dayAfter('2024-01-01', i * 7);
  return `startDate=${from}&endDate=${yearAfter(from)}`;
};

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
  'administrador, búsqueda nueva de un año con precio mínimo (recuento directo)',
  async (i) => (await admin(`${list}?line=todo&${range(i)}&minPrice=${i % 60}&start=1`)).ms,
);
await figure(
  'cliente demo, búsqueda nueva de un año',
  async (i) => (await customer(`/ov/invoices/api/fullbilling?${range(i)}&start=1`)).ms,
);
