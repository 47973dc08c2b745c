import { CompiledQuery, type Compilable, sql } from 'kysely';

import { keptAndRecounted } from '../../../test/keptCounts';
import { recordingStatements } from '../../../test/statements';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { compactKeptCounts, isPostgres, refreshPlannerStatistics } from '../../db/database';
import type { Account, Line } from '../../db/schema';
import { filteredInvoices, type InvoiceFilters, LINES, LISTED_KINDS, listItemsOf } from '../invoices';
import { ID_BUCKET, keptDays, keptSummary } from './keptCounts';
import { bucketPosition } from './keptSeek';
import { countInvoices, invoicePage, latestInvoices, plan, searchInvoices, searchListPage } from './plan';
import { seekQuery } from './position';
import { amountParts, cutBand } from './pricedSeek';
import { findSessionAccount } from '../sessions';
import { sortedListPageQuery, sortedPageQuery } from './sorted';

// A portfolio of 240,000 invoices (300 of 400 holders are the administrator's clients), made with SQL in the
// setup: the kept counts (migrations 0014 and 0016) must equal a recount, and the counts and pages of every
// strategy the plan picks must be those of the plain queries, read through the intended indexes.
const HOLDERS = 400;
const CLIENTS = 300;
const INVOICES = 240_000;
// Amounts from -50.50 to 449.00 in steps of 50 cents, so whole euros (the edges of the amount bands) are
// stored amounts too. Monthly launch dates: each holds 5,000 invoices spread over the whole id range, so pages fall inside
// buckets and across bucket and date boundaries.
const DATES = Array.from({ length: 48 }, (_, k) => {
  const month = new Date(Date.UTC(2022, 11 + k, 5));
  return month.toISOString().slice(0, 10);
});

let t: TestApp;
let account: Account;
let administratorId: number;
let firstHolder: number;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  administratorId = (
    await db
      .insertInto('administrators')
      .values({ nif: 'B00000000', email: 'cartera@fincas.example', name: 'Cartera' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('accounts')
    .values({
      realm: 'fincas',
      username: 'cartera@fincas.example',
      email: 'cartera@fincas.example',
      password_hash: 'x',
      holder_id: null,
      administrator_id: administratorId,
      telephone: null,
      given_name: 'Cartera',
      family_name: '',
      last_name: '',
      validated: 1,
      created_at: '2024-01-01T00:00:00Z',
    })
    .execute();
  account = await db
    .selectFrom('accounts')
    .selectAll()
    .where('username', '=', 'cartera@fincas.example')
    .executeTakeFirstOrThrow();
  const numbers = (n: number) =>
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${n - 1}) `;
  await sql
    .raw(
      `${numbers(HOLDERS)}INSERT INTO holders (nif, name, is_company) SELECT 'T' || i, 'Comunidad ' || i, 1 FROM n`,
    )
    .execute(db);
  firstHolder = (
    await db
      .selectFrom('holders')
      .select((eb) => eb.fn.min<number>('id').as('id'))
      .where('nif', 'like', 'T%')
      .executeTakeFirstOrThrow()
  ).id;
  await sql
    .raw(
      `INSERT INTO supply_points (cups, line, street, number, postal_code, city, province) ` +
        `SELECT 'ES' || h.nif || l.line, l.line, 'Calle', '1', '08001', 'Barcelona', 'Barcelona' ` +
        `FROM holders h CROSS JOIN (SELECT 'Electricidad' AS line UNION ALL SELECT 'Gas') l WHERE h.nif LIKE 'T%'`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO contracts (code, sicom_code, holder_id, supply_point_id, line, tariff, access_fee, start_date, state) ` +
        `SELECT 'C' || p.cups, 'S' || p.cups, h.id, p.id, p.line, '2.0TD', '2.0TD', '2015-01-01', 'Contrato' ` +
        `FROM supply_points p JOIN holders h ON p.cups = 'ES' || h.nif || p.line WHERE h.nif LIKE 'T%'`,
    )
    .execute(db);
  // Linked before the invoices are written and after (the last 50 clients), so both triggers build the counts.
  const link = (from: number, to: number) =>
    sql
      .raw(
        `INSERT INTO administrator_clients (administrator_id, holder_id) ` +
          `SELECT ${administratorId}, id FROM holders WHERE id >= ${firstHolder + from} AND id < ${firstHolder + to}`,
      )
      .execute(db);
  await link(0, CLIENTS - 50);
  const dates = DATES.map((date, k) => `SELECT ${k} AS k, '${date}' AS d`).join(' UNION ALL ');
  await sql
    .raw(
      `${numbers(INVOICES)}, dates AS (${dates}), rows AS (` +
        `SELECT i, ${firstHolder} + i % ${HOLDERS} AS holder_id, CASE WHEN i % 3 = 0 THEN 'Gas' ELSE 'Electricidad' END AS line, ` +
        `CASE WHEN i % 97 = 0 THEN 'P' WHEN i % 89 = 0 THEN 'U' ELSE 'F' END AS kind, (i * 7) % ${DATES.length} AS k FROM n) ` +
        `INSERT INTO invoices (holder_id, contract_id, line, kind, serie, bill_number, category, launch_date, amount, tariff) ` +
        `SELECT r.holder_id, c.id, r.line, r.kind, 'T', 'B' || r.i, 'NO', d.d, (r.i % 1000) / 2.0 - 50.5, '2.0TD' ` +
        `FROM rows r JOIN dates d ON d.k = r.k JOIN contracts c ON c.holder_id = r.holder_id AND c.line = r.line`,
    )
    .execute(db);
  await link(CLIENTS - 50, CLIENTS);
  await refreshPlannerStatistics(db);
}, 120_000);

