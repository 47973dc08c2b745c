import type { Migration } from 'kysely';

import * as core from './0001_core';

// Migrations live in code (not a folder scanned at run time) so tsx, jest and any bundler see the same set.
// Add a new file and one line here; names sort in the order they run.
export const migrations: Record<string, Migration> = {
  '0001_core': core,
};
