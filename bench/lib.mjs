// Shared pieces of the benchmarks: a throw-away server started like `npm start` (compiled by
// scripts/serverBuild.mjs), Debian's Chromium, and the statistics the figures are reported with.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { buildServerIfStale, serverEntry } from '../scripts/serverBuild.mjs';
import { serverMemoryEnv } from '../scripts/serverMemory.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function buildSpa() {
  const result = spawnSync('npx', ['webpack', '--mode', 'production'], { cwd: root, stdio: 'ignore' });
  if (result.status !== 0) throw new Error('webpack build failed');
}

async function answers(origin) {
  try {
    return (await fetch(`${origin}/api/cliente/ov/user/api/checkConnection`)).ok;
  } catch {
    return false;
  }
}

export async function startServer({ port, env = {} }) {
  const origin = `http://localhost:${port}`;
  // A server left over from an earlier run would answer for this one, and its figures would be wrong.
  if (await answers(origin)) throw new Error(`${origin} already answers: stop what runs there first`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ov-bench-'));
  buildServerIfStale();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      ...serverMemoryEnv(),
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 120_000;
  while (!(await answers(origin))) {
    if (exited) throw new Error(`the server on ${origin} exited before it answered`);
    if (Date.now() > deadline) {
      // Never left behind to answer the next run on this port.
      child.kill('SIGKILL');
      throw new Error('server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    dataDir,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export function launchChromium() {
  return chromium.launch(chromiumLaunchOptions);
}

/** The start time of the page's last Largest Contentful Paint entry, in milliseconds. */
export function largestContentfulPaint(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/** Signs the demo customer in through the login form in a new page of `context`; the session stays in its storage. */
export async function signInThroughForm(context, origin) {
  const page = await context.newPage();
  await page.goto(`${origin}/login`);
  await page.getByLabel('Usuario').fill('demo');
  await page.getByLabel('Contraseña').fill('Demo2024!');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`${origin}/`);
  await page.close();
}

export async function logInThroughApi(origin, realm, username, password) {
  const answer = await fetch(`${origin}/api/${realm}/ov/user/api/privateToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, isAdministradorFinca: realm === 'fincas' }),
  });
  if (!answer.ok) throw new Error(`login failed: ${answer.status}`);
  return answer.json();
}

/**
 * GET over kept-alive node:http connections: { status, body }; a call may add headers of its own. Under load
 * the load generator shares the cores with the server; fetch (undici) spends about 1 ms of CPU per call, as
 * much as the server's answer, and that time was measured as the server's latency. This client spends a
 * fraction of it.
 */
export function httpClient(origin, { connections = 10, headers = {} } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const get = (url, extraHeaders = {}) =>
    new Promise((resolve, reject) => {
      const request = http.get(
        `${origin}${url}`,
        { agent, headers: { ...headers, ...extraHeaders } },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks) }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
  get.close = () => agent.destroy();
  return get;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * The longest load-curve range, the 12 months to yesterday (Madrid): its first and last day as DD-MM-YYYY (the
 * calls' format) or with another separator (DD/MM/YYYY, as the date fields take them).
 */
export function lastTwelveMonths(separator = '-') {
  const today = new Date(
    `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date())}T00:00:00Z`,
  );
  const yesterday = new Date(today.getTime() - 86_400_000);
  const start = new Date(yesterday);
  start.setUTCFullYear(start.getUTCFullYear() - 1);
  start.setUTCDate(start.getUTCDate() + 1);
  const format = (date) =>
    [
      String(date.getUTCDate()).padStart(2, '0'),
      String(date.getUTCMonth() + 1).padStart(2, '0'),
      date.getUTCFullYear(),
    ].join(separator);
  return { from: format(start), to: format(yesterday) };
}

// Runs `request` from `connections` concurrent loops until `total` requests are done; returns latencies in ms.
export async function loadTest({ total, connections, request }) {
  const latencies = [];
  let issued = 0;
  async function worker() {
    while (issued < total) {
      issued += 1;
      const started = performance.now();
      await request();
      latencies.push(performance.now() - started);
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  return latencies;
}

/** Runs `request` from `connections` loops for `ms` milliseconds: latencies in ms and calls per second. */
export async function loadFor({ ms, connections, request }) {
  const latencies = [];
  const deadline = performance.now() + ms;
  async function worker() {
    while (performance.now() < deadline) {
      const started = performance.now();
      await request();
      latencies.push(performance.now() - started);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  return { latencies, perSecond: (latencies.length * 1000) / (performance.now() - started) };
}

export function report(name, figure, unit, target) {
  const verdict =
    target === undefined ? '' : figure <= target ? '  (objetivo cumplido)' : '  (OBJETIVO NO CUMPLIDO)';
  const shown = Number.isInteger(figure) ? figure : figure.toFixed(1);
  console.log(
    `${name}: ${shown} ${unit}${target === undefined ? '' : ` · objetivo ≤ ${target} ${unit}`}${verdict}`,
  );
}

/**
 * The resident memory of the server listening on `port` while `work` runs, sampled every 5 ms: the time, the
 * peak growth and the peak itself (MB).
 */
export async function peakRss(port, work) {
  const pid = serverPid(port);
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  const before = rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 5);
  const started = performance.now();
  // A failed call must not leave the timer reading a stopped server's /proc entry.
  const result = await work().finally(() => clearInterval(timer));
  const ms = performance.now() - started;
  peak = Math.max(peak, rss());
  return { ms, growthMb: (peak - before) / 1024, peakMb: peak / 1024, result };
}

/** The process listening on `port`. */
export function serverPid(port) {
  const listing = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }).stdout;
  return /pid=(\d+)/.exec(listing)?.[1];
}

/** CPU time (user + system, every thread) the process has used so far, in ms; /proc counts in 10 ms ticks. */
export function processCpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command's closing parenthesis.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The server's CPU time per call of `request`, called `calls` times one after the other: CPU time, which other
 * processes on a shared machine do not inflate (wall time they do).
 */
export async function serverCpuPerCall(port, calls, request) {
  const pid = serverPid(port);
  const before = processCpuMs(pid);
  for (let i = 0; i < calls; i += 1) await request();
  return (processCpuMs(pid) - before) / calls;
}

/**
 * The environment that loads the memory probe (support/memoryProbe.mjs) into a server, with `gc` exposed.
 * `probeFile` may hold `{pid}`: each process of a cluster then answers in a file of its own.
 */
export function memoryProbeEnv(probeFile) {
  return {
    MEMORY_PROBE_FILE: probeFile,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc --import ${path.join(root, 'bench', 'support', 'memoryProbe.mjs')}`,
  };
}

/**
 * Asks the memory probe of process `pid` to run `command` (read, gc, clear <cache>, snapshot <file>) and answers
 * its reading: RSS, the V8 heap of the process and of each of its threads (MB).
 */
export async function probeMemory(pid, probeFile, command = 'read') {
  const file = probeFile.replace('{pid}', String(pid));
  rmSync(file, { force: true });
  writeFileSync(`${file}.in`, command);
  process.kill(pid, 'SIGUSR2');
  try {
    for (let waited = 0; !existsSync(file) || readFileSync(file, 'utf8') === ''; waited += 20) {
      if (waited > 30_000) throw new Error('the memory probe did not answer');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return JSON.parse(readFileSync(file, 'utf8'));
  } finally {
    rmSync(`${file}.in`, { force: true });
  }
}