afterAll(async () => {
  await t.close();
});

type Filters = Partial<InvoiceFilters>;
const filtersOf = (given: Filters): InvoiceFilters => ({
  from: null,
  until: null,
  lines: LINES,
  kinds: LISTED_KINDS,
  contractIds: null,
  holderIds: null,
  invoice: null,
  minPrice: null,
  maxPrice: null,
  ...given,
});

/** The administrator's matches newest first, by one plain ORDER BY over a join (no kept counts, no seeking). */
async function plainList(given: Filters) {
  const filters = filtersOf(given);
  let query = t.db
    .selectFrom('invoices')
    .innerJoin('administrator_clients', 'administrator_clients.holder_id', 'invoices.holder_id')
    .select(['invoices.id', 'invoices.line', 'invoices.launch_date', 'invoices.holder_id'])
    .where('administrator_clients.administrator_id', '=', administratorId)
    .where('invoices.line', 'in', [...filters.lines])
    .where('invoices.kind', 'in', [...filters.kinds]);
  if (filters.from) query = query.where('invoices.launch_date', '>=', filters.from);
  if (filters.until) query = query.where('invoices.launch_date', '<=', filters.until);
  if (filters.minPrice !== null) query = query.where('invoices.amount', '>=', filters.minPrice);
  if (filters.maxPrice !== null) query = query.where('invoices.amount', '<=', filters.maxPrice);
  return query.orderBy('invoices.launch_date', 'desc').orderBy('invoices.id', 'desc').execute();
}

/** The query plan as text: EXPLAIN QUERY PLAN on SQLite, EXPLAIN on PostgreSQL. */
async function planOf(query: Compilable<unknown>): Promise<string> {
  const { sql: text, parameters } = query.compile();
  const postgres = isPostgres(t.db);
  const { rows } = await t.db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`${postgres ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${text}`, [...parameters]),
  );
  return rows.map((row) => String(postgres ? row['QUERY PLAN'] : row.detail)).join('\n');
}

