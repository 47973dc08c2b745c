import type { FastifyReply } from 'fastify';

import { offLoop } from './documentThreads';

/**
 * Sends a heavy call's JSON answer serialised on a document thread (documentThreads.ts): a year of hours is
 * 70,000 numbers, whose serialisation held the event loop for 15–20 ms on the loaded two-core machine. The
 * route's response schema still documents and tests the answer; only the writing moves.
 */
export async function sendJsonOffLoop(reply: FastifyReply, answer: unknown) {
  return sendJsonText(reply, await offLoop('json', answer));
}

/** Sends JSON already written: the response schema documents it, Fastify does not serialise it again. */
export function sendJsonText(reply: FastifyReply, body: string | Buffer) {
  return reply.type('application/json; charset=utf-8').send(body);
}
