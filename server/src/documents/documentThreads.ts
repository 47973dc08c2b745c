import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { TransferListItem } from 'node:worker_threads';

import { ThreadPool } from '../threadPool';
import type { DocumentTask, DocumentTasks } from './documentTasks';

/**
 * Below the event loop's priority, as the SQLite readers: on two cores a document being built must not take the
 * CPU from another customer's cheap call (bench 15).
 */
const DOCUMENT_NICENESS = 10;

/**
 * Threads for one process: its share of the machine's cores, as `processes` processes share them (PROCESSES,
 * config.ts; `npm run start:cluster` runs one per core, so each gets one), never fewer than one.
 */
export const documentThreadsFor = (processes: number) =>
  Math.max(1, Math.floor(availableParallelism() / Math.max(1, processes)));

let size = documentThreadsFor(1);
let pool: ThreadPool | undefined;

/** Sizes the threads for this process's share of the cores (app.ts, from the configuration). */
export function sizeDocumentThreads(processes: number) {
  size = documentThreadsFor(processes);
}

/** How many document threads this process runs: work split into that many pieces at once keeps them all busy. */
export const documentThreadCount = () => size;

function threads(): ThreadPool {
  pool ??= new ThreadPool({
    file: path.join(__dirname, 'documentWorker.cjs'),
    size,
    workerData: { niceness: DOCUMENT_NICENESS },
    // One stays ready when idle: a thread's start (ExcelJS, PDFKit; tsx too under tests) took 2.9 s on the busy
    // bench machine.
    keepIdle: 1,
  });
  return pool;
}

/**
 * Runs a document task (documentTasks.ts) on a document thread: its input crosses as a structured clone, its
 * bytes come back without a copy. Threads start on the first task; all but one stop when idle (and none holds
 * the process open: they are unreferenced).
 */
export async function offLoop<Task extends DocumentTask>(
  task: Task,
  input: Parameters<DocumentTasks[Task]>[0],
  /** What moves to the thread instead of being copied: a MessagePort the task streams through. */
  transfer: TransferListItem[] = [],
): Promise<Buffer> {
  const bytes = (await threads().run({ task, input }, transfer)) as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
