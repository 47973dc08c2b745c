import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

import type { Db } from '../db/database';
import type { Account } from '../db/schema';
import { ApiError } from '../http/errors';
import type { Realm } from './realm';
import { verifyAccessToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account; set by requireAuth, null on routes without it. */
    account: Account | null;
  }
}

export const SESSION_EXPIRED = 'Sesión caducada';

export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match ? match[1] : null;
}

/** The account of a bearer token valid in this realm, or null. */
export async function accountFromBearer(
  request: FastifyRequest,
  realm: Realm,
  db: Db,
  secret: Uint8Array,
): Promise<Account | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await verifyAccessToken(token, realm, secret);
  if (!claims) return null;
  const account = await db
    .selectFrom('accounts')
    .selectAll()
    .where('id', '=', claims.accountId)
    .where('realm', '=', realm)
    .where('validated', '=', 1)
    .executeTakeFirst();
  return account ?? null;
}

export function createRequireAuth(realm: Realm, db: Db, secret: Uint8Array): preHandlerAsyncHookHandler {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
    const account = await accountFromBearer(request, realm, db, secret);
    if (!account) throw new ApiError(401, 401, SESSION_EXPIRED);
    request.account = account;
  };
}

/** The account set by requireAuth; calling it on a route without requireAuth is a programming error. */
export function signedInAccount(request: FastifyRequest): Account {
  if (!request.account) throw new Error('requireAuth no se ha ejecutado en esta ruta');
  return request.account;
}
