import type { FastifyInstance } from 'fastify';

export type Encoding = 'br' | 'gzip';

// Equal weights go to brotli: 13% smaller than gzip on our bundles (server/docs/wire-and-memory.md).
const PREFERENCE: readonly Encoding[] = ['br', 'gzip'];

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

/**
 * Negotiates the encoding once per request: the request's Accept-Encoding is rewritten to the choice ("br",
 * "gzip" or "identity"), so @fastify/static's pre-compressed files (http/static.ts) follow this reading of the
 * header rather than its own. JSON answers are not compressed per request: see server/docs/wire-and-memory.md.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    request.headers['accept-encoding'] = chooseEncoding(request.headers['accept-encoding']) ?? 'identity';
    done();
  });
}
