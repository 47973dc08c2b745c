import { REAL_SERVER_WAIT_MS } from '../../src/test/realServerWait';

/**
 * Until `check` holds, within the shared generous wait of the tests (src/test/realServerWait.ts): a busy machine
 * makes it take longer, never red.
 */
export async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + REAL_SERVER_WAIT_MS;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}
