// One document thread (documentThreads.ts): builds a spreadsheet, CSV or JSON answer off the event loop. Plain
// JavaScript, so that it runs under tsx, jest and node alike: in server/build (scripts/serverBuild.mjs) the tasks
// are compiled beside it; in server/src it loads the TypeScript through tsx's require hook.
'use strict';

const { existsSync } = require('node:fs');
const path = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');

require('../threadPriority.cjs')(workerData.niceness);
const compiled = path.join(__dirname, 'documentTasks.js');
if (!existsSync(compiled)) require('tsx/cjs/api').register();
const { documentTasks } = require(existsSync(compiled) ? compiled : './documentTasks.ts');

// The bytes go back without a copy when they fill their own memory; a Buffer cut from Node's shared pool
// (small ones) is copied instead, as moving the pool would break every other Buffer in it.
const ownMemory = (bytes) => bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;

parentPort.on('message', async ({ id, task, input }) => {
  try {
    const output = await documentTasks[task](input);
    parentPort.postMessage({ id, output }, ownMemory(output) ? [output.buffer] : []);
  } catch (error) {
    parentPort.postMessage({ id, error: { name: error.name, message: error.message, stack: error.stack } });
  }
});
