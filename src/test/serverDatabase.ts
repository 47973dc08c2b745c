// The real test server's database, for page tests that must stand in for time passing (a new invoice, a request
// answered) by writing what the jobs would write. Test code only: the SPA itself never reaches server code.
import { createDatabase } from '../../server/src/db/database';
import { TEST_DATA_DIR_ENV } from './serverHandle';

export { addDays } from '../../server/src/measurements/dates';
export { madridToday } from '../../server/src/measurements/madridTime';

/** A connection of its own to the database the test server uses; destroy it after the file's tests. */
export function openServerDatabase() {
  return createDatabase({ dataDir: process.env[TEST_DATA_DIR_ENV]!, sqliteReadWorkers: 0 });
}
