import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { scryptCost } from './auth/passwords';

export interface RateLimit {
  /** Calls allowed per key within the window. */
  max: number;
  windowMs: number;
}

/**
 * Sign-in limits, counted in the database (auth/signInLimits.ts; figures in server/README.md). `max` is the
 * attempts per client address and user name within `windowMs`.
 */
export interface LoginRateLimit extends RateLimit {
  /** Failed attempts per client address, whatever the user name, within `ipWindowMs`. */
  ipMax: number;
  ipWindowMs: number;
  /** Failed attempts per user name, from any address, within an hour before the growing delay starts. */
  accountMax: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** When set the server uses PostgreSQL instead of the SQLite file in dataDir. */
  databaseUrl?: string;
  /** PostgreSQL schema to work in (search_path); the connection's default when absent. */
  databaseSchema?: string;
  /**
   * Worker threads that run the SQLite file's SELECTs, each on a read-only connection of its own
   * (db/sqliteReadPool.ts); 0 runs them on the main thread. Unused with PostgreSQL.
   */
  sqliteReadWorkers: number;
  /** Empty on PostgreSQL without JWT_SECRET until db/startup.ts reads the database's. */
  jwtSecret: Uint8Array;
  /** Seconds. */
  accessTokenTtl: number;
  /** Seconds. */
  refreshTokenTtl: number;
  publicUrl: string;
  staticDir: string;
  /** Runtime configuration served at /config.json instead of the one in staticDir. */
  configFile?: string;
  nodeEnv: string;
  logLevel: string;
  logger: boolean;
  /**
   * Fastify's trustProxy: false, the proxies' addresses, or a function trusting a number of hops. TRUST_PROXY=true
   * means one hop, never "every hop": that would take the client's own X-Forwarded-For as its address.
   */
  trustProxy: false | string | ((address: string, hop: number) => boolean);
  smtpUrl?: string;
  /** Milliseconds the SMTP transport waits for a connection, greeting or answer before giving up. */
  smtpTimeoutMs: number;
  /** Sender of the account e-mails. */
  mailFrom: string;
  /** `id:secret` of POST /token?grant_type=client_credentials (basic auth); the SPA is built with the same. */
  clientCredential: string;
  loginRateLimit: LoginRateLimit;
  /** Guest account calls (sign-up, recovery, e-mail links) per realm, IP and call. */
  accountRateLimit: RateLimit;
  /** Extra origins the SPA may call (CSP connect-src), for an SPA pointed at another backend. */
  cspConnectSrc: string[];
  /**
   * Processes serving the same database (PROCESSES; start:cluster sets it to its workers): the per-process
   * limits kept in memory (guest calls, waiting searches and heavy calls) take their share (shareOf).
   */
  processes: number;
}

/** The runtime configuration the SPA reads (/config.json); the server's e-mails take the company from it too. */
export const runtimeConfigFile = (config: Pick<ServerConfig, 'configFile' | 'staticDir'>) =>
  config.configFile ?? path.join(config.staticDir, 'config.json');

/**
 * The runtime configuration's place from the environment alone: for the document threads, which get no
 * configuration object (documents/company.ts reads the dispute bodies there).
 */
export const runtimeConfigFileOf = (env: NodeJS.ProcessEnv) =>
  runtimeConfigFile({ configFile: configFileOf(env), staticDir: staticDirOf(env) });

const staticDirOf = (env: NodeJS.ProcessEnv) => path.resolve(env.STATIC_DIR?.trim() || './dist');
const configFileOf = (env: NodeJS.ProcessEnv) =>
  env.CONFIG_FILE?.trim() ? path.resolve(env.CONFIG_FILE.trim()) : undefined;

/** One process's share of a limit that `processes` processes enforce together: at least 1. */
export const shareOf = (total: number, processes: number) => Math.max(1, Math.ceil(total / processes));

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/** Equals the webpack default of process.env.OV_CLIENT_CREDENTIAL, so a plain `npm start` works. */
export const DEFAULT_CLIENT_CREDENTIAL = 'oficina-virtual-spa:demo-client-secret';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const DAY = 24 * 60 * 60;

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} debe ser un entero, no "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} debe estar entre ${min} y ${max}`);
  return value;
}

