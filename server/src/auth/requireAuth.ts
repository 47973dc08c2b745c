import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';

import { findSessionAccount, type SessionAccount } from '../data/sessions';
import type { Db } from '../db/database';
import { ApiError } from '../http/errors';
import type { Realm } from './realm';
import { type AccessClaims, verifyAccessToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account; set by requireAuth on the signed-in routes, null on the others. */
    account: SessionAccount | null;
  }
}

export const SESSION_EXPIRED = 'Sesión caducada';

export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match ? match[1] : null;
}

/** The claims of a validly signed, unexpired session token of this realm in the bearer header, or null. */
export async function bearerClaims(
  request: FastifyRequest,
  realm: Realm,
  secret: Uint8Array,
): Promise<AccessClaims | null> {
  const token = bearerToken(request);
  return token ? verifyAccessToken(token, realm, secret) : null;
}

/** The account of a bearer token valid in this realm whose session is live, or null. */
export async function accountFromBearer(
  request: FastifyRequest,
  realm: Realm,
  db: Db,
  secret: Uint8Array,
): Promise<SessionAccount | null> {
  const claims = await bearerClaims(request, realm, secret);
  return claims ? findSessionAccount(db, claims) : null;
}

/** The onRequest hook of the signed-in routes: 401 without a live session, else request.account is set. */
export function createRequireAuth(realm: Realm, db: Db, secret: Uint8Array): onRequestAsyncHookHandler {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
    const account = await accountFromBearer(request, realm, db, secret);
    if (!account) throw new ApiError(401, 401, SESSION_EXPIRED);
    request.account = account;
  };
}

/** The account set by requireAuth; calling it on a route without requireAuth is a programming error. */
export function signedInAccount(request: FastifyRequest): SessionAccount {
  if (!request.account) throw new Error('requireAuth no se ha ejecutado en esta ruta');
  return request.account;
}
