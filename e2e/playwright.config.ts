import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { REAL_SERVER_WAIT_MS, TEST_TIMEOUT_MS } from '../src/test/realServerWait';

// The e2e run drives Debian's Chromium (Playwright's own download is unreachable here) against
// `npm start` on a throw-away data directory, so every run starts from the demo seed.
const port = Number(process.env.E2E_PORT || 8181);
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), 'ov-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The same generous waits as the jest suites: a busy machine makes a journey slower, never red.
  timeout: TEST_TIMEOUT_MS,
  expect: { timeout: REAL_SERVER_WAIT_MS },
  reporter: [['list'], ['json', { outputFile: './artifacts/report.json' }]],
  use: {
    baseURL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    acceptDownloads: true,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: '..',
    url: `${baseURL}/api/cliente/ov/user/api/checkConnection`,
    timeout: 240_000,
    reuseExistingServer: false,
    // Every journey signs in from 127.0.0.1, often as `demo`, faster than the 10 sign-ins a minute one
    // address may make for one name; the limits themselves are tested in server/src/auth/signInLimits.test.ts.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      ACCESS_TOKEN_TTL: '3600',
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_IP_LIMIT: '1000',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
