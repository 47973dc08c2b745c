// The jobs thread (jobThread.ts): runs the day jobs (readings, billing, notices) off the event loop, at a lower
// priority than it. Plain JavaScript, so that it runs under tsx, jest and node alike: in server/build
// (scripts/serverBuild.mjs) the tasks are compiled beside it; in server/src it loads the TypeScript through tsx.
'use strict';

const { existsSync } = require('node:fs');
const path = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');

require('../threadPriority.cjs')(workerData.niceness);
const compiled = path.join(__dirname, 'jobThreadTasks.js');
if (!existsSync(compiled)) require('tsx/cjs/api').register();
const { jobTasks } = require(existsSync(compiled) ? compiled : './jobThreadTasks.ts');

parentPort.on('message', async ({ id, task, input }) => {
  try {
    parentPort.postMessage({ id, output: await jobTasks[task](input) });
  } catch (error) {
    const { name, message, stack, code } = error;
    parentPort.postMessage({ id, error: { name, message, stack, ...(code !== undefined ? { code } : {}) } });
  }
});