const SEARCHES: [string, Filters][] = [
  ['no filter', {}],
  ['one year', { from: '2024-03-01', until: '2025-02-28' }],
  ['gas', { lines: ['Gas'] }],
  ['electricity in a year', { lines: ['Electricidad'], from: '2023-06-05', until: '2024-06-05' }],
  ['prices in a year', { from: '2024-01-01', until: '2024-12-31', minPrice: 100, maxPrice: 300 }],
  // Price bounds on the edges of the amount bands (whole euros, 64 = two 32-euro bands), both stored amounts.
  ['a minimum price in a year', { from: '2024-03-01', until: '2025-02-28', minPrice: 64 }],
  ['a maximum price', { maxPrice: 120 }],
  [
    'prices with cents, gas, in a year',
    { lines: ['Gas'], from: '2023-06-05', until: '2024-06-05', minPrice: -20.25, maxPrice: 333.75 },
  ],
  ['prices within one euro', { minPrice: 10.2, maxPrice: 10.5 }],
  ['prices across two euros', { minPrice: 10.5, maxPrice: 11.3 }],
  // One launch date holds fewer invoices of the administrator than are worth placing with the kept counts.
  ['one date', { from: DATES[10], until: DATES[10] }],
  ['prices on one date', { from: DATES[10], until: DATES[10], minPrice: 50 }],
];

/** The strategy the plan picks for each search. */
const STRATEGIES = ['sorted', 'keptSeek', 'pricedSeek'];
const strategyOf = async (given: Filters) => (await plan(t.db, account, filtersOf(given))).strategy;

