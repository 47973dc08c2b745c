// Run by bench/17-invoice-search.bench.mjs in a fresh process per database, started as the server starts (its
// warm-up, app.ts warmUp, done before the first call, as main.ts does it), so every call is cold otherwise:
// the demo customer's latest ten (the call every invoice screen makes first), first search (counts and page 1
// of a one-year window) and home summary, CALLS times each, every search on a window not asked before. Per call: the search's
// statements and time (data/invoiceSearch), and the whole call's server time through the API in process
// (app.inject: hooks, session, search, items, answer; no network). Prints JSON.
import { randomBytes } from 'node:crypto';

import { buildApp, warmUp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { createDatabase } from '../../server/src/db/database';
import { LISTED_KINDS, LINES, type InvoiceFilters } from '../../server/src/data/invoices';
import { homeSummary } from '../../server/src/data/homeSummary';
import { latestInvoices, searchInvoices } from '../../server/src/data/invoiceSearch/plan';
import { INVOICE_PAGE_SIZE } from '../../server/src/routes/invoiceQueries';

// 200: a p99 of 20 calls is their slowest one, and one scavenge of the young generation (about 1.5 ms) decides it.
const CALLS = Number(process.env.CALLS ?? 200);

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Call `k`'s one-year window: it ends k days before today, so no two calls ask the same. */
function windowOf(k: number) {
  const until = new Date(Date.now() - (k + 1) * 86_400_000);
  const from = new Date(until);
  from.setUTCFullYear(from.getUTCFullYear() - 1);
  return { from: day(from), until: day(until) };
}

async function main() {
  const config = {
    ...loadConfig({ ...process.env, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent' }),
  };
  const plain = createDatabase(config);
  let statements = 0;
  const db = plain.withPlugin({
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => ((statements += 1), result),
  });
  const app = await buildApp(config, db);
  await app.ready();
  await warmUp(db);
  const login = await app.inject({
    method: 'POST',
    url: '/api/cliente/ov/user/api/privateToken',
    payload: { username: 'demo', password: 'Demo2024!', isAdministradorFinca: false },
  });
  const token = login.json<{ access_token: string }>().access_token;
  const account = await plain
    .selectFrom('accounts')
    .selectAll()
    .where('realm', '=', 'cliente')
    .where('username', '=', 'demo')
    .executeTakeFirstOrThrow();
  const filtersOf = (window: { from: string | null; until: string | null }): InvoiceFilters => ({
    ...window,
    lines: LINES,
    kinds: LISTED_KINDS,
    contractIds: null,
    holderIds: null,
    invoice: null,
    minPrice: null,
    maxPrice: null,
  });
  /** The search's statements and milliseconds. */
  const timed = async (search: () => Promise<unknown>) => {
    statements = 0;
    const started = performance.now();
    await search();
    return { ms: performance.now() - started, statements };
  };
  const inject = async (url: string) => {
    const started = performance.now();
    const answer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (answer.statusCode >= 400) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
    return performance.now() - started;
  };
  const result = { latest: [] as object[], search: [] as object[], summary: [] as object[] };
  for (let k = 0; k < CALLS; k++) {
    const window = windowOf(k);
    const other = windowOf(CALLS + k);
    result.latest.push({
      ...(await timed(() => latestInvoices(db, account, filtersOf(window), INVOICE_PAGE_SIZE))),
      callMs: await inject('/api/cliente/ov/invoices/api/fullbilling?isDefaultQuery=true&findUnicas=false'),
    });
    result.search.push({
      ...(await timed(() =>
        searchInvoices(db, account, filtersOf(window), { number: 1, size: INVOICE_PAGE_SIZE }),
      )),
      callMs: await inject(
        `/api/cliente/ov/invoices/api/fullbilling?findUnicas=false&startDate=${other.from}&endDate=${other.until}`,
      ),
    });
    // The home's first answer (issue 30): the newest invoice and twelve months of billed energy.
    result.summary.push({
      ...(await timed(() => homeSummary(db, account))),
      callMs: await inject('/api/cliente/ov/home/api/summary'),
    });
  }
  const { count } = await plain
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  await app.close();
  await plain.destroy();
  console.log(JSON.stringify({ invoices: Number(count), ...result }));
}

void main();
