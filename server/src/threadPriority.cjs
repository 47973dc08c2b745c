// Lowers the calling thread's priority (threadPool.ts): work on a thread is background work next to the event
// loop, which answers every other request; at a lower priority the scheduler runs the event loop first when
// both want a core. Linux sets niceness per thread (this thread's id is the last part of /proc/thread-self);
// elsewhere the thread keeps the process's priority.
'use strict';

module.exports = function lowerThreadPriority(niceness) {
  try {
    const thread = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
    require('node:os').setPriority(thread, niceness);
  } catch {
    // Not Linux, or no /proc: nothing to lower.
  }
};