describe('an administrator of 240,000 invoices', () => {
  it('made the portfolio it is tested on', async () => {
    expect((await plainList({ kinds: ['F', 'U', 'P'] })).length).toBe((INVOICES * CLIENTS) / HOLDERS);
  });

  it('answers the searches with every strategy', async () => {
    const picked = new Set(await Promise.all(SEARCHES.map(([, given]) => strategyOf(given))));
    expect([...picked].sort()).toEqual([...STRATEGIES].sort());
    expect(await strategyOf({ from: '2024-03-01', until: '2025-02-28' })).toBe('keptSeek');
    expect(await strategyOf({ from: '2024-03-01', until: '2025-02-28', minPrice: 64 })).toBe('pricedSeek');
    expect(await strategyOf({ from: DATES[10], until: DATES[10] })).toBe('sorted');
    expect(await strategyOf({ holderIds: [firstHolder] })).toBe('sorted');
  });

  it.each(SEARCHES)('counts %s as the plain query does', async (_name, given) => {
    const expected = await plainList(given);
    const counts = await countInvoices(t.db, account, filtersOf(given));
    const byLine = (line: Line) => expected.filter((row) => row.line === line).length;
    expect(counts).toEqual({ Electricidad: byLine('Electricidad'), Gas: byLine('Gas') });
  });

  it("reads a search's kept counts once for its counts per line, its page's position and its density", async () => {
    const { db, statements } = recordingStatements(t.db);
    const given = { from: '2024-03-01', until: '2025-02-28' };
    const { counts, ids } = await searchInvoices(db, account, filtersOf(given), { number: 3, size: 10 });
    const expected = await plainList(given);
    expect(counts.Electricidad + counts.Gas).toBe(expected.length);
    expect(ids).toEqual(expected.slice(20, 30).map((row) => row.id));
    // One read of the days (with each line's part and every invoice of the dates), one of a day's buckets, the page.
    expect(statements.filter((node) => node.includes('"invoice_counts"'))).toHaveLength(2);
    expect(statements).toHaveLength(3);
  });

  it('pages a search narrowed to some holders with its counts, sorted whatever its size', async () => {
    // One holder (about 150 matches in the dates) and a hundred (about 15,000).
    for (const holders of [1, 100]) {
      const holderIds = Array.from({ length: holders }, (_, k) => firstHolder + k);
      const given = { from: '2024-03-01', until: '2025-02-28' };
      const expected = (await plainList(given)).filter((row) => holderIds.includes(row.holder_id));
      const last = Math.ceil(expected.length / 10);
      for (const page of [1, 2, last, last + 1]) {
        const { counts, ids } = await searchInvoices(t.db, account, filtersOf({ ...given, holderIds }), {
          number: page,
          size: 10,
        });
        expect(counts.Electricidad + counts.Gas).toBe(expected.length);
        expect([holders, page, ids]).toEqual([
          holders,
          page,
          expected.slice((page - 1) * 10, page * 10).map((row) => row.id),
        ]);
      }
    }
  });

  it.each(SEARCHES)('pages %s as the plain query does', async (_name, given) => {
    const expected = (await plainList(given)).map((row) => row.id);
    const last = Math.ceil(expected.length / 10);
    // A page across two dates, and one across two id buckets of one date.
    const rows = await plainList(given);
    const across = (changed: (i: number) => boolean) => {
      const i = rows.findIndex((_row, j) => j % 10 !== 0 && changed(j));
      return Math.floor(i / 10) + 1;
    };
    const dates = across((j) => rows[j].launch_date !== rows[j - 1].launch_date);
    const buckets = across(
      (j) =>
        rows[j].launch_date === rows[j - 1].launch_date &&
        Math.floor(rows[j].id / ID_BUCKET) !== Math.floor(rows[j - 1].id / ID_BUCKET),
    );
    // A search of fewer than two pages has no page across dates or buckets (0) nor a page before the last.
    const pages = [1, 2, Math.ceil(last / 2), dates, buckets, last - 1, last, last + 1].filter(
      (page) => page >= 1,
    );
    for (const page of pages) {
      const ids = await invoicePage(t.db, account, filtersOf(given), { number: page, size: 10 });
      expect([page, ids]).toEqual([page, expected.slice((page - 1) * 10, page * 10)]);
    }
  });

  it('gives the latest ten on the default query, whatever the dates', async () => {
    const expected = (await plainList({})).slice(0, 10).map((row) => row.id);
    const filters = filtersOf({ from: '2023-01-01', until: '2023-02-01', minPrice: 5 });
    expect(await latestInvoices(t.db, account, filters, 10)).toEqual(expected);
  });

  it('finds the position in the kept counts, and the page with the launch-date index, without sorting', async () => {
    for (const lines of [LINES, ['Gas'] as const]) {
      const filters = filtersOf({ lines, from: '2023-01-01', until: '2025-12-31' });
      const days = await planOf(keptDays(t.db, administratorId, filters));
      const summary = await keptSummary(t.db, administratorId, filters);
      const position = (await bucketPosition(t.db, filters, summary, 20_000, 10))!;
      const seek = await planOf(
        seekQuery(t.db, account, filters, position, true).limit(10).offset(position.skip),
      );
      const index = lines.length > 1 ? 'invoices_launch_date_id_idx' : 'invoices_line_launch_date_id_idx';
      if (isPostgres(t.db)) {
        // The counts of a few thousand rows may be read whole and sorted; never the invoices.
        expect(days).toContain('invoice_counts');
        expect(days).not.toMatch(/ on invoices /);
        expect(seek).toContain(index);
        expect(seek).not.toMatch(/Seq Scan on invoices|Sort/);
      } else {
        expect(days).toMatch(
          /SEARCH invoice_counts USING PRIMARY KEY \(administrator_id=\? AND launch_date>\? AND launch_date<\?\)/,
        );
        expect(seek).toContain(`SEARCH invoices USING INDEX ${index} (`);
        expect(`${days}\n${seek}`).not.toMatch(/TEMP B-TREE|SCAN invoices/);
      }
    }
  });

  it('counts a price filter from the kept bands and the amount index, and finds its first page without sorting', async () => {
    const filters = filtersOf({ from: '2024-03-01', until: '2025-02-28', minPrice: 64.5, maxPrice: 120 });
    // 64.50 cuts the euro band 64, 120 the band 120 (its only amount left is 120); no 32-euro band fits.
    expect(amountParts(filters.minPrice, filters.maxPrice)).toEqual({
      whole: [{ width: 1, from: 65, to: 119 }],
      cut: [64, 120],
    });
    // 64 to 287 are seven 32-euro bands.
    expect(amountParts(64, 300)).toEqual({
      whole: [
        { width: 32, from: 2, to: 8 },
        { width: 1, from: 288, to: 299 },
      ],
      cut: [300],
    });
    const kept = await planOf(
      t.db
        .selectFrom('invoice_amount_counts')
        .select((eb) => eb.fn.sum('count').as('count'))
        .where('administrator_id', '=', administratorId)
        .where('line', 'in', [...LINES])
        .where('width', '=', 1)
        .where('band', '>=', 65)
        .where('band', '<=', 119)
        .where('launch_date', '>=', filters.from!)
        .where('launch_date', '<=', filters.until!),
    );
    const cutPlan = await planOf(
      cutBand(t.db, account, filters, 'Gas', 64).select((eb) => eb.fn.countAll().as('count')),
    );
    const firstPage = (lines: readonly Line[]) =>
      planOf(
        filteredInvoices(t.db, account, { ...filters, lines }, true)
          .select('invoices.id')
          .orderBy('invoices.launch_date', 'desc')
          .orderBy('invoices.id', 'desc')
          .limit(10),
      );
    const page = `${await firstPage(LINES)}\n${await firstPage(['Gas'])}`;
    if (isPostgres(t.db)) {
      expect(kept).toContain('invoice_amount_counts_pk');
      expect(cutPlan).toContain('invoices_line_amount_idx');
      expect(page).toContain('invoices_launch_date_id_idx');
      expect(page).toContain('invoices_line_launch_date_id_idx');
      expect(`${kept}\n${cutPlan}\n${page}`).not.toMatch(/Seq Scan on invoices|Sort/);
    } else {
      expect(kept).toMatch(
        /SEARCH invoice_amount_counts USING PRIMARY KEY \(administrator_id=\? AND line=\? AND width=\? AND band>\? AND band<\?\)/,
      );
      expect(cutPlan).toMatch(
        /SEARCH invoices USING COVERING INDEX invoices_line_amount_idx \(line=\? AND amount>\? AND amount<\?\)/,
      );
      expect(page).toContain(
        'SEARCH invoices USING INDEX invoices_launch_date_id_idx (launch_date>? AND launch_date<?)',
      );
      expect(page).toContain(
        'SEARCH invoices USING INDEX invoices_line_launch_date_id_idx (line=? AND launch_date>? AND launch_date<?)',
      );
      expect(`${kept}\n${cutPlan}\n${page}`).not.toMatch(/TEMP B-TREE|SCAN invoices|ANY\(/);
    }
  });

  it('keeps the counts right through every write of invoices and of clients', async () => {
    const before = await keptAndRecounted(t.db);
    expect(before.kept).toEqual(before.recounted);
    const { db } = t;
    const client = firstHolder;
    const outsider = firstHolder + CLIENTS;
    const contract = await db
      .selectFrom('contracts')
      .select('id')
      .where('holder_id', '=', client)
      .where('line', '=', 'Gas')
      .executeTakeFirstOrThrow();
    await sql
      .raw(
        `INSERT INTO invoices (holder_id, contract_id, line, kind, serie, bill_number, category, launch_date, amount, tariff) ` +
          `VALUES (${client}, ${contract.id}, 'Gas', 'F', 'T', 'NUEVA', 'NO', '2026-01-05', 10, 'RL.2')`,
      )
      .execute(db);
    const counted = async () => (await countInvoices(db, account, filtersOf({ lines: ['Gas'] }))).Gas;
    const gas = await counted();
    expect(gas).toBe((await plainList({ lines: ['Gas'] })).length);
    await db
      .updateTable('invoices')
      .set({ launch_date: '2026-02-05', kind: 'U' })
      .where('bill_number', '=', 'NUEVA')
      .execute();
    // A new amount moves the invoice to other bands (64 is the edge of a 32-euro band).
    await db.updateTable('invoices').set({ amount: 64 }).where('bill_number', '=', 'NUEVA').execute();
    const priced = filtersOf({ lines: ['Gas'], minPrice: 64, maxPrice: 64 });
    expect((await countInvoices(db, account, priced)).Gas).toBe((await plainList(priced)).length);
    await db.deleteFrom('invoices').where('bill_number', 'in', ['B3', 'B6']).execute();
    expect(await counted()).toBe(gas - 2);
    await db
      .insertInto('administrator_clients')
      .values({ administrator_id: administratorId, holder_id: outsider })
      .execute();
    await db.deleteFrom('administrator_clients').where('holder_id', '=', client).execute();
    await db
      .updateTable('administrator_clients')
      .set({ holder_id: outsider + 1 })
      .where('holder_id', '=', client + 1)
      .execute();
    expect(await counted()).toBe((await plainList({ lines: ['Gas'] })).length);
    const after = await keptAndRecounted(t.db);
    expect(after.kept).toEqual(after.recounted);
    expect(after.kept).not.toEqual(before.kept);
  });

  it('compacts the kept counts after a bulk load without changing one (PostgreSQL: to the pages their rows need)', async () => {
    const pages = async () =>
      isPostgres(t.db)
        ? Number(
            (
              await sql<{ pages: number }>`SELECT (pg_relation_size('invoice_counts') +
                pg_relation_size('invoice_amount_counts')) / 8192 AS pages`.execute(t.db)
            ).rows[0].pages,
          )
        : 0;
    const compact = await pages();
    // As a bulk load does: many writes in one transaction, each updating count rows whose old versions the
    // transaction still holds (3,000 moves of one invoice between two dates and amounts).
    await t.db.transaction().execute(async (trx) => {
      for (let move = 0; move < 3000; move++) {
        await trx
          .updateTable('invoices')
          .set({ launch_date: DATES[move % 2], amount: move % 2 ? 10 : 300 })
          .where('bill_number', '=', 'B7')
          .execute();
      }
    });
    const loaded = { pages: await pages(), counts: await keptAndRecounted(t.db) };
    await compactKeptCounts(t.db);
    const compacted = { pages: await pages(), counts: await keptAndRecounted(t.db) };
    expect(compacted.counts).toEqual(loaded.counts);
    expect(compacted.counts.kept).toEqual(compacted.counts.recounted);
    if (isPostgres(t.db)) {
      expect(loaded.pages).toBeGreaterThan(compact + 100);
      expect(compacted.pages).toBeLessThanOrEqual(compact + 2);
    }
  });
});

describe('a customer among the 240,000 invoices', () => {
  const given = { from: '2025-01-01', until: '2025-12-31' };
  const customer = () =>
    t.db
      .selectFrom('accounts')
      .selectAll()
      .where('username', '=', 'demo')
      .where('realm', '=', 'cliente')
      .executeTakeFirstOrThrow();
  /** The customer's matches newest first, by one plain ORDER BY. */
  const plainOf = async (holderId: number, dated: boolean) => {
    let query = t.db
      .selectFrom('invoices')
      .select(['invoices.id', 'invoices.line'])
      .where('holder_id', '=', holderId)
      .where('kind', 'in', [...LISTED_KINDS]);
    if (dated) query = query.where('launch_date', '>=', given.from).where('launch_date', '<=', given.until);
    return query.orderBy('launch_date', 'desc').orderBy('id', 'desc').execute();
  };

  it('gets the latest ten in one statement and a first search in two, as the plain query gives them', async () => {
    const demo = await customer();
    const latest = recordingStatements(t.db);
    const ids = await latestInvoices(latest.db, demo, filtersOf(given), 10);
    expect(ids).toEqual((await plainOf(demo.holder_id!, false)).slice(0, 10).map((row) => row.id));
    expect(latest.statements).toHaveLength(1);

    const search = recordingStatements(t.db);
    const expected = await plainOf(demo.holder_id!, true);
    const found = await searchInvoices(search.db, demo, filtersOf(given), { number: 2, size: 10 });
    const byLine = (line: Line) => expected.filter((row) => row.line === line).length;
    expect(found.counts).toEqual({ Electricidad: byLine('Electricidad'), Gas: byLine('Gas') });
    expect(found.ids).toEqual(expected.slice(10, 20).map((row) => row.id));
    expect(search.statements).toHaveLength(2);
  });

  it("lists a search's counts and its page's items in one statement, as the plain query and listItemsOf give them", async () => {
    const demo = await customer();
    const cases: [Filters, number][] = [
      [given, 1],
      [given, 2],
      [{ ...given, lines: ['Gas'] }, 1],
      [{}, 3],
      // Past the last page: the counts, and no item.
      [given, 1000],
      [{ lines: [] }, 1],
    ];
    for (const [search, number] of cases) {
      const filters = filtersOf(search);
      const recorded = recordingStatements(t.db);
      const listed = await searchListPage(recorded.db, demo, filters, { number, size: 10 });
      expect(recorded.statements).toHaveLength(1);
      const plain = await searchInvoices(t.db, demo, filters, { number, size: 10 });
      expect(listed.counts).toEqual(plain.counts);
      expect(listed.items).toEqual(await listItemsOf(t.db, plain.ids));
      if (number === 1000) expect(listed.items).toEqual([]);
      else if (search.lines?.length !== 0) expect(listed.items).toHaveLength(10);
    }
  });

  it('answers the same from statements kept prepared (PostgreSQL: named, past its five custom plans)', async () => {
    const demo = await customer();
    await t.db.connection().execute(async (connection) => {
      // Seven runs on one connection: PostgreSQL plans a prepared statement afresh five times, then may keep a
      // generic plan; each answer must still be the plain queries'.
      for (let run = 0; run < 7; run++) {
        const filters = filtersOf(run % 2 ? given : {});
        const page = { number: 1 + (run % 3), size: 10 };
        const listed = await searchListPage(connection, demo, filters, page);
        const plain = await searchInvoices(t.db, demo, filters, page);
        expect(listed.counts).toEqual(plain.counts);
        expect(listed.items).toEqual(await listItemsOf(t.db, plain.ids));
        const claims = { accountId: demo.id, realm: 'cliente' as const, sessionId: `none-${run}` };
        expect(await findSessionAccount(connection, claims)).toBeNull();
      }
      if (isPostgres(connection)) {
        const { rows } = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements`.execute(connection);
        expect(rows.filter(({ statement }) => /from "sessions"/.test(statement))).toHaveLength(1);
        // Each filter's text once, whatever this connection ran before.
        for (const search of [{}, given]) {
          const { sql: text } = sortedListPageQuery(connection, demo, filtersOf(search), {
            number: 1,
            size: 10,
          }).compile();
          expect(rows.filter(({ statement }) => statement === text)).toHaveLength(1);
        }
      }
    });
  });

  it("reads the page through the holder's index, never a walk over everyone's invoices", async () => {
    const page = await planOf(
      sortedPageQuery(t.db, await customer(), filtersOf({}), { number: 1, size: 10 }),
    );
    expect(page).toContain('invoices_holder_line_date_idx');
    expect(page).not.toMatch(/launch_date_id_idx|SCAN invoices|Seq Scan on invoices/);
    const listed = await planOf(
      sortedListPageQuery(t.db, await customer(), filtersOf({}), { number: 1, size: 10 }),
    );
    expect(listed).toContain('invoices_holder_line_date_idx');
    expect(listed).not.toMatch(/launch_date_id_idx|SCAN invoices|Seq Scan on invoices/);
  });
});
