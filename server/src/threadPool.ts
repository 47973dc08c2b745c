import { type TransferListItem, Worker } from 'node:worker_threads';

/**
 * Worker threads of one script, started on demand up to `size`; each piece of work goes to an idle one, else the
 * least busy. Serves the SQLite readers (db/sqliteReadPool.ts) and the document threads
 * (documents/documentThreads.ts): work that would hold the event loop runs there, and the loop keeps answering.
 * The script answers each message `{ id, …work }` with `{ id, output }` or `{ id, error }`, and lowers its own
 * priority with threadPriority.cjs.
 */
export interface ThreadPoolOptions {
  /** The worker script (plain JavaScript, so that tsx, jest and node all run it). */
  file: string;
  size: number;
  workerData: unknown;
  /** Keep one idle thread started while below `size`, so a burst never waits for a thread to start. */
  keepSpare?: boolean;
  /** The error a failed piece of work throws, from what crossed the thread boundary. */
  errorOf?: (error: ThreadError) => Error;
  /**
   * How many threads stay started when idle: one beyond them idle for `idleStopMs` stops, and gives back its heap
   * and its memory outside it (30–45 MB for a document thread); the next burst starts it again.
   */
  keepIdle?: number;
  idleStopMs?: number;
}

/** How long a thread beyond `keepIdle` may stay idle before it stops. */
export const IDLE_STOP_MS = 30_000;

/** An error as it crosses from a thread: its class and code do not survive a structured clone. */
export interface ThreadError {
  name: string;
  message: string;
  code?: string;
  stack?: string;
}

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve: (output: unknown) => void; reject: (error: Error) => void }>;
  /** Set while the thread is idle and beyond `keepIdle`: it stops when it fires. */
  idleTimer?: NodeJS.Timeout;
}

interface Answer {
  id: number;
  output?: unknown;
  error?: ThreadError;
}

/**
 * Each thread's young generation (MB). V8 gives a thread the process's default, which grew to 30–35 MB of a
 * document thread's 65 MB heap under load, and about as much again in pages it keeps; at 8 MB a year of hours
 * written as XLSX and JSON took the same CPU and the process 64 MB less (server/docs/wire-and-memory.md).
 */
export const THREAD_YOUNG_GENERATION_MB = 8;

const plainError = ({ name, message, stack }: ThreadError) => {
  const error = new Error(message);
  error.name = name;
  if (stack) error.stack = stack;
  return error;
};

export class ThreadPool {
  readonly #threads: Thread[] = [];
  #nextId = 0;

  constructor(private readonly options: ThreadPoolOptions) {}

  /** How many threads are started. */
  get started(): number {
    return this.#threads.length;
  }

  run(work: object, transfer: TransferListItem[] = []): Promise<unknown> {
    const thread = this.#leastBusy();
    // A worker takes a few hundred milliseconds to start: one is kept idle and ready, while below the cap,
    // for the next piece of work that finds the others busy.
    if (
      this.options.keepSpare &&
      this.#threads.length < this.options.size &&
      !this.#threads.some((t) => t !== thread && t.pending.size === 0)
    ) {
      this.#start();
    }
    const id = this.#nextId++;
    clearTimeout(thread.idleTimer);
    thread.idleTimer = undefined;
    return new Promise((resolve, reject) => {
      // A thread with work keeps the process alive until it answers; an idle one never does.
      if (thread.pending.size === 0) thread.worker.ref();
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ ...work, id }, transfer);
    });
  }

  /** Stops every thread; the next piece of work starts new ones. */
  async destroy() {
    await Promise.all(this.#threads.splice(0).map(({ worker }) => worker.terminate()));
  }

  #leastBusy(): Thread {
    const idlest = this.#threads.reduce<Thread | undefined>(
      (best, thread) => (best && best.pending.size <= thread.pending.size ? best : thread),
      undefined,
    );
    if (idlest && (idlest.pending.size === 0 || this.#threads.length >= this.options.size)) return idlest;
    return this.#start();
  }

  #start(): Thread {
    const worker = new Worker(this.options.file, {
      workerData: this.options.workerData,
      resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB },
    });
    const thread: Thread = { worker, pending: new Map() };
    // Unreferenced again once running: on Node 20 a worker unreferenced while starting holds its port open.
    worker.unref();
    worker.once('online', () => thread.pending.size === 0 && worker.unref());
    this.#threads.push(thread);
    const errorOf = this.options.errorOf ?? plainError;
    worker.on('message', ({ id, output, error }: Answer) => {
      const waiting = thread.pending.get(id);
      thread.pending.delete(id);
      if (thread.pending.size === 0) {
        worker.unref();
        this.#stopWhenIdle();
      }
      if (error) waiting?.reject(errorOf(error));
      else waiting?.resolve(output);
    });
    // A thread that fails or stops takes its waiting work with it; the next piece of work starts another.
    const fail = (error: Error) => {
      const index = this.#threads.indexOf(thread);
      if (index >= 0) this.#threads.splice(index, 1);
      for (const { reject } of thread.pending.values()) reject(error);
      thread.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`El hilo de trabajo terminó (código ${code})`)));
    return thread;
  }

  /**
   * Idle threads beyond the first `keepIdle` (the earliest started stay: their statements and code are warm) stop
   * after `idleStopMs`, unless work came or others became busy meanwhile.
   */
  #stopWhenIdle() {
    const { keepIdle, idleStopMs = IDLE_STOP_MS } = this.options;
    if (keepIdle === undefined) return;
    const idle = () => this.#threads.filter((thread) => thread.pending.size === 0);
    for (const thread of idle().slice(keepIdle)) {
      thread.idleTimer ??= setTimeout(() => {
        thread.idleTimer = undefined;
        const index = this.#threads.indexOf(thread);
        if (thread.pending.size > 0 || index < 0 || idle().length <= keepIdle) return;
        this.#threads.splice(index, 1);
        void thread.worker.terminate();
      }, idleStopMs).unref();
    }
  }
}
