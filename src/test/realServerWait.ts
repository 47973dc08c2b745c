/**
 * How long a test waits for an answer of the real reference server: Testing Library's default for every
 * findBy* and waitFor (set in setupTests.ts), one generous figure instead of each test guessing its own. A busy
 * machine makes a test slower, never red; a test that passes waits only as long as the answer takes.
 */
export const REAL_SERVER_WAIT_MS = 20_000;

/**
 * jest's limit for one test: room for several such waits in a row. Test files do not set their own (a
 * lower figure would undo this one).
 */
export const TEST_TIMEOUT_MS = 90_000;
