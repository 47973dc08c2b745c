import { rm } from 'node:fs/promises';
import type { TestServerHandle } from './serverHandle';

export default async function globalTeardown(): Promise<void> {
  const handle = (globalThis as { __OV_TEST_SERVER__?: TestServerHandle }).__OV_TEST_SERVER__;
  if (!handle) return;
  await handle.app.close();
  await handle.db.destroy();
  await rm(handle.dataDir, { recursive: true, force: true });
}
