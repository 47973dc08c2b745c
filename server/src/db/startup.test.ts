import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { ConfigError, loadConfig } from '../config';
import { createDatabase, type Db } from './database';
import { prepareDatabase } from './startup';
import { freshSchema, PROCESS_START_MS, type ServerProcess, startServerProcess } from '../../test/processes';

const postgresUrl = process.env.TEST_DATABASE_URL;
const CLIENTE = '/api/cliente/ov/user/api';

let dirs: string[] = [];
let processes: ServerProcess[] = [];
let dropSchema: (() => Promise<void>) | undefined;

afterEach(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await dropSchema?.();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  [dirs, processes, dropSchema] = [[], [], undefined];
});

const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ov-startup-'));
  dirs.push(dir);
  return dir;
};

async function signIn(origin: string): Promise<string> {
  const answer = await fetch(`${origin}${CLIENTE}/privateToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo2024!' }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

const meStatus = async (origin: string, token: string) =>
  (await fetch(`${origin}${CLIENTE}/me`, { headers: { authorization: `Bearer ${token}` } })).status;

/**
 * Two processes started together on one empty database: both migrate and seed under the start-up lock, so
 * both start, and (each with a data directory of its own, no JWT_SECRET) each accepts the other's tokens.
 */
it(
  'starts two processes together on an empty database, both serving the same sessions',
  async () => {
    let shared: Record<string, string>;
    if (postgresUrl) {
      const { schema, drop } = await freshSchema(postgresUrl);
      dropSchema = drop;
      shared = { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema };
    } else {
      shared = { DATA_DIR: await tempDir() };
    }
    const env = async () => ({
      STATIC_DIR: path.join(await tempDir(), 'dist'),
      DATA_DIR: await tempDir(),
      ...shared,
    });
    processes = [startServerProcess(await env()), startServerProcess(await env())];
    const [first, second] = await Promise.all(processes.map((p) => p.started));
    expect(await meStatus(second, await signIn(first))).toBe(200);
    expect(await meStatus(first, await signIn(second))).toBe(200);
  },
  2 * PROCESS_START_MS,
);

if (postgresUrl) {
  describe('the signing secret on PostgreSQL', () => {
    let dbs: Db[] = [];
    let schema: string;

    beforeEach(async () => {
      const fresh = await freshSchema(postgresUrl);
      schema = fresh.schema;
      dropSchema = fresh.drop;
    });

    afterEach(async () => {
      await Promise.all(dbs.map((db) => db.destroy()));
      dbs = [];
    });

    /** One process's start-up: its own data directory, the shared schema, JWT_SECRET when given. */
    async function start(jwtSecret?: string) {
      const config = loadConfig({
        DATA_DIR: await tempDir(),
        DATABASE_URL: postgresUrl,
        DATABASE_SCHEMA: schema,
        JWT_SECRET: jwtSecret,
      });
      const db = createDatabase(config);
      dbs.push(db);
      return { config, prepared: prepareDatabase(db, config) };
    }

    it('comes from the database when no process is given one, never from a data directory', async () => {
      const first = await start();
      const second = await start();
      const [a, b] = await Promise.all([first.prepared, second.prepared]);
      expect(a.jwtSecret).toHaveLength(32);
      expect(Buffer.from(b.jwtSecret)).toEqual(Buffer.from(a.jwtSecret));
      expect(existsSync(path.join(first.config.dataDir, 'jwt-secret'))).toBe(false);
    });

    it('refuses to start a process whose secret would disagree with the others', async () => {
      const given = 'a'.repeat(40);
      await expect((await start(given)).prepared).resolves.toMatchObject({ seeded: true });
      await expect((await start(given)).prepared).resolves.toMatchObject({ seeded: false });
      await expect((await start('b'.repeat(40))).prepared).rejects.toThrow(
        new ConfigError(
          'JWT_SECRET no coincide con el de los demás procesos de esta base de datos: use el mismo en todos',
        ),
      );
      await expect((await start()).prepared).rejects.toThrow(ConfigError);
    });

    it('refuses a JWT_SECRET where the others sign with the database’s', async () => {
      await (
        await start()
      ).prepared;
      await expect((await start('c'.repeat(40))).prepared).rejects.toThrow(ConfigError);
    });
  });
}