function readUrl(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} no es una URL válida`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} debe usar ${protocols.join(' o ')}`);
  }
  return raw;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} debe ser true o false`);
}

/**
 * JWT_SECRET when given. Otherwise, with the SQLite file, a generated secret persisted beside it so tokens
 * survive restarts; on PostgreSQL nothing (empty) here: every process takes the one the database keeps
 * (db/startup.ts), never one of its own DATA_DIR.
 */
function loadJwtSecret(env: Env, dataDir: string, onPostgres: boolean): Uint8Array {
  const given = env.JWT_SECRET;
  if (given !== undefined && given !== '') {
    if (given.length < 32) throw new ConfigError('JWT_SECRET debe tener al menos 32 caracteres');
    return new TextEncoder().encode(given);
  }
  if (onPostgres) return new Uint8Array(0);
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) createSecretFileOnce(file);
  const stored = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  if (stored.length < 32) throw new ConfigError(`${file} no contiene un secreto válido`);
  return new Uint8Array(stored);
}

/**
 * Two processes started together on one data directory both found no secret and both wrote one: the last
 * write won and the other process signed with a secret nobody else knew. The secret is written whole to a
 * file of this process's own and linked into place, which fails for all but the first; every process then
 * reads the one that is there.
 */
function createSecretFileOnce(file: string): void {
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
}

function readTrustProxy(env: Env): ServerConfig['trustProxy'] {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (/^[\d.:a-f/, ]+$/i.test(raw) && /[.:/]/.test(raw)) return raw;
  const hops = /^\d{1,2}$/.test(raw) ? Number(raw) : readBoolean(env, 'TRUST_PROXY', false) ? 1 : 0;
  return hops > 0 ? (_address: string, hop: number) => hop < hops : false;
}

function readClientCredential(env: Env): string {
  const raw = env.CLIENT_CREDENTIAL?.trim();
  if (!raw) return DEFAULT_CLIENT_CREDENTIAL;
  const separator = raw.indexOf(':');
  if (separator < 1 || separator === raw.length - 1) {
    throw new ConfigError('CLIENT_CREDENTIAL debe tener la forma identificador:secreto');
  }
  return raw;
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const port = readInteger(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST?.trim() || '0.0.0.0';
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  mkdirSync(dataDir, { recursive: true });

  const databaseSchema = env.DATABASE_SCHEMA?.trim() || undefined;
  if (databaseSchema && !/^[a-z_][a-z0-9_]{0,62}$/.test(databaseSchema)) {
    throw new ConfigError('DATABASE_SCHEMA debe ser un identificador en minúsculas');
  }

  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL debe ser uno de ${LOG_LEVELS.join(', ')}`);

  const configFile = configFileOf(env);
  if (configFile && !existsSync(configFile)) throw new ConfigError(`CONFIG_FILE no existe: ${configFile}`);

  const cspConnectSrc = (env.CSP_CONNECT_SRC ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((origin) => {
      try {
        return new URL(origin).origin;
      } catch {
        throw new ConfigError(`CSP_CONNECT_SRC contiene un origen no válido: ${origin}`);
      }
    });

  try {
    scryptCost(env);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }

  const databaseUrl = readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    sqliteReadWorkers: readInteger(env, 'SQLITE_READ_WORKERS', 4, 0, 16),
    databaseSchema,
    jwtSecret: loadJwtSecret(env, dataDir, databaseUrl !== undefined),
    accessTokenTtl: readInteger(env, 'ACCESS_TOKEN_TTL', 3600, 1, 7 * DAY),
    refreshTokenTtl: readInteger(env, 'REFRESH_TOKEN_TTL', 30 * DAY, 1, 365 * DAY),
    publicUrl: (readUrl(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
      /\/$/,
      '',
    ),
    staticDir: staticDirOf(env),
    configFile,
    nodeEnv: env.NODE_ENV?.trim() || 'development',
    logLevel,
    logger: logLevel !== 'silent',
    trustProxy: readTrustProxy(env),
    smtpUrl: readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    smtpTimeoutMs: readInteger(env, 'SMTP_TIMEOUT_MS', 10_000, 100, 120_000),
    mailFrom: env.MAIL_FROM?.trim() || 'Oficina Virtual <no-responder@energiademo.example>',
    clientCredential: readClientCredential(env),
    loginRateLimit: {
      max: readInteger(env, 'LOGIN_RATE_LIMIT', 10, 1, 100000),
      windowMs: 60_000,
      ipMax: readInteger(env, 'LOGIN_IP_LIMIT', 20, 1, 100000),
      ipWindowMs: 10 * 60_000,
      accountMax: readInteger(env, 'LOGIN_ACCOUNT_LIMIT', 10, 1, 100000),
    },
    accountRateLimit: { max: readInteger(env, 'ACCOUNT_RATE_LIMIT', 30, 1, 100000), windowMs: 60_000 },
    cspConnectSrc,
    processes: readInteger(env, 'PROCESSES', 1, 1, 1000),
  };
}
