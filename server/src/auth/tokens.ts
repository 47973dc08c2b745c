import { createHash, randomBytes, randomUUID } from 'node:crypto';

import { errors, jwtVerify, SignJWT } from 'jose';
import { type VerifiedToken, verifiedTokens } from '../caches';
import { endSession, insertRefreshToken, openSession, revokeRefreshTokenHash } from '../data/sessions';
import type { Db } from '../db/database';
import type { Realm } from './realm';

export interface AccessClaims {
  accountId: number;
  realm: Realm;
  /** The row of `sessions` the token belongs to; the session must still be live for the token to work. */
  sessionId: string;
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

/**
 * The two kinds of token signed with the one key. Each carries its kind in the header (`typ`) and in `aud`,
 * and each check accepts only its own, so a client-credentials token can never pass for a session (its `sub`
 * is the client's id, which may look like an account id) and a session token cannot call set-password.
 */
export const TOKEN_KINDS = {
  session: { typ: 'at+jwt', audience: 'oficina-virtual/sesion' },
  client: { typ: 'client+jwt', audience: 'oficina-virtual/set-password' },
} as const;

export async function signAccessToken(
  claims: AccessClaims,
  settings: Pick<TokenSettings, 'jwtSecret' | 'accessTokenTtl'>,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ realm: claims.realm, sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_KINDS.session.typ })
    .setAudience(TOKEN_KINDS.session.audience)
    .setSubject(String(claims.accountId))
    .setIssuedAt(now)
    .setExpirationTime(now + settings.accessTokenTtl)
    .setJti(randomUUID())
    .sign(settings.jwtSecret);
}

/**
 * Session tokens already verified (caches.ts verifiedTokens), per secret, by their whole text: checking the
 * HMAC again would give the same answer for the same text and key, and it is the costliest part of
 * authenticating a call. An entry is only used before its `exp` (the same instant jose refuses it: `exp` <= now
 * in whole seconds), so expiry is as strict as without it. It holds what the signature proves and nothing
 * about the session: whether the session is still live is read from the database on every call
 * (data/sessions.ts findSessionAccount).
 */
async function verifiedToken(token: string, secret: Uint8Array): Promise<VerifiedToken | null> {
  const verified = verifiedTokens(secret);
  const known = verified.get(token);
  if (known) {
    if (Date.now() < known.expiresAt) return known;
    verified.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALGORITHM],
      typ: TOKEN_KINDS.session.typ,
      audience: TOKEN_KINDS.session.audience,
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    const entry = {
      subject: payload.sub,
      realm: payload.realm,
      sessionId: payload.sid,
      expiresAt: payload.exp! * 1000,
    };
    verified.set(token, entry);
    return entry;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/**
 * The claims of a validly signed, unexpired session token of the given realm, or null for anything else.
 * It says nothing about whether the session has ended: findSessionAccount (data/sessions.ts) does.
 */
export async function verifyAccessToken(
  token: string,
  realm: Realm,
  secret: Uint8Array,
): Promise<AccessClaims | null> {
  const verified = await verifiedToken(token, secret);
  if (!verified) return null;
  const accountId = Number(verified.subject);
  const { sessionId } = verified;
  if (verified.realm !== realm || !Number.isSafeInteger(accountId) || accountId <= 0) return null;
  if (typeof sessionId !== 'string' || !sessionId) return null;
  return { accountId, realm, sessionId };
}

/** The client-credentials token of spec 01 §7: it may call set-password of its realm and nothing else. */
export async function signClientToken(
  clientId: string,
  realm: Realm,
  lifetimeSeconds: number,
  secret: Uint8Array,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ realm })
    .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_KINDS.client.typ })
    .setAudience(TOKEN_KINDS.client.audience)
    .setSubject(clientId)
    .setIssuedAt(now)
    .setExpirationTime(now + lifetimeSeconds)
    .sign(secret);
}

export async function isClientToken(token: string, realm: Realm, secret: Uint8Array): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALGORITHM],
      typ: TOKEN_KINDS.client.typ,
      audience: TOKEN_KINDS.client.audience,
      requiredClaims: ['exp'],
    });
    return payload.realm === realm;
  } catch (error) {
    if (error instanceof errors.JOSEError) return false;
    throw error;
  }
}

/** Refresh tokens are opaque; only their SHA-256 is stored, so a leaked database cannot replay them. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Opens a session and issues its tokens. The session row is written only while the account still has the
 * password hash the caller verified, so a sign-in that checked the old password while a reset was being
 * saved cannot outlive that reset (answers null: the caller treats it as a wrong password).
 */
export async function issueTokens(
  db: Db,
  account: { id: number; realm: Realm; verifiedPasswordHash: string },
  settings: TokenSettings,
): Promise<IssuedTokens | null> {
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  const sessionId = randomBytes(18).toString('base64url');
  const opened = await openSession(db, {
    id: sessionId,
    accountId: account.id,
    verifiedPasswordHash: account.verifiedPasswordHash,
    createdAt,
  });
  if (!opened) return null;

  const claims = { accountId: account.id, realm: account.realm, sessionId };
  const accessToken = await signAccessToken(claims, settings, Math.floor(now / 1000));
  const refreshToken = randomBytes(32).toString('base64url');
  await insertRefreshToken(db, {
    account_id: account.id,
    token_hash: hashRefreshToken(refreshToken),
    expires_at: new Date(now + settings.refreshTokenTtl * 1000).toISOString(),
    created_at: createdAt,
    session_id: sessionId,
  });
  return { accessToken, refreshToken, expiresIn: settings.accessTokenTtl };
}

/**
 * Logout with a refresh token: revokes it and ends its session, if it is a live token of the realm (and of
 * the one account, when known); unknown tokens are ignored.
 */
export async function revokeRefreshToken(
  db: Db,
  token: string,
  scope: { realm: Realm; accountId?: number },
): Promise<void> {
  const sessionId = await revokeRefreshTokenHash(db, hashRefreshToken(token), scope);
  if (sessionId) await endSession(db, sessionId);
}
