import { createHash, randomBytes, randomUUID } from 'node:crypto';

import { errors, jwtVerify, SignJWT } from 'jose';

import type { Db } from '../db/database';
import type { Realm } from './realm';

export interface AccessClaims {
  accountId: number;
  realm: Realm;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export interface TokenSettings {
  jwtSecret: Uint8Array;
  accessTokenTtl: number;
  refreshTokenTtl: number;
}

const ALGORITHM = 'HS256';

export async function signAccessToken(
  claims: AccessClaims,
  settings: Pick<TokenSettings, 'jwtSecret' | 'accessTokenTtl'>,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ realm: claims.realm })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.accountId))
    .setIssuedAt(now)
    .setExpirationTime(now + settings.accessTokenTtl)
    .setJti(randomUUID())
    .sign(settings.jwtSecret);
}

/** Returns the claims of a valid, unexpired token of the given realm, or null for anything else. */
export async function verifyAccessToken(
  token: string,
  realm: Realm,
  secret: Uint8Array,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALGORITHM],
      requiredClaims: ['exp', 'sub'],
    });
    const accountId = Number(payload.sub);
    if (payload.realm !== realm || !Number.isSafeInteger(accountId) || accountId <= 0) return null;
    return { accountId, realm };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** Refresh tokens are opaque; only their SHA-256 is stored, so a leaked database cannot replay them. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export async function issueTokens(
  db: Db,
  claims: AccessClaims,
  settings: TokenSettings,
): Promise<IssuedTokens> {
  const now = Date.now();
  const accessToken = await signAccessToken(claims, settings, Math.floor(now / 1000));
  const refreshToken = randomBytes(32).toString('base64url');
  await db
    .insertInto('refresh_tokens')
    .values({
      account_id: claims.accountId,
      token_hash: hashRefreshToken(refreshToken),
      expires_at: new Date(now + settings.refreshTokenTtl * 1000).toISOString(),
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return { accessToken, refreshToken, expiresIn: settings.accessTokenTtl };
}

/** Revokes a live refresh token of the realm (and of the one account, when known); unknown tokens are ignored. */
export async function revokeRefreshToken(
  db: Db,
  token: string,
  scope: { realm: Realm; accountId?: number },
): Promise<void> {
  let accounts = db.selectFrom('accounts').select('id').where('realm', '=', scope.realm);
  if (scope.accountId !== undefined) accounts = accounts.where('id', '=', scope.accountId);
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date().toISOString() })
    .where('token_hash', '=', hashRefreshToken(token))
    .where('revoked_at', 'is', null)
    .where('account_id', 'in', accounts)
    .execute();
}
