// Loaded into every worker thread of a probed server (memoryProbe.mjs starts them with --require): answers the
// probe's question on a BroadcastChannel with this thread's V8 heap, after a full GC of it when asked.
'use strict';

const { BroadcastChannel, isMainThread, threadId } = require('node:worker_threads');
const path = require('node:path');

if (!isMainThread) {
  const channel = new BroadcastChannel('memory-probe');
  // A listening channel would keep an idle thread (and so the process) alive.
  channel.unref();
  channel.onmessage = ({ data }) => {
    // The other threads' answers arrive here too: only the probe's question is answered.
    if (!data.question) return;
    // The thread's script (sqliteReadWorker.cjs, documentWorker.cjs), set once it runs: not yet while this loads.
    const kind = path.basename(process.argv[1] ?? 'hilo');
    if (data.gc) globalThis.gc?.();
    const { used_heap_size: heapUsed, total_heap_size: heapTotal } = require('node:v8').getHeapStatistics();
    channel.postMessage({ threadId, kind, heapUsed, heapTotal });
  };
}
