import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

import pg from 'pg';

const root = path.resolve(__dirname, '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the origin once the process listens; rejects with its output if it exits first. */
  started: Promise<string>;
  stop: () => Promise<void>;
}

/** How long a process may take to start and seed on a busy machine. */
export const PROCESS_START_MS = 120_000;

/** The reference server as `npm run serve` starts it, in a process of its own, on a free port. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  // Node itself with tsx's loader, not the tsx command: that runs the server in a child of its own, which a
  // SIGKILL of the command would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sin arrancar:\n${output}`)), PROCESS_START_MS);
    child.stdout.on('data', () => {
      const listening = /Oficina Virtual en (http:\/\/localhost:\d+)/.exec(output);
      if (!listening) return;
      clearTimeout(timer);
      resolve(listening[1].replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`salió con ${code}:\n${output}`));
    });
  });
  started.catch(() => undefined);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  return { child, started, stop };
}

/** A fresh schema in the PostgreSQL database of TEST_DATABASE_URL, and how to drop it. */
export async function freshSchema(url: string): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `p_${randomBytes(6).toString('hex')}`;
  await onPostgres(url, `CREATE SCHEMA ${schema}`);
  return { schema, drop: () => onPostgres(url, `DROP SCHEMA ${schema} CASCADE`) };
}

async function onPostgres(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
