import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';

import { buildApp } from '../src/app';
import { loadConfig, type ServerConfig } from '../src/config';
import { createDatabase, type Db, SQLITE_FILE } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedDemoData } from '../src/db/seed';
import { SEEDED_TEMPLATE_ENV } from './seededTemplate';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: ServerConfig;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /**
   * Load the demo data (default true): on SQLite a copy of the file the run seeded once (see seededTemplate.ts),
   * or, with 'fresh' or outside such a run, seeded here.
   */
  seed?: boolean | 'fresh';
  /** Run the jobs' work on the jobs thread, as the server does (jobs/jobThread.ts). */
  jobsOnThread?: boolean;
}

/**
 * A server on a throw-away database: a SQLite file in a fresh temporary directory, or, when
 * TEST_DATABASE_URL is set, a fresh schema in that PostgreSQL database, dropped again by close().
 */
export async function createTestApp(
  overrides: Partial<ServerConfig> = {},
  { seed = true, jobsOnThread = false }: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ov-server-'));
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const schema = postgresUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  if (postgresUrl) await runOnPostgres(postgresUrl, `CREATE SCHEMA ${schema}`);

  const config: ServerConfig = {
    ...loadConfig({
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'dist'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    }),
    databaseUrl: postgresUrl,
    databaseSchema: schema,
    // High enough that only the rate-limit test, which lowers it, ever meets it.
    loginRateLimit: { max: 1000, windowMs: 60_000, ipMax: 100_000, ipWindowMs: 600_000, accountMax: 1000 },
    ...overrides,
  };

  const template = seed === true && !postgresUrl ? process.env[SEEDED_TEMPLATE_ENV] : undefined;
  if (template) await copyFile(template, path.join(dataDir, SQLITE_FILE));
  const db = createDatabase(config);
  await migrateToLatest(db, config.databaseSchema);
  if (seed && !template) await seedDemoData(db);
  const app = await buildApp(config, db, { jobsOnThread });
  keepAnswersWhole(app);
  await app.ready();

  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.destroy();
      if (postgresUrl) await runOnPostgres(postgresUrl, `DROP SCHEMA ${schema} CASCADE`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Fails any answer that its response schema changed: Fastify's serializer silently drops a property the schema
 * lacks (and rounds a number it calls an integer), so every route test also checks the contract
 * (server/src/contract/) against what the handler really sends. The call then answers 500.
 */
function keepAnswersWhole(app: FastifyInstance): void {
  const sent = new WeakMap<FastifyRequest, unknown>();
  app.addHook('preSerialization', async (request, _reply, payload) => {
    sent.set(request, payload);
    return payload;
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!sent.has(request) || typeof payload !== 'string') return payload;
    const text = JSON.stringify(sent.get(request));
    // Most answers keep the schema's order of fields: equal texts spare parsing a year of hours.
    if (text !== payload && !isDeepStrictEqual(JSON.parse(payload), JSON.parse(text))) {
      const problem = `${request.method} ${request.routeOptions.url}: la respuesta no sigue su esquema`;
      process.stderr.write(`${problem}\nenviada: ${text}\nserializada: ${payload}\n`);
      throw new Error(problem);
    }
    return payload;
  });
}

/** PostgreSQL's code for a deadlock: the server chose this statement as the victim, and it may simply run again. */
const DEADLOCK = '40P01';

async function runOnPostgres(url: string, statement: string, attempts = 3): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let again = false;
  try {
    await client.query(statement);
  } catch (error) {
    // DROP SCHEMA … CASCADE can meet the last statements of the closing app's other connections.
    if ((error as { code?: string }).code !== DEADLOCK || attempts <= 1) throw error;
    again = true;
  } finally {
    await client.end();
  }
  if (again) await runOnPostgres(url, statement, attempts - 1);
}

export interface LoginAnswer {
  access_token: string;
  refresh_token: string;
  email: string;
  isAdministrador: boolean;
  token_type: string;
  expires_in: number;
}

export const CLIENTE = '/api/cliente/ov/user/api';
export const FINCAS = '/api/fincas/ov/user/api';

export async function login(app: FastifyInstance, base: string, username: string, password: string) {
  return app.inject({ method: 'POST', url: `${base}/privateToken`, payload: { username, password } });
}

/** Access tokens of the demo customer and the demo administrator, for suites that call both realms. */
export async function demoTokens(app: FastifyInstance): Promise<Record<'cliente' | 'fincas', string>> {
  const cliente = (await login(app, CLIENTE, 'demo', 'Demo2024!')).json<LoginAnswer>().access_token;
  const fincas = (await login(app, FINCAS, 'admin@fincas.example', 'Fincas2024!')).json<LoginAnswer>()
    .access_token;
  return { cliente, fincas };
}
