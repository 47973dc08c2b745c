import type { FastifyReply, FastifyRequest } from 'fastify';

import { signedInAccount } from '../auth/requireAuth';
import { type ServerConfig, shareOf } from '../config';
import type { Db } from '../db/database';
import { readsOn } from '../db/readPlaces';
import { ApiError } from '../http/errors';
import { Turns } from '../http/turns';

/**
 * Heavy calls (the explorer, curve and telemetry answers and exports, certificates, invoice spreadsheets and
 * PDF/ZIP bundles) take turns per account, as invoice searches do (http/turns.ts): one runs at a time, a few
 * wait, one more is a 429 with Retry-After. One customer looping on a year of hours or ten bundles at once
 * took the others' /me from 7 ms to 0.9–4.4 s; in turns it competes with itself.
 */
const HEAVY_AT_ONCE = 1;
/** Waiting heavy calls per account, shared by the processes (config.processes). */
const HEAVY_WAITING_PER_ACCOUNT = 4;
/** Seconds a refused heavy call is told to wait: about what one takes. */
export const HEAVY_RETRY_AFTER_SECONDS = 5;

/**
 * The database as heavy calls read it: heavy by what they are (a year of hours, every invoice of an export), so
 * on SQLite their reads run on the reader threads, off the event loop (db/readPlaces.ts).
 */
export const heavyReads = (db: Db): Db => readsOn(db, 'reader');

/** Answered to nobody: the client of a call waiting for its turn went away, and the call never ran. */
const clientGone = () => new ApiError(499, 499, 'Petición cancelada por el cliente');

const turnsByDb = new WeakMap<Db, Turns>();
const goneSignals = new WeakMap<FastifyRequest, AbortSignal>();

/** Aborted once the client of a heavy call has gone away before its answer: work may stop there. */
export const clientGoneSignal = (request: FastifyRequest) => goneSignals.get(request);

/**
 * A signal that aborts once the client of `request` goes away before its answer is sent (its connection
 * closes): a call waiting for its turn gives up its place, and work may stop there. One per request.
 */
export function watchClient(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  let signal = goneSignals.get(request);
  if (!signal) {
    const gone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort(clientGone());
    });
    goneSignals.set(request, (signal = gone.signal));
  }
  return signal;
}

export function heavyTurnsOf(db: Db, config: Pick<ServerConfig, 'processes'>): Turns {
  let turns = turnsByDb.get(db);
  if (!turns) {
    turns = new Turns(
      HEAVY_AT_ONCE,
      shareOf(HEAVY_WAITING_PER_ACCOUNT, config.processes),
      HEAVY_RETRY_AFTER_SECONDS,
    );
    turnsByDb.set(db, turns);
  }
  return turns;
}

/**
 * Route options of a heavy call: before its handler it waits for the account's turn, which it holds until its
 * answer is sent or its connection closes (a streamed bundle ends after the handler). A client that goes away
 * while waiting gives up its place, and its call never runs; once running, the work may stop at
 * clientGoneSignal (the hours of a contract are computed in slices that check it).
 */
export function heavyCall(db: Db, config: Pick<ServerConfig, 'processes'>) {
  const turns = heavyTurnsOf(db, config);
  const releases = new WeakMap<FastifyRequest, () => void>();
  return {
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const release = await turns.enter(signedInAccount(request).id, watchClient(request, reply));
      releases.set(request, release);
      reply.raw.once('close', release);
    },
    onResponse: async (request: FastifyRequest) => releases.get(request)?.(),
  };
}
