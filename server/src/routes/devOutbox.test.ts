import os from 'node:os';

import type { InjectOptions } from 'fastify';

import { createTestApp, type TestApp } from '../../test/testApp';
import { buildApp } from '../app';
import { loadConfig, type ServerConfig } from '../config';
import { isLoopback } from './devOutbox';

const PAGES = ['/dev/outbox', '/dev/outbox.json', '/dev/outbox.css'];
const NOT_FOUND = { code: 404, message: 'Recurso no encontrado' };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
});

afterAll(async () => {
  await t.close();
});

/**
 * The status of each outbox page for one client, asked as a browser would (HTML accepted), from a server with
 * these settings on the test database.
 */
async function statuses(overrides: Partial<ServerConfig>, request: Partial<InjectOptions> = {}) {
  const app = await buildApp({ ...t.config, ...overrides }, t.db);
  try {
    const answers = [];
    for (const url of PAGES) {
      const response = await app.inject({
        url,
        ...request,
        headers: { accept: 'text/html,*/*', ...request.headers },
      });
      answers.push(response.statusCode === 404 ? response.json() : response.statusCode);
    }
    return answers;
  } finally {
    await app.close();
  }
}

const trusting = (value: string) => ({
  trustProxy: loadConfig({ TRUST_PROXY: value, JWT_SECRET: 'x'.repeat(32), DATA_DIR: os.tmpdir() })
    .trustProxy,
});

describe('the demo outbox', () => {
  it('answers a client on the loopback address, IPv4 or IPv6', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(await statuses({}, { remoteAddress })).toEqual([200, 200, 200]);
    }
  });

  it('is a 404 (not the SPA page) for any other client', async () => {
    for (const remoteAddress of ['203.0.113.5', '192.168.1.20', '::ffff:10.0.0.1', 'fe80::1']) {
      expect(await statuses({}, { remoteAddress })).toEqual([NOT_FOUND, NOT_FOUND, NOT_FOUND]);
    }
  });

  it('behind any proxy, is a 404: only a request that reached the server directly from loopback opens it', async () => {
    const viaProxy = (forwardedFor: string) => ({
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });
    for (const trust of [{}, trusting('true'), trusting('1'), trusting('127.0.0.1')]) {
      for (const forwardedFor of ['203.0.113.5', '127.0.0.1, 203.0.113.5', '127.0.0.1', '::1']) {
        expect(await statuses(trust, viaProxy(forwardedFor))).toEqual([NOT_FOUND, NOT_FOUND, NOT_FOUND]);
      }
    }
  });

  it('is a 404 from loopback with any forwarding header, whatever TRUST_PROXY says', async () => {
    const headers = [
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
      { 'X-Real-IP': '' },
    ];
    for (const trust of [{}, trusting('true'), trusting('1')]) {
      for (const header of headers) {
        expect(await statuses(trust, { remoteAddress: '127.0.0.1', headers: header })).toEqual([
          NOT_FOUND,
          NOT_FOUND,
          NOT_FOUND,
        ]);
      }
    }
  });

  it('a forwarded loopback address does not open it to a client elsewhere', async () => {
    expect(
      await statuses(trusting('true'), {
        remoteAddress: '203.0.113.5',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      }),
    ).toEqual([NOT_FOUND, NOT_FOUND, NOT_FOUND]);
  });

  it('is a 404 even on the loopback address when mail goes to SMTP, or in production', async () => {
    const everywhere = { remoteAddress: '127.0.0.1' };
    expect(await statuses({ smtpUrl: 'smtp://localhost:2525' }, everywhere)).toEqual([
      NOT_FOUND,
      NOT_FOUND,
      NOT_FOUND,
    ]);
    expect(await statuses({ nodeEnv: 'production' }, everywhere)).toEqual([NOT_FOUND, NOT_FOUND, NOT_FOUND]);
  });

  it('knows the loopback addresses', () => {
    expect(['127.0.0.1', '127.10.0.3', '::1', '::FFFF:127.0.0.1'].map(isLoopback)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['128.0.0.1', '::2', '1127.0.0.1', '127.0.0.1.example', '::ffff:10.0.0.1', ''].map(isLoopback),
    ).toEqual(Array(6).fill(false));
  });
});
