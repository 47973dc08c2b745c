import { tooManyRequests } from './errors';

/**
 * Work done in turns per key (an account): at most `atOnce` run at a time, the others wait first come, first
 * served, and one more than `maxWaiting` waiting is refused with a 429. Used for the invoice searches
 * (routes/invoices.ts): the event loop and the database serve work in the order it comes, so an account with
 * many searches in flight (a script, or several tabs over a million invoices) took the server from everyone
 * else; in turns it competes with itself (server/docs/invoice-search.md, "Searches in turns").
 */
export class Turns {
  readonly #running = new Map<number, number>();
  readonly #waiting = new Map<number, Array<() => void>>();

  constructor(
    private readonly atOnce: number,
    private readonly maxWaiting: number,
    /** Sent as Retry-After with the 429 of one too many waiting. */
    private readonly retryAfterSeconds = 1,
    /** The 429's message; the generic one when not given. */
    private readonly refusal?: string,
  ) {}

  /**
   * Runs `work` in a turn of `key`. When `signal` aborts while waiting (the client has gone away) the place in
   * line is given up, the work never runs, and the promise rejects with the signal's reason.
   */
  async run<T>(key: number, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    await this.#enter(key, signal);
    try {
      return await work();
    } finally {
      this.#leave(key);
    }
  }

  /**
   * Waits for a turn of `key` and answers how to give it back (once; later calls do nothing), for work that
   * ends outside one function (a streamed answer). When `signal` aborts while waiting (the client has gone
   * away) the place in line is given up and the promise rejects with the signal's reason.
   */
  async enter(key: number, signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    const waited = this.#enter(key, signal);
    if (waited) await waited;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.#leave(key);
    };
  }

  /** How many pieces of work of `key` run and wait now. */
  load(key: number): { running: number; waiting: number } {
    return { running: this.#running.get(key) ?? 0, waiting: this.#waiting.get(key)?.length ?? 0 };
  }

  #enter(key: number, signal?: AbortSignal): Promise<void> | undefined {
    const running = this.#running.get(key) ?? 0;
    if (running < this.atOnce) {
      this.#running.set(key, running + 1);
      return undefined;
    }
    const waiting = this.#waiting.get(key) ?? [];
    if (waiting.length >= this.maxWaiting) throw tooManyRequests(this.retryAfterSeconds, this.refusal);
    this.#waiting.set(key, waiting);
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = waiting.indexOf(take);
        if (at >= 0) waiting.splice(at, 1);
        if (waiting.length === 0 && this.#waiting.get(key) === waiting) this.#waiting.delete(key);
        // The abort's own reason (an AbortError unless the caller gave an Error of its own).
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      const take = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(take);
    });
  }

  #leave(key: number) {
    const waiting = this.#waiting.get(key);
    const next = waiting?.shift();
    if (waiting?.length === 0) this.#waiting.delete(key);
    // The turn passes to the next in line, so as many run as before; after a turn of the event loop, so
    // that other accounts' requests that came meanwhile go first (on SQLite a whole search can run without
    // yielding, and the next one would follow it at once).
    if (next) return void setImmediate(next);
    const running = (this.#running.get(key) ?? 1) - 1;
    if (running > 0) this.#running.set(key, running);
    else this.#running.delete(key);
  }
}
