/** Resolves on a later turn of the event loop, after the I/O waiting now: requests are let in meanwhile. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The longest a job holds the event loop between two breaths. */
export const JOB_SLICE_MS = 4;

/** A call this recent means customers are calling: the jobs yield to them. */
export const CUSTOMERS_CALLING_MS = 50;

/**
 * When the latest API call arrived (Date.now()), in memory the jobs thread shares (jobs/jobThread.ts): it sees
 * the calls of its server's event loop without a message.
 */
let latestCall = new Float64Array(new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT));

/** Noted by app.ts as each API call arrives. */
export function noteCustomerCall(): void {
  latestCall[0] = Date.now();
}

/** The memory the jobs thread is given, to follow this event loop's calls. */
export const customerCallsMemory = () => latestCall.buffer;

/** On the jobs thread: the calls are the server's, read from `memory`. */
export function followCustomerCalls(memory: SharedArrayBuffer): void {
  latestCall = new Float64Array(memory);
}

const customersCalling = () => Date.now() - latestCall[0] < CUSTOMERS_CALLING_MS;

/**
 * A long job's breath, by the clock rather than by a count of units: `await breath()` in the job's loops lets
 * waiting requests in once `sliceMs` of work has run since the last breath, whatever one unit costs (a
 * contract's readings, a bill, a notice) and at any scale; counts of units per breath gave slices of 30–300 ms.
 * While customers are calling, the job also rests as long as it worked: on the jobs thread the event loop is
 * free anyway, but the database and the cores are shared, and at full pace the billing run of the scale seed
 * held a customer's list on PostgreSQL at a p99 of 26 ms, where the target is 20 (issue 26, bench 18).
 */
export function breather(sliceMs = JOB_SLICE_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    const worked = performance.now() - since;
    if (worked < sliceMs) return undefined;
    const pause = customersCalling()
      ? new Promise<void>((resolve) => setTimeout(resolve, worked))
      : nextTurn();
    return pause.then(() => {
      since = performance.now();
    });
  };
}
