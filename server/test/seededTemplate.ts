import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { createDatabase, SQLITE_FILE } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedDemoData } from '../src/db/seed';

/** Where the run's seeded SQLite file is; createTestApp copies it instead of seeding each database anew. */
export const SEEDED_TEMPLATE_ENV = 'OV_TEST_SEEDED_SQLITE';

/**
 * A fresh temporary data directory with the demo data migrated and seeded into its SQLite file, closed so that
 * the file holds everything (no write-ahead log beside it) and can be copied.
 */
export async function createSeededDataDir(): Promise<{ dataDir: string; file: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ov-seeded-'));
  const db = createDatabase({ dataDir, sqliteReadWorkers: 0 });
  try {
    await migrateToLatest(db);
    await seedDemoData(db);
  } finally {
    await db.destroy();
  }
  return { dataDir, file: path.join(dataDir, SQLITE_FILE) };
}

const RUN_TEMPLATE_DIR = '__OV_SEEDED_TEMPLATE_DIR__';

/**
 * For the server project's globalSetup: seeds once per run (seeding costs a second or more, copying the file a
 * few milliseconds); the workers inherit the variable. PostgreSQL suites seed each schema themselves.
 */
export async function setUpSeededTemplate(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const { dataDir, file } = await createSeededDataDir();
  process.env[SEEDED_TEMPLATE_ENV] = file;
  (globalThis as Record<string, unknown>)[RUN_TEMPLATE_DIR] = dataDir;
}

export async function tearDownSeededTemplate(): Promise<void> {
  const dataDir = (globalThis as Record<string, unknown>)[RUN_TEMPLATE_DIR];
  if (typeof dataDir === 'string') await rm(dataDir, { recursive: true, force: true });
}
