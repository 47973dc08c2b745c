import type { LightMyRequestResponse } from 'fastify';

/** The headers that say how an answer crossed the wire, gathered for one toEqual. */
export function wireHeaders(response: LightMyRequestResponse) {
  return {
    status: response.statusCode,
    encoding: response.headers['content-encoding'],
    type: response.headers['content-type'],
    length: response.headers['content-length'],
    vary: response.headers.vary,
    cache: response.headers['cache-control'],
  };
}
