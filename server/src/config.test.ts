import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { ConfigError, loadConfig } from './config';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ov-config-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it('applies the documented defaults', () => {
  const config = loadConfig({ DATA_DIR: dataDir });
  expect(config).toMatchObject({
    port: 8080,
    host: '0.0.0.0',
    accessTokenTtl: 3600,
    refreshTokenTtl: 30 * 24 * 3600,
    publicUrl: 'http://localhost:8080',
    databaseUrl: undefined,
    sqliteReadWorkers: 4,
    loginRateLimit: { max: 10, windowMs: 60_000, ipMax: 20, ipWindowMs: 600_000, accountMax: 10 },
    cspConnectSrc: [],
  });
});

it('generates the JWT secret once and keeps it private', async () => {
  const first = loadConfig({ DATA_DIR: dataDir });
  const second = loadConfig({ DATA_DIR: dataDir });
  expect(first.jwtSecret).toHaveLength(32);
  expect(Buffer.from(second.jwtSecret)).toEqual(Buffer.from(first.jwtSecret));
  const file = path.join(dataDir, 'jwt-secret');
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect((await readFile(file, 'utf8')).length).toBeGreaterThan(40);
});

it('gives processes started together on one data directory one secret', async () => {
  // Each child loads the configuration as a starting server does, all at one agreed moment, and prints the
  // secret it would sign with.
  const script = `const { loadConfig } = require('./server/src/config.ts');
while (Date.now() < Number(process.argv[2]));
process.stdout.write(Buffer.from(loadConfig({ DATA_DIR: process.argv[1] }).jwtSecret).toString('hex'));`;
  const together = String(Date.now() + 3000);
  const secrets = await Promise.all(
    Array.from({ length: 6 }, () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script, dataDir, together]),
    ),
  );
  const kept = Buffer.from(await readFile(path.join(dataDir, 'jwt-secret'), 'utf8'), 'base64url');
  expect(new Set(secrets.map((child) => child.stdout))).toEqual(new Set([kept.toString('hex')]));
  expect(await readdir(dataDir)).toEqual(['jwt-secret']);
});

it('on PostgreSQL without JWT_SECRET leaves the secret to the database and writes none in DATA_DIR', async () => {
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://ov:ov@localhost/ov' });
  expect(config.jwtSecret).toHaveLength(0);
  await expect(stat(path.join(dataDir, 'jwt-secret'))).rejects.toThrow('ENOENT');
});

it.each([
  ['PROCESSES', '0'],
  ['PORT', 'ochenta'],
  ['PORT', '70000'],
  ['ACCESS_TOKEN_TTL', '0'],
  ['ACCESS_TOKEN_TTL', '-5'],
  ['DATABASE_URL', 'mysql://localhost/ov'],
  ['JWT_SECRET', 'corto'],
  ['LOG_LEVEL', 'verbose'],
  ['CSP_CONNECT_SRC', 'no es un origen'],
  ['CONFIG_FILE', '/no/existe/config.json'],
  ['SQLITE_READ_WORKERS', '17'],
  ['SQLITE_READ_WORKERS', 'dos'],
])('rejects %s=%s with a clear message', (name, value) => {
  expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(ConfigError);
  expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(name);
});

it('reads the optional lists and URLs', () => {
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '3000',
    DATABASE_URL: 'postgres://ov:ov@localhost/ov',
    CSP_CONNECT_SRC: 'https://api.example.com, https://fincas.example.com/base',
    LOGIN_RATE_LIMIT: '3',
    SQLITE_READ_WORKERS: '4',
  });
  expect(config.publicUrl).toBe('http://localhost:3000');
  expect(config.databaseUrl).toBe('postgres://ov:ov@localhost/ov');
  expect(config.cspConnectSrc).toEqual(['https://api.example.com', 'https://fincas.example.com']);
  expect(config.loginRateLimit.max).toBe(3);
  expect(config.sqliteReadWorkers).toBe(4);
});
