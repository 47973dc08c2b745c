import path from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { createDatabase } from '../../server/src/db/database';
import { createSeededDataDir } from '../../server/test/seededTemplate';
import { TEST_API_ORIGIN_ENV, TEST_DATA_DIR_ENV, type TestServerHandle } from './serverHandle';

/** Starts the real reference API on a throw-away database for the whole web test run. */
export default async function globalSetup(): Promise<void> {
  const { dataDir } = await createSeededDataDir();
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-dist'),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    // Many tests sign in as the same demo user, some with wrong passwords, from one address within minutes.
    LOGIN_RATE_LIMIT: '100000',
    LOGIN_IP_LIMIT: '100000',
    LOGIN_ACCOUNT_LIMIT: '100000',
  });
  const db = createDatabase(config);
  const app = await buildApp(config, db);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  // The workers' fetch keeps idle connections open for reuse. A server that closes an idle one itself races
  // with its reuse ("fetch failed: other side closed"), likelier the busier the machine; so only the client
  // closes them (0: no idle limit here), and app.close() ends whatever is left.
  app.server.keepAliveTimeout = 0;
  process.env[TEST_API_ORIGIN_ENV] = origin;
  // Tests that need what only time brings (an invoice issued tomorrow) write it into the server's database.
  process.env[TEST_DATA_DIR_ENV] = dataDir;
  const handle: TestServerHandle = { app, db, dataDir };
  (globalThis as { __OV_TEST_SERVER__?: TestServerHandle }).__OV_TEST_SERVER__ = handle;
}
