import type { FastifyPluginAsync } from 'fastify';

import { serverNow } from '../clock';
import type { ServerConfig } from '../config';
import { ApiError } from '../http/errors';
import { advanceClock, landingOf, MAX_CLOCK_DAYS } from '../jobs/advance';
import type { JobRunner } from '../jobs/runner';
import type { MailQueue } from '../mail/queue';
import { parseDashDate, toDashDate } from '../measurements/dates';
import { devOnly } from './devOutbox';

const DAY_MS = 86_400_000;

/** The Spanish answers of /dev/clock to a body it cannot use. */
export const CLOCK_MESSAGES = {
  BAD_BODY: `Indique {"advanceDays": N} (de 1 a ${MAX_CLOCK_DAYS}) o {"to": "AAAA-MM-DD"}, no ambos.`,
  BAD_DAYS: `advanceDays debe ser un número entero de días entre 1 y ${MAX_CLOCK_DAYS}.`,
  BAD_DATE: 'to debe ser una fecha válida con el formato AAAA-MM-DD.',
  DATE_OUT_OF_RANGE: `to debe estar entre hoy y ${MAX_CLOCK_DAYS} días después.`,
} as const;

const badRequest = (message: string) => new ApiError(400, 400, message);

/** Where a body asks the clock to go: an instant ahead of now, or null for today's date (no move). */
function targetOf(body: unknown): Date | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badRequest(CLOCK_MESSAGES.BAD_BODY);
  const keys = Object.keys(body);
  const { advanceDays, to } = body as Record<string, unknown>;
  if (keys.length !== 1 || !['advanceDays', 'to'].includes(keys[0]))
    throw badRequest(CLOCK_MESSAGES.BAD_BODY);
  if (keys[0] === 'advanceDays') {
    if (
      typeof advanceDays !== 'number' ||
      !Number.isInteger(advanceDays) ||
      advanceDays < 1 ||
      advanceDays > MAX_CLOCK_DAYS
    )
      throw badRequest(CLOCK_MESSAGES.BAD_DAYS);
    return new Date(serverNow().getTime() + advanceDays * DAY_MS);
  }
  const day = typeof to === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(to) ? parseDashDate(toDashDate(to)) : null;
  if (!day) throw badRequest(CLOCK_MESSAGES.BAD_DATE);
  const landing = landingOf(day);
  if (landing === 'out-of-range') throw badRequest(CLOCK_MESSAGES.DATE_OUT_OF_RANGE);
  return landing;
}

/**
 * The demo and test clock (issue 26): GET answers the server clock; POST moves it forward and answers once
 * every job that fell due on the way has run, in order, and the mail it queued has left for the outbox.
 * Guarded as the outbox is (devOnly): not in production, not with SMTP_URL, loopback only.
 */
export const devClockRoutes: FastifyPluginAsync<{
  config: ServerConfig;
  runner: JobRunner;
  mailQueue: MailQueue;
}> = async (app, { config, runner, mailQueue }) => {
  app.addHook('onRequest', devOnly(config));
  app.get('/dev/clock', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ now: serverNow().toISOString() }),
  );
  app.post('/dev/clock', async (request, reply) => {
    const ran = await advanceClock(runner, mailQueue, targetOf(request.body));
    return reply.header('cache-control', 'no-store').send({ now: serverNow().toISOString(), ran });
  });
};
