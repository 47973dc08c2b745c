// One reader of the SQLite pool (db/sqliteReadPool.ts): its own read-only connection to the WAL database, so
// a slow SELECT runs here instead of stalling the server's event loop. Plain JavaScript, so that it runs under
// tsx, jest and node alike without a TypeScript loader.
'use strict';

const { parentPort, workerData } = require('node:worker_threads');
const Database = require('better-sqlite3');
const { LRUCache } = require('lru-cache');

const { file, busyTimeoutMs, statementCacheSize, niceness } = workerData;

// Below the event loop's priority (READER_NICENESS in sqliteReadPool.ts).
require('../threadPriority.cjs')(niceness);
const sqlite = new Database(file, { readonly: true, fileMustExist: true });
sqlite.pragma(`busy_timeout = ${Number(busyTimeoutMs)}`);

// Prepared statements by their SQL text, per connection, as on the main connection (db/database.ts). Only
// `all` runs here, which finishes each statement before the next message, so none is ever busy.
const statements = new LRUCache({ max: statementCacheSize });
function prepare(source) {
  let statement = statements.get(source);
  if (!statement) statements.set(source, (statement = sqlite.prepare(source)));
  return statement;
}

// Messages cross as structured clones: a Buffer arrives as a plain Uint8Array, which better-sqlite3 does not
// bind as a blob.
const bindable = (value) =>
  value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value;

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    const statement = prepare(sql);
    if (!statement.reader) throw new Error(`Consulta de escritura enviada a un lector: ${sql}`);
    parentPort.postMessage({ id, output: statement.all(parameters.map(bindable)) });
  } catch (error) {
    // The code (SQLITE_…) does not survive a structured clone of the error: it travels on its own.
    parentPort.postMessage({
      id,
      error: { name: error.name, message: error.message, code: error.code, stack: error.stack },
    });
  }
});
