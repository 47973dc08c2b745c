/** Resolves on a later turn of the event loop, after the I/O waiting now: requests are let in meanwhile. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The longest a job holds the event loop between two breaths. */
export const JOB_SLICE_MS = 4;

/**
 * A long job's breath, by the clock rather than by a count of units: `await breath()` in the job's loops lets
 * waiting requests in once `sliceMs` of work has run since the last breath, whatever one unit costs (a
 * contract's readings, a bill, a notice) and at any scale. Beside the scale seed's billing run a customer's
 * list must keep its p99 within 20 ms (issue 26); counts of units per breath gave slices of 30–300 ms.
 */
export function breather(sliceMs = JOB_SLICE_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
