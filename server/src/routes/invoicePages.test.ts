import { keptAndRecounted } from '../../test/keptCounts';
import { createTestApp, FINCAS, login, type TestApp } from '../../test/testApp';
import { sql } from 'kysely';

import { type Db, isPostgres, refreshPlannerStatistics } from '../db/database';
import { bulkStatement, SCALE_ADMINISTRATOR, seedScale } from '../db/seed/scale';

// Pages of a large, dense selection (an administrator whose clients hold most invoices) are found by walking
// the launch dates instead of sorting every match: they must be the same pages a plain sort gives.
let t: TestApp;
let token: string;
let memoryBefore: unknown;

/** SQLite: the connection's page cache and temporary store, which the seed enlarges for its own run. */
const connectionMemory = async (db: Db) =>
  isPostgres(db)
    ? null
    : [(await sql`PRAGMA cache_size`.execute(db)).rows, (await sql`PRAGMA temp_store`.execute(db)).rows];

beforeAll(async () => {
  t = await createTestApp();
  memoryBefore = await connectionMemory(t.db);
  await seedScale(t.db, 15);
  await refreshPlannerStatistics(t.db);
  const answer = await login(t.app, FINCAS, SCALE_ADMINISTRATOR.username, SCALE_ADMINISTRATOR.password);
  token = answer.json().access_token;
}, 120_000);

afterAll(async () => {
  await t.close();
});

async function listedIds(query: string): Promise<{ ids: number[]; total: number }> {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/fincas/ov/invoices/api/filterfullbilling?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (answer.statusCode === 204) return { ids: [], total: 0 };
  expect(answer.statusCode).toBe(200);
  const body = answer.json();
  return {
    ids: body.Invoice.map((invoice: { id: number }) => invoice.id),
    total: body.Fullbilling.total[0].count,
  };
}

/** The administrator's simple and unified invoices, newest first, sorted by the database in full. */
async function sortedIds(where: { line?: 'Electricidad' | 'Gas'; from?: string; until?: string } = {}) {
  let query = t.db
    .selectFrom('invoices')
    .innerJoin('administrator_clients', 'administrator_clients.holder_id', 'invoices.holder_id')
    .innerJoin('accounts', 'accounts.administrator_id', 'administrator_clients.administrator_id')
    .select('invoices.id')
    .where('accounts.username', '=', SCALE_ADMINISTRATOR.username)
    .where('invoices.kind', 'in', ['F', 'U']);
  if (where.line) query = query.where('invoices.line', '=', where.line);
  if (where.from) query = query.where('invoices.launch_date', '>=', where.from);
  if (where.until) query = query.where('invoices.launch_date', '<=', where.until);
  const rows = await query.orderBy('invoices.launch_date', 'desc').orderBy('invoices.id', 'desc').execute();
  return rows.map((row) => row.id);
}

describe('pages of a large administrator selection', () => {
  it('are the pages a full sort gives, for both lines and for one', async () => {
    for (const line of [undefined, 'Electricidad', 'Gas'] as const) {
      const expected = await sortedIds({ line });
      const lineQuery = `line=${line ?? 'todo'}`;
      const first = await listedIds(`${lineQuery}&start=1`);
      expect(first.total).toBe(expected.length);
      const lastPage = Math.ceil(expected.length / 10);
      for (const page of [1, 2, 7, lastPage]) {
        const { ids } = await listedIds(`${lineQuery}&start=${page}`);
        expect(ids).toEqual(expected.slice((page - 1) * 10, page * 10));
      }
    }
    expect((await sortedIds()).length).toBeGreaterThan(2000);
  });

  it('gives the latest ten on the default query and the same pages within dates', async () => {
    const expected = await sortedIds();
    expect((await listedIds('line=todo&isDefaultQuery=true')).ids).toEqual(expected.slice(0, 10));
    const dated = await sortedIds({ line: 'Gas', from: '2024-01-01', until: '2025-12-31' });
    for (const page of [1, 3]) {
      const { ids } = await listedIds(`line=gas&startDate=2024-01-01&endDate=2025-12-31&start=${page}`);
      expect(ids).toEqual(dated.slice((page - 1) * 10, page * 10));
    }
  });
});

describe("the scale seed's kept counts", () => {
  // On SQLite the seed sets the invoices' row triggers aside and runs each once over the rows it inserted.
  it('equal a recount of the invoices it wrote, and its triggers are back', async () => {
    const { kept, recounted } = await keptAndRecounted(t.db);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(recounted);
    const outsider = await t.db
      .selectFrom('invoices')
      .select(['id', 'launch_date'])
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('invoices')
      .set({ launch_date: '2020-02-02' })
      .where('id', '=', outsider.id)
      .execute();
    const moved = await keptAndRecounted(t.db);
    expect(moved.kept).toEqual(moved.recounted);
    await t.db
      .updateTable('invoices')
      .set({ launch_date: outsider.launch_date })
      .where('id', '=', outsider.id)
      .execute();
  });

  it("leaves the connection's page cache and temporary store as it found them", async () => {
    expect(await connectionMemory(t.db)).toEqual(memoryBefore);
  });

  it('refuses a trigger it cannot turn into one statement', () => {
    const trigger = (body: string) => `CREATE TRIGGER x AFTER INSERT ON invoices BEGIN ${body}; END`;
    expect(
      bulkStatement(trigger('INSERT INTO c SELECT a FROM (SELECT NEW.id AS id, NEW.kind AS kind) r'), 7),
    ).toBe('INSERT INTO c SELECT a FROM (SELECT id AS id, kind AS kind FROM invoices WHERE id > 7) r');
    expect(() => bulkStatement(trigger('INSERT INTO c VALUES (NEW.id)'), 7)).toThrow();
  });
});
