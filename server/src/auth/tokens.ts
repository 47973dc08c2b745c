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

/** What a verified token says, kept until it expires. */
interface VerifiedToken {
  subject: string | undefined;
  realm: unknown;
  /** Milliseconds since the epoch: `exp` of the token. */
  expiresAt: number;
}

/**
 * Tokens already verified, per secret, by their whole text: checking the HMAC again would give the same
 * answer for the same text and key, and it is the costliest part of authenticating a call. An entry is only
 * used before its `exp` (the same instant jose refuses it: `exp` <= now in whole seconds), so expiry is as
 * strict as without it. Bounded; the oldest entries go first.
 */
const VERIFIED_TOKENS_SIZE = 10_000;
const verifiedTokens = new WeakMap<Uint8Array, Map<string, VerifiedToken>>();

async function verifiedToken(token: string, secret: Uint8Array): Promise<VerifiedToken | null> {
  let verified = verifiedTokens.get(secret);
  if (!verified) verifiedTokens.set(secret, (verified = new Map()));
  const known = verified.get(token);
  if (known) {
    if (Date.now() < known.expiresAt) return known;
    verified.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALGORITHM],
      requiredClaims: ['exp', 'sub'],
    });
    const entry = { subject: payload.sub, realm: payload.realm, expiresAt: payload.exp! * 1000 };
    verified.set(token, entry);
    if (verified.size > VERIFIED_TOKENS_SIZE) verified.delete(verified.keys().next().value as string);
    return entry;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** Returns the claims of a valid, unexpired token of the given realm, or null for anything else. */
export async function verifyAccessToken(
  token: string,
  realm: Realm,
  secret: Uint8Array,
): Promise<AccessClaims | null> {
  const verified = await verifiedToken(token, secret);
  if (!verified) return null;
  const accountId = Number(verified.subject);
  if (verified.realm !== realm || !Number.isSafeInteger(accountId) || accountId <= 0) return null;
  return { accountId, realm };
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
