import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';

import { createTestApp, type TestApp } from '../../test/testApp';
import { recordingStatements } from '../../test/statements';
import { setClockOffsetMs } from '../clock';
import { lastBilledUntil, latestBilledUntil } from '../data/billingRun';
import { declaredPlace, type ReadPlace } from '../db/readPlaces';
import type { Database } from '../db/schema';
import { billableContracts } from '../db/seed/invoices';
import { createJobRunner } from './runner';

/**
 * What the jobs read on a server that has just started (issue 30, cold start): at the scale seed the billing
 * run's reads of every contract and every last bill take 0.3–1 s each, and an administrator's first search
 * after a start waited behind them on the event loop.
 */

it('reads every contract and every last bill on a reader, off the event loop', async () => {
  const places: (ReadPlace | undefined)[] = [];
  // A database that answers nothing and tells where each query was declared to run.
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    log: (event) => {
      places.push(declaredPlace(event.query));
    },
  });
  await billableContracts(db);
  await lastBilledUntil(db);
  await latestBilledUntil(db);
  expect(places).toEqual(['reader', 'reader', 'reader']);
});

describe('a tick of the jobs with nothing due', () => {
  let t: TestApp;

  beforeAll(async () => {
    setClockOffsetMs(0);
    t = await createTestApp();
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });

  it('reads no contract: the retries pass runs only when a failed invoice is due again', async () => {
    // Whatever is due today first, as a process that started does.
    await createJobRunner(t.db, t.app.log).runDue();
    const { db, statements } = recordingStatements(t.db);
    expect(await createJobRunner(db, t.app.log).runDue()).toEqual({ readings: 0, invoices: 0, emails: 0 });
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((statement) => statement.includes('"contracts"'))).toEqual([]);
  });
});
