import { randomBytes } from 'node:crypto';

import type { Realm } from '../auth/realm';
import { hashRefreshToken as sha256Token } from '../auth/tokens';
import type { Db } from '../db/database';
import type { AccountTokenPurpose } from '../db/schema';

/** Lifetimes of the e-mailed one-time tokens, in hours (documented in server/README.md). */
export const TOKEN_LIFETIME_HOURS: Record<AccountTokenPurpose, number> = {
  validation: 48,
  'verify-email': 48,
  reset: 1,
  'set-password': 1,
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * A fresh token of 32 random bytes (256 bits), base64url. Only its SHA-256 is stored, and issuing one spends
 * the account's earlier unused tokens of the same purpose, so only the newest e-mail works.
 */
export async function issueAccountToken(
  db: Db,
  accountId: number,
  purpose: AccountTokenPurpose,
  now = Date.now(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const nowIso = new Date(now).toISOString();
  // Inside a caller's transaction (a sign-up writing its account, token and e-mail at once) or in its own.
  const write = async (trx: Db) => {
    await trx
      .updateTable('account_tokens')
      .set({ used_at: nowIso })
      .where('account_id', '=', accountId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('account_tokens')
      .values({
        account_id: accountId,
        purpose,
        token_hash: sha256Token(token),
        expires_at: new Date(now + TOKEN_LIFETIME_HOURS[purpose] * HOUR_MS).toISOString(),
        used_at: null,
        created_at: nowIso,
      })
      .execute();
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
  return token;
}

export interface LiveToken {
  tokenId: number;
  accountId: number;
  purpose: AccountTokenPurpose;
}

/** The unused, unexpired token of one of these purposes for an account of this realm, or null. */
export async function findLiveToken(
  db: Db,
  token: string | undefined,
  realm: Realm,
  purposes: AccountTokenPurpose[],
): Promise<LiveToken | null> {
  // Real tokens are 43 characters; anything far off is not worth a query.
  if (!token || token.length < 20 || token.length > 100) return null;
  const row = await db
    .selectFrom('account_tokens')
    .innerJoin('accounts', 'accounts.id', 'account_tokens.account_id')
    .select(['account_tokens.id', 'account_tokens.account_id', 'account_tokens.purpose'])
    .where('account_tokens.token_hash', '=', sha256Token(token))
    .where('account_tokens.purpose', 'in', purposes)
    .where('account_tokens.used_at', 'is', null)
    .where('account_tokens.expires_at', '>', new Date().toISOString())
    .where('accounts.realm', '=', realm)
    .executeTakeFirst();
  return row ? { tokenId: row.id, accountId: row.account_id, purpose: row.purpose } : null;
}

/**
 * Marks the token used; answers false when a concurrent request spent it first, so a token works once even
 * when two requests race.
 */
export async function spendToken(db: Db, tokenId: number): Promise<boolean> {
  const result = await db
    .updateTable('account_tokens')
    .set({ used_at: new Date().toISOString() })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
