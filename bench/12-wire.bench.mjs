// On the wire and in memory: the bytes /login (its page and everything it loads), the signed-in home and a year
// of load curve cost with no encoding, gzip and brotli; then the server's memory (RSS and V8 heap) after start,
// during and after 10 connections of mixed load, and 30 s later, read inside the server by support/memoryProbe.
import { rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import path from 'node:path';
import {
  launchChromium,
  logInThroughApi,
  memoryProbeEnv,
  percentile,
  probeMemory,
  processCpuMs,
  serverPid,
  signInThroughForm,
  startServer,
} from './lib.mjs';
import { benchPort } from './ports.mjs';

const PORT = benchPort(import.meta.url);
const ENCODINGS = ['identity', 'gzip', 'br'];
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = 10;
const YEAR = { startDate: '01-01-2025', endDate: '31-12-2025' };

/** One GET as sent on the wire: the status, the headers and the body's bytes as received (not decoded). */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          bytes: Buffer.concat(chunks).length,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** Every request a page makes while it loads (the document, JS, CSS, images, API calls), with its headers. */
async function pageRequests(context, url) {
  const page = await context.newPage();
  const requests = [];
  page.on('request', (request) => requests.push(request));
  await page.goto(url, { waitUntil: 'networkidle' });
  const list = await Promise.all(
    requests
      .filter((request) => request.method() === 'GET')
      .map(async (request) => ({
        url: request.url(),
        type: request.resourceType(),
        headers: await request.allHeaders(),
      })),
  );
  await page.close();
  return list;
}

/** Bytes of every request of the list replayed with each encoding, by resource type. */
async function wireBytes(requests) {
  const totals = {};
  for (const encoding of ENCODINGS) {
    totals[encoding] = { total: 0 };
    for (const { url, type, headers } of requests) {
      const answer = await rawGet(url, { ...headers, 'accept-encoding': encoding });
      if (answer.status >= 400) throw new Error(`${url}: ${answer.status}`);
      totals[encoding][type] = (totals[encoding][type] ?? 0) + answer.bytes;
      totals[encoding].total += answer.bytes;
    }
  }
  return totals;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

function printBytes(name, totals) {
  const types = Object.keys(totals.identity).filter((type) => type !== 'total');
  for (const encoding of ENCODINGS) {
    const parts = types.map((type) => `${type} ${kb(totals[encoding][type])}`).join(', ');
    console.log(`${name}, ${encoding}: ${kb(totals[encoding].total)} (${parts})`);
  }
}

/**
 * What compressing a year of load curve costs the server per answer (zlib's thread pool, the same library the
 * server uses), at the levels one might choose: the median of 10 and the size.
 */
async function compressionCost(url, authorization) {
  const body = Buffer.from(await (await fetch(url, { headers: { authorization } })).arrayBuffer());
  const brotli = (quality) => (input, done) =>
    zlib.brotliCompress(
      input,
      {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
        },
      },
      done,
    );
  const levels = [
    ['gzip 6 (por defecto)', (input, done) => zlib.gzip(input, done)],
    ['brotli 4', brotli(4)],
    ['brotli 5 (el servidor)', brotli(5)],
    ['brotli 11', brotli(11)],
  ];
  for (const [name, compress] of levels) {
    const times = [];
    let size = 0;
    for (let i = 0; i < 11; i += 1) {
      const started = performance.now();
      size = (await promisify(compress)(body)).length;
      if (i > 0) times.push(performance.now() - started);
    }
    console.log(
      `comprimir la curva de un año (${kb(body.length)}), ${name}: ${kb(size)}, mediana ${percentile(times, 50).toFixed(1)} ms`,
    );
  }
}

/** The memory of the server process, read inside it by the probe; `command` is read, gc or clear <cache>. */
function memoryOf(port, probeFile) {
  const pid = Number(serverPid(port));
  return (command = 'read') => probeMemory(pid, probeFile, command);
}

function printMemory(name, reading) {
  const spaces = Object.entries(reading.spaces)
    .filter(([, used]) => used >= 1)
    .map(([space, used]) => `${space} ${used}`)
    .join(', ');
  // Each worker thread's heap, by its script: the readers' and document threads' isolates are RSS too.
  const threads = reading.threads
    .map((thread) => `${thread.kind} ${thread.heapUsedMb}/${thread.heapTotalMb}`)
    .join(', ');
  const threadsTotal = reading.threads.reduce((sum, thread) => sum + thread.heapTotalMb, 0);
  console.log(
    `memoria, ${name}: RSS ${reading.rssMb} MB, heap V8 usado ${reading.heapUsedMb} MB de ${reading.heapTotalMb} MB, ` +
      `externa ${reading.externalMb} MB (ArrayBuffers ${reading.arrayBuffersMb} MB) [${spaces}]; ` +
      `${reading.threads.length} hilos, heap ${threadsTotal.toFixed(1)} MB [${threads}]`,
  );
}

/**
 * The calls of a day's use: the home's own calls (as the browser made them), and for three customers their
 * supplies, profile, load curves and telemetry, and the administrator's invoice pages.
 */
async function mixedCalls(origin, homeCalls) {
  const customers = ['demo', 'demo2', 'gasonly'];
  const calls = homeCalls.map(({ url, headers }) => [new URL(url).pathname + new URL(url).search, headers]);
  for (const username of customers) {
    const { access_token: token } = await logInThroughApi(origin, 'cliente', username, 'Demo2024!');
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
    const base = '/api/cliente';
    const points = (await (await fetch(`${origin}${base}/ov/cups/api/cupsMe`, { headers })).json())
      .cupsAsociados.select;
    calls.push([`${base}/ov/cups/api/cupsMe`, headers], [`${base}/ov/user/api/me`, headers]);
    for (const point of points) {
      const contract = { cups: point.cups, contractCode: point.codAbonado };
      if (point.line === 'Electricidad') {
        // A year, a month and a week of load curve for each supply: more ranges than the measurement cache holds.
        for (const range of [
          YEAR,
          { startDate: '01-06-2025', endDate: '30-06-2025' },
          { startDate: '01-09-2025', endDate: '07-09-2025' },
        ]) {
          calls.push([
            `${base}/ov/cups/api/curvas?${new URLSearchParams({ ...contract, ...range, output: 'json' })}`,
            headers,
          ]);
        }
        calls.push([
          `${base}/ov/cups/api/telemetry?${new URLSearchParams({ line: point.line, freq: '1', cups: point.cups, contractCode: point.codAbonado, startDate: '01-09-2025', endDate: '07-09-2025', output: 'json' })}`,
          headers,
        ]);
      }
    }
  }
  // Now and then a download: the year's load curve and the invoices as spreadsheets.
  const [first] = calls.filter(([url]) => url.includes('/curvas?'));
  calls.push([first[0].replace('output=json', 'output=xlsx'), first[1]]);
  calls.push(['/api/cliente/ov/invoices/api/Electricidad', first[1]]);
  const { access_token: admin } = await logInThroughApi(
    origin,
    'fincas',
    'admin@fincas.example',
    'Fincas2024!',
  );
  const adminHeaders = { authorization: `Bearer ${admin}`, 'accept-encoding': 'gzip, deflate, br' };
  for (let page = 1; page <= 5; page += 1) {
    calls.push([`/api/fincas/ov/invoices/api/filterfullbilling?page=${page}`, adminHeaders]);
  }
  return calls;
}

/** Runs the calls round-robin from `connections` loops for `seconds`; returns latencies and failures. */
async function mixedLoad(origin, calls, { seconds, connections }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let failures = 0;
  /** Failed calls by status: a heavy call's turn refused (429) is not the same failure as an error. */
  const failedBy = {};
  let next = 0;
  const until = performance.now() + seconds * 1000;
  const get = ([url, headers]) =>
    new Promise((resolve, reject) => {
      http
        .get(`${origin}${url}`, { agent, headers }, (response) => {
          if (response.statusCode >= 400) {
            failures += 1;
            failedBy[response.statusCode] = (failedBy[response.statusCode] ?? 0) + 1;
          }
          response.on('data', () => {});
          response.on('end', resolve);
          response.on('error', reject);
        })
        .on('error', reject);
    });
  async function worker() {
    while (performance.now() < until) {
      const call = calls[next++ % calls.length];
      const started = performance.now();
      await get(call);
      latencies.push(performance.now() - started);
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  return { latencies, failures, failedBy };
}

export async function run() {
  const probeFile = path.join(os.tmpdir(), `ov-memory-${PORT}.json`);
  const server = await startServer({
    port: PORT,
    env: memoryProbeEnv(probeFile),
  });
  const memory = memoryOf(PORT, probeFile);
  try {
    printMemory('tras arrancar', await memory());

    let homeCalls = [];
    const browser = await launchChromium();
    try {
      const context = await browser.newContext();
      printBytes('/login', await wireBytes(await pageRequests(context, `${server.origin}/login`)));
      await signInThroughForm(context, server.origin);
      const home = await pageRequests(context, `${server.origin}/`);
      printBytes('inicio con sesión', await wireBytes(home));
      homeCalls = home.filter((request) => request.type === 'fetch' || request.type === 'xhr');
    } finally {
      await browser.close();
    }
    const { access_token: token } = await logInThroughApi(server.origin, 'cliente', 'demo', 'Demo2024!');
    const authorization = `Bearer ${token}`;
    const points = (
      await (
        await fetch(`${server.origin}/api/cliente/ov/cups/api/cupsMe`, { headers: { authorization } })
      ).json()
    ).cupsAsociados.select;
    const point = points.find((p) => p.line === 'Electricidad' && !p.fechaBaja);
    const curve = `${server.origin}/api/cliente/ov/cups/api/curvas?${new URLSearchParams({
      cups: point.cups,
      contractCode: point.codAbonado,
      ...YEAR,
      output: 'json',
    })}`;
    printBytes(
      'curva de carga de un año (JSON)',
      await wireBytes([{ url: curve, type: 'json', headers: { authorization } }]),
    );
    await compressionCost(curve, authorization);

    printMemory('antes de la carga', await memory());
    const calls = await mixedCalls(server.origin, homeCalls);
    // Two rounds: a leak would climb again in the second; memory kept for reuse would not.
    for (const round of [1, 2]) {
      let peak = { rssMb: 0 };
      const sampler = setInterval(() => {
        void memory().then((reading) => {
          if (reading.rssMb > peak.rssMb) peak = reading;
        });
      }, 2000);
      // The server's CPU time per call: unlike latencies, other work on a shared machine does not inflate it, so
      // runs with different memory settings compare by it.
      const cpuBefore = processCpuMs(serverPid(PORT));
      const { latencies, failures, failedBy } = await mixedLoad(server.origin, calls, {
        seconds: LOAD_SECONDS,
        connections: CONNECTIONS,
      });
      const cpuPerCall = (processCpuMs(serverPid(PORT)) - cpuBefore) / latencies.length;
      clearInterval(sampler);
      console.log(
        `carga mixta ${round}: ${latencies.length} llamadas en ${LOAD_SECONDS} s con ${CONNECTIONS} conexiones ` +
          `(${calls.length} llamadas distintas, ${failures} fallidas ${JSON.stringify(failedBy)}), p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
          `p99 ${percentile(latencies, 99).toFixed(1)} ms, CPU del servidor ${cpuPerCall.toFixed(2)} ms por llamada`,
      );
      await new Promise((resolve) => setTimeout(resolve, 2500));
      printMemory(`pico durante la carga ${round}`, peak);
      printMemory(`al terminar la carga ${round}`, await memory());
      await new Promise((resolve) => setTimeout(resolve, 30_000));
      printMemory(`30 s después de la carga ${round}`, await memory());
    }
    // V8 gives pages back to the system after sweeping: a second reading a moment after the GC shows it.
    await memory('gc');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    printMemory('30 s después, tras un GC completo', await memory('gc'));
    await memory('clear recentMeasurements');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    printMemory('tras vaciar además la caché de mediciones', await memory('gc'));
  } finally {
    await server.stop();
    rmSync(probeFile, { force: true });
  }
}
