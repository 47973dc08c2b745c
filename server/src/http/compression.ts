import { promisify } from 'node:util';
import zlib from 'node:zlib';

import type { FastifyInstance, FastifyReply } from 'fastify';

export type Encoding = 'br' | 'gzip';

// Equal weights go to brotli: a third smaller than gzip on our JSON and bundles.
const PREFERENCE: readonly Encoding[] = ['br', 'gzip'];

/** Answers smaller than this go as they are: a compressed frame would save a few bytes and cost a hop to the pool. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Made per answer, so brotli at quality 5: on a year of hourly load curve (698 kB of JSON) it costs about 6 ms of
 * the thread pool, as gzip's default level does, for a fifth fewer bytes (40 kB against 49 kB); quality 4 is
 * faster but larger than gzip, and 11 costs hundreds of ms (bench/12-wire, server/docs/wire-and-memory.md). The
 * built assets are compressed once, at the highest levels.
 */
const BROTLI_QUALITY = 5;

/**
 * Only text made per request: JSON and the SPA's page. PDF, XLSX and ZIP are compressed already (and streamed),
 * images too; a second pass would cost CPU for nothing.
 */
const COMPRESSIBLE_TYPE = /^(?:application\/json|text\/html)\b/i;

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(zlib.brotliCompress)(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(zlib.gzip)(body),
};

/**
 * The encoding to send for an Accept-Encoding header, or undefined for none (identity), as RFC 9110 §12.5.3
 * reads it: a weight of 0 refuses an encoding, a named encoding's weight overrides `*`, and the higher weight
 * wins, brotli on a tie. Without the header, identity.
 */
export function chooseEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = quality === undefined ? 1 : Number(quality.slice(2));
    weights.set(name, Number.isFinite(weight) && weight > 0 ? Math.min(weight, 1) : 0);
  }
  const anyOther = weights.get('*') ?? 0;
  // Identity is always acceptable; only a client that names it with a higher weight prefers it to compression.
  const identity = weights.get('identity') ?? 0;
  let chosen: Encoding | undefined;
  let chosenWeight = 0;
  for (const encoding of PREFERENCE) {
    const weight = weights.get(encoding) ?? anyOther;
    if (weight > chosenWeight) [chosen, chosenWeight] = [encoding, weight];
  }
  return chosenWeight > 0 && chosenWeight >= identity ? chosen : undefined;
}

/** Adds Accept-Encoding to the answer's Vary, keeping what is there. */
export function varyOnEncoding(reply: Pick<FastifyReply, 'getHeader' | 'header'>): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (/\baccept-encoding\b/i.test(vary)) return;
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Negotiates the encoding once per request and compresses JSON and HTML answers above 1 kB with it. The
 * request's Accept-Encoding is rewritten to the choice ("br", "gzip" or "identity"), so @fastify/static's
 * pre-compressed files (http/static.ts) follow the same reading of the header as the answers made here.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    request.headers['accept-encoding'] = chooseEncoding(request.headers['accept-encoding']) ?? 'identity';
    done();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    varyOnEncoding(reply);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (!encoding || body.length < COMPRESS_THRESHOLD) return payload;
    const compressed = await compressors[encoding](body);
    reply.header('content-encoding', encoding).header('content-length', compressed.length);
    return compressed;
  });
}
